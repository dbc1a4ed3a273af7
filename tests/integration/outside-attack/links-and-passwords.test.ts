import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_TOO_COMMON } from "~/models/customers/password-policy.server";
import { db } from "~/utils/db.server";
import { startServer } from "../../setup/http-server";

/*
 * Issue 37, the outside attack on the features of issues 22–25, replayed against the built
 * server: 8 (a reset or verification token in the request log, the reset page stored),
 * 9 (an /api/ path that does not decode answered with Express's HTML) and 12 (Spanish common
 * passwords accepted).
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const unique = () => crypto.randomBytes(4).toString("hex");

describe("item 8: a link's token reaches neither the log nor a cache", () => {
  it.each(["/reset-password", "/verify-email"])(
    "%s?token=… is logged without its query, never stored, never named to another site",
    async (path) => {
      const token = `tok${unique()}${unique()}`;
      const response = await fetch(`${server.baseUrl}${path}?token=${token}`, {
        redirect: "manual",
      });
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // The path never leaves in a Referer to another site (decision 127: not no-referrer).
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      await response.arrayBuffer();
      // The request line is written when the answer is finished: wait for it.
      await expect
        .poll(() => server.output().includes(`GET ${path} ${response.status}`))
        .toBe(true);
      expect(server.output()).not.toContain(token);
    },
  );

  it("keeps the query of every other request in the log", async () => {
    const search = `busqueda${unique()}`;
    await (await fetch(`${server.baseUrl}/catalog?search=${search}`)).arrayBuffer();
    await expect.poll(() => server.output().includes(`GET /catalog?search=${search}`)).toBe(true);
  });
});

describe("item 9: every /api/ answer is problem+json", () => {
  it("answers a path that does not decode with a 400 problem, not Express's HTML", async () => {
    const response = await fetch(`${server.baseUrl}/api/products/slug/%ff%fe`);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 400, detail: "Solicitud mal formada." });
  });

  it("answers the same path outside /api/ in plain Spanish, without Express's page", async () => {
    const response = await fetch(`${server.baseUrl}/product/%ff%fe`);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toContain("<pre>");
  });
});

describe("item 12: Spanish and Honduran common passwords are refused", () => {
  it.each(["contraseña123", "Clave2024!", "catracho2026", "lempira100", "motagua123"])(
    "refuses %s at registration, and no account is created",
    async (password) => {
      const email = `espanol-${unique()}@example.com`;
      const response = await fetch(`${server.baseUrl}/register`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          // An address of its own: the ten sign-ups an hour per address stay for other tests.
          "X-Forwarded-For": `198.18.200.${1 + crypto.randomInt(250)}`,
        },
        body: new URLSearchParams({
          firstName: "Rita",
          lastName: "Soler",
          email,
          password,
          confirmPassword: password,
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(PASSWORD_TOO_COMMON);
      const created = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(created).toBeUndefined();
    },
  );
});
