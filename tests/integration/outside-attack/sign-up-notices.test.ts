import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAttemptNotices } from "~/utils/public-form-limits.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../../seed/factories/users";
import { startSmtpServer } from "../../../scripts/smtp-server";
import { startServer } from "../../setup/http-server";

/*
 * Issue 37 item 7, replayed against the built server: six sign-ups with one address that has
 * an account, from six client addresses, sent its owner six "Alguien intentó crear una cuenta"
 * notices. One a day now, counted in the table every worker and server shares.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Perfumería <tienda@perfumeria.hn>",
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const PASSWORD = "magnolia-sandalo-iris-62";

function signUp(email: string, ip: string) {
  return fetch(`${server.baseUrl}/register`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": ip,
    },
    body: new URLSearchParams({
      firstName: "Otra",
      lastName: "Persona",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  });
}

const noticesTo = (address: string) =>
  db
    .selectFrom("outboxEmails")
    .select("id")
    .where("kind", "=", "sign_up_attempt")
    .where("toAddress", "=", address)
    .execute();

describe("item 7: 'someone tried to sign up' at most once a day per address", () => {
  it("tells the owner once for six sign-ups from six client addresses", async () => {
    const owner = await createUser(db, {
      email: `duena-${crypto.randomBytes(4).toString("hex")}@example.com`,
    });
    for (let i = 1; i <= 6; i++) {
      const response = await signUp(owner.email, `198.51.100.${i}`);
      // The same answer as a free address's, every time (decision 082).
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
    expect(await noticesTo(owner.email)).toHaveLength(1);
    const [mail] = await smtp.arrivedAt(owner.email);
    expect(mail.subject).toBe("Alguien intentó crear una cuenta con tu correo");

    // A day later the owner hears of the next one.
    await signUpAttemptNotices.reset(owner.email);
    expect((await signUp(owner.email, "198.51.100.7")).status).toBe(302);
    expect(await noticesTo(owner.email)).toHaveLength(2);
  }, 60_000);
});
