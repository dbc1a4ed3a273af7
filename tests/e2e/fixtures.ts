import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { test as base, expect, type APIResponse, type Page } from "@playwright/test";
import { sql } from "kysely";
import { createDb, databasePath, openSqlite, type DB } from "../../db/connection";
import type { Role } from "../../db/types";
import { createUser as createUserRow } from "../../seed/factories/users";

export { expect };

/** The one person the OAuth mock (tests/setup/e2e-global-setup.ts) signs in. */
export const googleUser = {
  sub: "google-e2e-user-1",
  email: "google.user@example.com",
  emailVerified: true,
  givenName: "Gabriela",
  familyName: "Google",
  name: "Gabriela Google",
  picture: "",
} as const;

/** The administrator scripts/start.mjs seeds into the empty e2e DATA_DIR. */
export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@perfumeria.hn",
  password: process.env.E2E_ADMIN_PASSWORD ?? "admin-e2e-1234",
};

/**
 * The server's answer to the next form post to `pathname`: with JavaScript the fetch Remix makes,
 * without it the page itself. No form checks anything in the browser (decision 109), so a
 * message under a field is the server's answer to a post.
 */
/**
 * A sale does not make the shared pages stale (decision 115): 'Destacados' and 'Más Buscados'
 * may show a best-sellers order up to a minute old, and other workers' tests sell the seed's
 * perfumes meanwhile. A test that compares that order with the database renders the pages
 * afresh first, as any catalogue edit would.
 */
export async function renderSharedPagesAfresh(db: DB) {
  await sql`UPDATE page_cache_version SET version = version + 1 WHERE id = 1`.execute(db);
}

/**
 * Waits until React has hydrated the page (app/root.tsx marks the document): for a test of what
 * JavaScript adds (a kept focus, a drawer), whose tap would otherwise be the form's own post if
 * it came before the scripts did.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export function nextPostTo(page: Page, pathname: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === pathname,
  );
}

/**
 * Signs in as the form at `door` would, from the page's own context (its cookies then carry the
 * session), and opens the page the form leads to. The sign-in screens themselves are tested in
 * auth.spec.ts and admin-shell.spec.ts; elsewhere a sign-in is only the way in, and loading its
 * screen first would cost a page load (and, with JavaScript, its hydration) per test.
 */
async function postSignIn(
  page: Page,
  door: "/login" | "/admin-access",
  credentials: Credentials,
  tryRemembered = true,
): Promise<void> {
  const response = await page.request.post(door, {
    form: { email: credentials.email, password: credentials.password },
    // What the browser's own post of the form says of itself.
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status(), `the sign-in at ${door}`).toBe(302);
  let location = response.headers().location;
  if (location === "/admin-access/configurar" || location === "/admin-access/verificar") {
    const store = new URL(response.url()).origin;
    const file = factorFile(store, credentials.email);
    const trusted = readFactor(file)?.trusted;
    if (trusted && tryRemembered && location === "/admin-access/verificar") {
      // A device this account asked to remember: the password alone lets it in.
      await page.context().addCookies([{ name: "trusted_device", value: trusted, url: store }]);
      return postSignIn(page, door, credentials, false);
    }
    location = await passSecondStep(page, file, location);
  }
  await page.goto(location);
}

/*
 * An administrator's second step (decision 163), for the tests whose subject it is not
 * (auth.spec.ts tests it): the setup the first time, reading the secret from the page as a
 * person would type it, and the app's code later. The secrets are kept in a folder of the run,
 * with the last step each account took, so that the workers' sign-ins never offer a code twice.
 */
const secondFactorDir = `${process.env.E2E_DATA_DIR ?? os.tmpdir()}-second-factor`;

function factorFile(store: string, email: string) {
  const key = crypto.createHash("sha256").update(`${store} ${email}`).digest("hex").slice(0, 24);
  return path.join(secondFactorDir, `${key}.json`);
}

type Factor = { secret: string; lastStep: number; trusted?: string };

const stepNow = () => Math.floor(Date.now() / 30_000);

/** The first step after `lastStep` within the window (now ±1), waiting for it when needed. */
async function nextStep(lastStep: number) {
  const step = Math.max(stepNow(), lastStep + 1);
  while (step > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  return step;
}

function codeAt(secret: string, step: number) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
}

function readFactor(file: string): Factor | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Factor) : null;
}

