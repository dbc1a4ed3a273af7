import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "~/models/customers/users.server";
import { startServer } from "../setup/http-server";

/*
 * Issue 11: `npm start` serves with one worker per core (scripts/server.mjs). Two workers here,
 * and every request on a new connection, so Node's round-robin spreads them over both.
 */
let server: Awaited<ReturnType<typeof startServer>>;
/** Sign-ins hash their password at production cost: slower when two cores are busy. */
const SIGN_IN_BOUND_TIMEOUT = 90_000;
const password = "correcta-1234";

beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: "2" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request on its own connection (no keep-alive), so each may land on another worker.
 * `bodyAfter`: the form's second half is sent only once it settles (a slow phone's upload).
 */
function send(
  pathname: string,
  options: {
    method?: string;
    ip?: string;
    form?: Record<string, string>;
    bodyAfter?: Promise<unknown>;
  } = {},
): Promise<Reply> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${pathname}`,
      {
        method: options.method ?? "GET",
        agent: false,
        headers: {
          Origin: server.origin,
          // The server trusts X-Forwarded-For from loopback (a local proxy).
          ...(options.ip ? { "X-Forwarded-For": options.ip } : {}),
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    if (body && options.bodyAfter) {
      const half = Math.floor(body.length / 2);
      req.setHeader("Content-Length", Buffer.byteLength(body));
      req.write(body.slice(0, half));
      void options.bodyAfter.then(() => req.end(body.slice(half)));
    } else {
      req.end(body);
    }
  });
}

/** The workers (w1, w2, …) whose request log shows `method path`. */
function workersThatServed(method: string, pathname: string) {
  const pattern = new RegExp(
    `^${method} ${pathname.replace(/[?]/g, "\\?")} .*\\[(w\\d+)\\]$`,
    "gm",
  );
  return new Set([...server.output().matchAll(pattern)].map((match) => match[1]));
}

describe("the server with two workers", () => {
  it("starts both and serves from both", async () => {
    expect(server.output()).toContain("(2 workers)");
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send("/resources/healthcheck")),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    const catalog = await send("/catalog");
    expect(catalog.status).toBe(200);
    expect(catalog.body).toContain("</html>");
    expect(workersThatServed("GET", "/resources/healthcheck")).toEqual(new Set(["w1", "w2"]));
  });

  it(
    "shares the sign-in limit: the 11th failure from one IP is refused whichever worker takes it",
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const reply = await send("/login", {
          method: "POST",
          ip: "203.0.113.50",
          form: { email: `nadie${i}@example.com`, password: "incorrecta" },
        });
        statuses.push(reply.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      // Both workers counted failures, so neither alone reached the limit of 10.
      expect(workersThatServed("POST", "/login")).toEqual(new Set(["w1", "w2"]));
      const eleventh = await send("/login", {
        method: "POST",
        ip: "203.0.113.50",
        form: { email: "otro@example.com", password: "incorrecta" },
      });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toContain("Demasiados intentos de inicio de sesión");
    },
    SIGN_IN_BOUND_TIMEOUT,
  );

  it("lets exactly 10 of 30 simultaneous order look-ups from one IP through, without errors", async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send("/track-order", {
          method: "POST",
          ip: "198.51.100.77",
          form: { orderNumber: `ORD-${i}`, email: "nadie@example.com" },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    // Not found (404) is the answer for an allowed look-up of an order that does not exist.
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(workersThatServed("POST", "/track-order")).toEqual(new Set(["w1", "w2"]));
  });
});

describe("stopping the cluster", () => {
  it(
    "on SIGTERM finishes the request in flight, then every worker exits",
    async () => {
      const email = `en-vuelo-${Date.now()}@example.com`;
      await createCustomer({ email, password, firstName: "Eva", lastName: "Vuelo", phone: null });
      // A sign-in whose form is still arriving when SIGTERM comes (a phone on a weak signal).
      let sendRest = () => {};
      const rest = new Promise<void>((resolve) => (sendRest = resolve));
      const inFlight = send("/login", {
        method: "POST",
        ip: "192.0.2.9",
        form: { email, password },
        bodyAfter: rest,
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      const exitCode = server.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      sendRest();
      expect((await inFlight).status).toBe(302);
      // 0: every worker closed its server in time (a forced stop exits 1).
      expect(await exitCode).toBe(0);
      await expect(send("/resources/healthcheck")).rejects.toThrow(/ECONNREFUSED/);
    },
    SIGN_IN_BOUND_TIMEOUT,
  );
});
