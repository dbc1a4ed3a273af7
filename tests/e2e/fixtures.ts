import crypto from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
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
async function postSignIn(page: Page, door: "/login" | "/admin-access", credentials: Credentials) {
  const response = await page.request.post(door, {
    form: { email: credentials.email, password: credentials.password },
    // What the browser's own post of the form says of itself.
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status(), `the sign-in at ${door}`).toBe(302);
  await page.goto(response.headers().location);
}

/**
 * Signs in through the administrators' door (/admin-access) and lands on the dashboard: the
 * seeded administrator unless other credentials are given (its stored hash has a test's cost:
 * playwright.config.ts).
 */
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
