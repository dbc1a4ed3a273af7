import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb, databasePath, openSqlite } from "../../db/connection";
import { createUser } from "../../seed/factories/users";
import { expect, hydrated, test } from "./fixtures";

/*
 * Issue 40, point 3 end to end (decision 165). With JavaScript: a customer adds a passkey on
 * /profile/security with Chromium's virtual authenticator (DevTools' WebAuthn domain), signs
 * out, and signs in again with 'Entrar con llave de acceso' alone. Without it: /login signs in
 * with the password as before and offers no passkey button it could not honour.
 *
 * A browser refuses an IP address as a relying party id, and the shared e2e stores are at
 * 127.0.0.1: the passkey test runs its own store, a copy of the main one, at
 * http://localhost:<E2E_PORT + 8> with APP_URL saying so.
 */

const port = Number(process.env.E2E_PORT ?? 4310) + 8;
const origin = `http://localhost:${port}`;
const password = "llave-e2e-1234";

let store: { child: ChildProcess; dataDir: string } | null = null;

async function startPasskeyStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-e2e-passkeys-"));
  // A consistent copy of the running main store (its migrations and demo data).
  const main = new Database(databasePath(process.env.E2E_DATA_DIR!), { readonly: true });
  main.prepare("VACUUM INTO ?").run(databasePath(dataDir));
  main.close();
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: origin,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      BACKUP_HOUR: "off",
      SESSION_SECRET: "e2e-passkeys-secret-0123456789-abcdefghijkl",
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL!,
    },
    stdio: "ignore",
    // Its own process group: start.mjs runs the server as a child, both end together.
    detached: true,
  });
  store = { child, dataDir };
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/resources/healthcheck`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the passkey store did not start at ${origin}`);
}

test.describe("passkeys with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a passkey needs JavaScript");
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "js") return;
    await startPasskeyStore();
  });
  test.afterAll(async () => {
    if (!store) return;
    try {
      process.kill(-store.child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(store.dataDir, { recursive: true, force: true });
    store = null;
  });

  test("a customer adds a passkey, signs out and signs in with it alone", async ({ page }) => {
    const db = createDb(openSqlite(databasePath(store!.dataDir)));
    const user = await createUser(db, { password, firstName: "Valeria", lastName: "Llave" });
    await db.destroy();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${origin}/login?redirectTo=/profile/security`);
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await hydrated(page);

    const section = page.getByRole("region", { name: "Llaves de acceso" });
    await expect(section.getByText("Tu cuenta no tiene llaves de acceso.")).toBeVisible();
    // The default name comes from the browser's user agent.
    await expect(section.getByLabel("Nombre de la llave")).toHaveValue(/ en Linux$/);
    await section.getByLabel("Nombre de la llave").fill("Computadora de la oficina");
    await section.getByRole("button", { name: "Agregar llave de acceso" }).click();
    await expect(page.getByText("Llave de acceso agregada")).toBeVisible();
    await expect(section.getByText("Computadora de la oficina")).toBeVisible();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }),
    ).toBeVisible();

    await page.goto(`${origin}/login`);
    await hydrated(page);
    await page.getByRole("button", { name: "Entrar con llave de acceso" }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole("banner").getByRole("link", { name: /Valeria/ })).toBeVisible();
    await expect(page.getByText("¡Bienvenido!")).toBeVisible();

    // The list shows when it was last used.
    await page.goto(`${origin}/profile/security`);
    await expect(
      page.getByRole("region", { name: "Llaves de acceso" }).getByText("Nunca"),
    ).toHaveCount(0);
  });
});

test.describe("passkeys without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "what a browser without JavaScript sees");

  test("/login signs in with the password and offers no passkey button", async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto("/login?redirectTo=/profile/security");
    await expect(page.getByRole("button", { name: "Entrar con llave de acceso" })).toHaveCount(0);
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña").fill(user.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    const section = page.getByRole("region", { name: "Llaves de acceso" });
    await expect(section.getByText("Tu cuenta no tiene llaves de acceso.")).toBeVisible();
    await expect(
      section.getByText(/Para agregar una llave de acceso, abre esta página/),
    ).toBeVisible();
    await expect(section.getByRole("button", { name: "Agregar llave de acceso" })).toHaveCount(0);
  });
});
