import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import Database from "better-sqlite3";
import { testPasswordHash } from "./seed/factories/users";

/*
 * The runner loads this file once and every worker loads it again; workers inherit the
 * runner's environment, so values stored in process.env here are created once per run
 * and shared with the fixtures (which open the same SQLite file as the server).
 */
const port = Number(process.env.E2E_PORT ?? 4310);
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 4320);
// The S3-compatible server the isolated stores copy their backups to (started in globalSetup).
const s3Port = Number(process.env.E2E_S3_PORT ?? oauthPort + 1);
// The SMTP server the main store sends its e-mails to (started in globalSetup; decision 102).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? oauthPort + 2);
const baseURL = `http://127.0.0.1:${port}`;

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-e2e-"));
process.env.E2E_DATA_DIR ??= tempDir();
process.env.E2E_BASE_URL = baseURL;
/*
 * Tests that change the whole store (maintenance mode) or need a fresh one (the first
 * Google sign-in) run serially against a store of their own per project, so they never
 * disturb the tests that share the main server.
 */
const isolatedProjects = ["js", "nojs"] as const;
isolatedProjects.forEach((project, index) => {
  const key = project.toUpperCase();
  process.env[`E2E_ISOLATED_${key}_DATA_DIR`] ??= tempDir();
  process.env[`E2E_ISOLATED_${key}_URL`] = `http://127.0.0.1:${port + 1 + index}`;
  // The admin settings spec switches maintenance and registrations from the settings screen:
  // a store of its own, so it never runs into isolated-store.spec.ts on the other worker.
  process.env[`E2E_SETTINGS_${key}_DATA_DIR`] ??= tempDir();
  process.env[`E2E_SETTINGS_${key}_URL`] = `http://127.0.0.1:${port + 3 + index}`;
});
process.env.E2E_ADMIN_EMAIL = "admin@perfumeria.hn";
process.env.E2E_ADMIN_PASSWORD = "admin-e2e-1234";
process.env.E2E_GOOGLE_ISSUER_URL = `http://127.0.0.1:${oauthPort}`;
process.env.E2E_S3_ENDPOINT = `http://127.0.0.1:${s3Port}`;
process.env.E2E_S3_BUCKET = "perfumeria-e2e";
process.env.E2E_S3_DIR ??= tempDir();
process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
// Each message the SMTP server accepts is a .eml file here (readMailbox, scripts/smtp-server.ts).
process.env.E2E_MAIL_DIR ??= tempDir();

// Debian's headless shell, the build Playwright runs headless (scripts/ensure-chromium.sh).
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** What every store is started with: its folder, the seeded administrator, production mode. */
function storeEnv(dataDir: string) {
  return {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL!,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
    SESSION_SECRET: "e2e-session-secret-0123456789-abcdefghijkl",
    NODE_ENV: "production" as const,
  };
}

function server(url: string, dataDir: string, extraEnv: Record<string, string> = {}) {
  return {
    // The build comes from `npm run build` (npm test runs it first); servers never build.
    command: "node scripts/start.mjs --no-build",
    url,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    env: {
      PORT: new URL(url).port,
      ...storeEnv(dataDir),
      WEB_CONCURRENCY: "1",
      // A daily backup in the middle of a run would change what the dashboard test expects.
      BACKUP_HOUR: "off",
      GOOGLE_CLIENT_ID: "e2e-client",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER_URL: process.env.E2E_GOOGLE_ISSUER_URL!,
      ...extraEnv,
    },
  };
}

/** The isolated stores copy their backups off-site, each under a prefix of its project's. */
function offsiteEnv(project: string): Record<string, string> {
  return {
    BACKUP_S3_ENDPOINT: process.env.E2E_S3_ENDPOINT!,
    BACKUP_S3_BUCKET: process.env.E2E_S3_BUCKET!,
    BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
    BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
    BACKUP_S3_PREFIX: `${project}/`,
  };
}

/*
 * The four stores of their own (isolated and settings, per project) have no SMTP server: their
 * e-mails wait in /admin/correos, the embedded default.
 */
const ownStores = isolatedProjects.flatMap((project) =>
  ["ISOLATED", "SETTINGS"].map((store) => {
    const key = `E2E_${store}_${project.toUpperCase()}`;
    return server(
      process.env[`${key}_URL`]!,
      process.env[`${key}_DATA_DIR`]!,
      store === "ISOLATED" ? offsiteEnv(project) : {},
    );
  }),
);
/*
 * Playwright starts its web servers one after another; globalSetup
 * (tests/setup/e2e-global-setup.ts) starts these four side by side, straight from their seeded
 * copies (without the start-up step's migrations: a folder of their own given through the
 * environment must hold a current store).
 */
process.env.E2E_OWN_STORES = JSON.stringify(ownStores.map(({ env }) => env));

/*
 * The five stores start as copies of one demo store, seeded here once, by the runner (what
 * scripts/setup.ts does on an empty DATA_DIR: migrations, the demo data and the pictures it
 * draws), rather than five times at once on two cores. A folder given through the environment
 * that already holds a store is left as it is.
 */
if (!process.env.E2E_STORES_SEEDED) {
  const template = tempDir();
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/setup.ts"], {
    env: { ...process.env, ...storeEnv(template) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // The administrator's hash at a test's cost, as the fixtures' users (decision 142): the
  // dozens of admin sign-ins then verify in a millisecond, not half a second of a core each.
  const store = new Database(path.join(template, "store.db"));
  const { changes } = store
    .prepare("UPDATE users SET password_hash = ? WHERE email = ?")
    .run(testPasswordHash(process.env.E2E_ADMIN_PASSWORD!), process.env.E2E_ADMIN_EMAIL!);
  store.close();
  if (changes !== 1) throw new Error("The seeded administrator was not found.");
  for (const dir of [process.env.E2E_DATA_DIR, ...ownStores.map(({ env }) => env.DATA_DIR)]) {
    if (fs.readdirSync(dir).length === 0) fs.cpSync(template, dir, { recursive: true });
  }
  fs.rmSync(template, { recursive: true, force: true });
  process.env.E2E_STORES_SEEDED = "1";
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two workers (decision 139); E2E_WORKERS tries another count on a quiet machine.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  // A registration or a password change hashes with production-cost scrypt (about 0.5 s alone,
  // several seconds when both cores are busy): 5 s was too tight for such steps.
  expect: { timeout: 10_000 },
  globalSetup: "./tests/setup/e2e-global-setup.ts",

  use: {
    baseURL,
    locale: "es-HN",
    timezoneId: "America/Tegucigalpa",
    trace: "on-first-retry",
  },

  // Every flow must work without JavaScript (progressive enhancement), so each test runs twice.
  projects: [
    {
      name: "js",
      use: { browserName: "chromium", javaScriptEnabled: true, launchOptions },
    },
    {
      name: "nojs",
      use: { browserName: "chromium", javaScriptEnabled: false, launchOptions },
    },
  ],

  // Starts before globalSetup; the OAuth mock it needs is only called once a test runs.
  // The main store sends e-mail through SMTP.
  webServer: [
    server(baseURL, process.env.E2E_DATA_DIR, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      MAIL_FROM: "Perfumería de Lujo <tienda@perfumeria.hn>",
      APP_URL: baseURL,
    }),
  ],
});
