import fs from "node:fs";
import { OAuth2Server } from "oauth2-mock-server";
import { googleUser } from "../e2e/fixtures";
import { startS3Server } from "../../scripts/s3-server";
import { startSmtpServer } from "../../scripts/smtp-server";
import { startServer } from "./http-server";

/*
 * An OpenID provider standing in for Google (GOOGLE_ISSUER_URL points the server at it).
 * Every sign-in through it is the same person, `googleUser`, so tests can assert on the
 * account it creates.
 */
export default async function globalSetup() {
  const issuerUrl = new URL(process.env.E2E_GOOGLE_ISSUER_URL ?? "http://127.0.0.1:4320");
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");

  const claims = {
    sub: googleUser.sub,
    email: googleUser.email,
    email_verified: googleUser.emailVerified,
    given_name: googleUser.givenName,
    family_name: googleUser.familyName,
    name: googleUser.name,
    picture: googleUser.picture,
  };
  // Both the ID token and the userinfo endpoint describe the same user.
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, claims);
  });
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...claims };
    response.statusCode = 200;
  });

  // Left to itself the mock names its issuer http://localhost:PORT; the app is configured
  // with 127.0.0.1, and OpenID clients reject tokens whose `iss` differs from the issuer.
  server.issuer.url = issuerUrl.origin;
  await server.start(Number(issuerUrl.port), issuerUrl.hostname);

  // Where the isolated stores' backups go off-site (BACKUP_S3_* in playwright.config.ts).
  const s3 = await startS3Server({
    directory: process.env.E2E_S3_DIR!,
    bucket: process.env.E2E_S3_BUCKET!,
    port: Number(new URL(process.env.E2E_S3_ENDPOINT!).port),
  });

  // Where the main store's e-mails arrive (SMTP_URL in playwright.config.ts), as .eml files.
  const smtp = await startSmtpServer({
    port: Number(new URL(process.env.E2E_SMTP_URL!).port),
    directory: process.env.E2E_MAIL_DIR!,
  });

  // The four stores of their own, side by side (their list: E2E_OWN_STORES, playwright.config.ts).
  const ownStores = JSON.parse(process.env.E2E_OWN_STORES ?? "[]") as Record<string, string>[];
  const stores = await Promise.all(ownStores.map((env) => startServer(env)));

  return async () => {
    await Promise.all([
      ...stores.map((store) => store.stop()),
      server.stop(),
      s3.close(),
      smtp.close(),
    ]);
    for (const key of [
      "E2E_MAIL_DIR",
      "E2E_S3_DIR",
      "E2E_DATA_DIR",
      "E2E_ISOLATED_JS_DATA_DIR",
      "E2E_ISOLATED_NOJS_DATA_DIR",
      "E2E_SETTINGS_JS_DATA_DIR",
      "E2E_SETTINGS_NOJS_DATA_DIR",
    ]) {
      const dir = process.env[key];
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