async function passSecondStep(page: Page, file: string, location: string) {
  fs.mkdirSync(secondFactorDir, { recursive: true });
  // "Recordar este equipo": the account's later sign-ins in the tests need no code.
  const post = (path: string, code: string) =>
    page.request.post(path, {
      form: { code, remember: "on" },
      headers: { "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
  if (location === "/admin-access/configurar") {
    const html = await (await page.request.get(location)).text();
    const secret = html.match(/>([A-Z2-7]{4}(?: [A-Z2-7]{1,4})+)</)![1].replace(/ /g, "");
    const step = await nextStep(0);
    const answer = await post(location, codeAt(secret, step));
    if (answer.headers().location === "/admin-access/codigos") {
      fs.writeFileSync(
        file,
        JSON.stringify({ secret, lastStep: step, trusted: trustedOf(answer) }),
      );
      // The recovery codes' page, seen once, sends on to where the sign-in was going.
      const codes = await page.request.get(answer.headers().location, { maxRedirects: 0 });
      return codes.status() === 200 ? "/admin" : codes.headers().location;
    }
    // Another worker set up this account a moment before: its secret is the one stored.
    location = "/admin-access/verificar";
  }
  let factor = readFactor(file);
  for (let waited = 0; !factor && waited < 50; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    factor = readFactor(file);
  }
  if (!factor) throw new Error(`no second factor known for ${file}`);
  const step = await nextStep(factor.lastStep);
  fs.writeFileSync(file, JSON.stringify({ ...factor, lastStep: step }));
  const answer = await post(location, codeAt(factor.secret, step));
  expect(answer.status(), "the second step").toBe(302);
  fs.writeFileSync(file, JSON.stringify({ ...factor, lastStep: step, trusted: trustedOf(answer) }));
  return answer.headers().location;
}

function trustedOf(answer: APIResponse) {
  const cookie = answer
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("trusted_device="));
  return cookie?.value.slice("trusted_device=".length).split(";")[0];
}

/**
 * The second step typed on its page, as a person would: after a sign-in through the form,
 * the setup (its secret read from the page) or the code. Returns when the panel is reached.
 */
export async function passSecondStepOnPage(page: Page, email: string) {
  await page.waitForURL(/\/admin-access\/(configurar|verificar)$/);
  fs.mkdirSync(secondFactorDir, { recursive: true });
  const url = new URL(page.url());
  const file = factorFile(url.origin, email);
  const setup = url.pathname.endsWith("configurar");
  const factor = setup
    ? { secret: (await page.locator("code").innerText()).replace(/\s/g, ""), lastStep: 0 }
    : readFactor(file)!;
  const step = await nextStep(factor.lastStep);
  fs.writeFileSync(file, JSON.stringify({ ...factor, lastStep: step }));
  await page.getByLabel("Código de verificación").fill(codeAt(factor.secret, step));
  await page.getByRole("button", { name: setup ? "Activar verificación" : "Verificar" }).click();
  if (setup) await page.getByRole("link", { name: "Ya los guardé, continuar" }).click();
}

export async function signInAsAdmin(page: Page, credentials: Credentials = admin) {
  await postSignIn(page, "/admin-access", credentials);
  await expect(page).toHaveURL(/\/admin$/);
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export interface CreateUserOptions {
  role?: Role;
  password?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

interface Credentials {
  email: string;
  password: string;
}

// The password of the users a test makes without one.
const workerPassword = `clave-${crypto.randomBytes(6).toString("hex")}`;

function uniqueSuffix() {
  return `${Date.now().toString(36)}${crypto.randomBytes(4).toString("hex")}`;
}

export type TestFixtures = {
  createUser: (options?: CreateUserOptions) => Promise<TestUser>;
  login: (page: Page, credentials: Credentials) => Promise<void>;
  setSetting: (key: string, value: string) => Promise<void>;
};

export type WorkerFixtures = {
  db: DB;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The server's own SQLite file (WAL mode, so reading and writing beside it is safe).
  db: [
    async ({}, use) => {
      const dataDir = process.env.E2E_DATA_DIR;
      if (!dataDir) {
        throw new Error("E2E_DATA_DIR is not set: run the tests with `playwright test`.");
      }
      const db = createDb(openSqlite(databasePath(dataDir)));
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],

  createUser: async ({ db }, use) => {
    const created: number[] = [];
    await use(async (options = {}) => {
      const role = options.role ?? "customer";
      const password = options.password ?? workerPassword;
      const user = {
        email: options.email ?? `e2e-${role}-${uniqueSuffix()}@example.com`,
        firstName: options.firstName ?? (role === "admin" ? "Ana" : "Carlos"),
        lastName: options.lastName ?? "Prueba",
        role,
      };
      // The password's hash at a test's cost (testPasswordHash): the server verifies it as any.
      const { id } = await createUserRow(db, { ...user, phone: options.phone ?? null, password });
      created.push(id);
      return { id, password, ...user };
    });
    // Orders keep their rows (user_id is set null); everything else of the user cascades.
    if (created.length > 0) await db.deleteFrom("users").where("id", "in", created).execute();
  },

  login: async ({}, use) => {
    await use((page, credentials) => postSignIn(page, "/login", credentials));
  },

  /*
   * Settings are global to the store: the previous value comes back after the test. The
   * e2e server reads settings from the database on every request, so the next page load
   * already sees the new value.
   */
  setSetting: async ({ db }, use) => {
    const previous = new Map<string, string | undefined>();
    await use(async (key, value) => {
      if (!previous.has(key)) {
        const row = await db
          .selectFrom("settings")
          .select("value")
          .where("key", "=", key)
          .executeTakeFirst();
        previous.set(key, row?.value);
      }
      await db
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value, updatedAt: new Date().toISOString() }),
        )
        .execute();
    });
    for (const [key, value] of previous) {
      if (value === undefined) await db.deleteFrom("settings").where("key", "=", key).execute();
      else await db.updateTable("settings").set({ value }).where("key", "=", key).execute();
    }
  },
});
