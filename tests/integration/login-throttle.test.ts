import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { startServer } from "../setup/http-server";
import { createUser } from "../../seed/factories/users";

let server: Awaited<ReturnType<typeof startServer>>;
/** A dozen sign-ins, the unknown addresses' hashed at production cost: slow on two busy cores. */
const SCRYPT_BOUND_TIMEOUT = 60_000;
const password = "correcta-1234";

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function login(email: string, pass: string, ip: string, cookie?: string) {
  return fetch(`${server.baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      // The server trusts X-Forwarded-For from loopback (a local proxy); here it stands for
      // requests coming from different addresses.
      "X-Forwarded-For": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ email, password: pass }),
  });
}

describe("failed sign-in limits", () => {
  it(
    "answers the 11th failed sign-in from one IP within a minute with 429 in Spanish",
    async () => {
      // Wrong passwords for two accounts (five each, under each account's own limit) and one
      // address with no account, which counts as well: the 11th is the address's. The
      // accounts are hashed at the tests' cost; an unknown address costs a production hash.
      const accounts = [await createUser(db, { password }), await createUser(db, { password })].map(
        (user) => user.email,
      );
      const tries = [...accounts, ...accounts, ...accounts, ...accounts, accounts[0]!];
      const statuses: number[] = [];
      statuses.push((await login("nadie@example.com", "incorrecta", "203.0.113.10")).status);
      for (const email of tries) {
        statuses.push((await login(email, "incorrecta", "203.0.113.10")).status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      const eleventh = await login(accounts[1]!, password, "203.0.113.10");
      expect(eleventh.status).toBe(429);
      expect(await eleventh.text()).toContain("Demasiados intentos de inicio de sesión");
      // Another address is not affected.
      expect((await login(accounts[1]!, "incorrecta", "203.0.113.99")).status).toBe(401);
    },
    SCRYPT_BOUND_TIMEOUT,
  );

  it(
    "limits guessing one account from many IPs, but never locks out its owner's browser",
    async () => {
      const email = `duena-${Date.now()}@example.com`;
      await createUser(db, { email, password, firstName: "Ana", lastName: "Dueña", phone: null });

      // The owner signs in once from her browser, which remembers the device.
      const first = await login(email, password, "198.51.100.1");
      expect(first.status).toBe(302);
      const deviceCookie = first.headers
        .getSetCookie()
        .find((c) => c.startsWith("known_device="))
        ?.split(";")[0];
      expect(deviceCookie).toBeTruthy();

      // An attacker guesses from ten addresses.
      for (let i = 0; i < 10; i++) {
        expect((await login(email, "adivinanza", `192.0.2.${i + 1}`)).status).toBe(401);
      }
      // The account is now limited for unknown browsers, even with the right password…
      expect((await login(email, password, "192.0.2.200")).status).toBe(429);
      // …but the owner's browser still gets in.
      const owner = await login(email, password, "198.51.100.1", deviceCookie);
      expect(owner.status).toBe(302);
      expect(owner.headers.get("location")).toBe("/catalog");
    },
    SCRYPT_BOUND_TIMEOUT,
  );
});
