import type { Page } from "@playwright/test";
import { admin, expect, test } from "./fixtures";

/*
 * A backup from the dashboard writes into the store's DATA_DIR/backups, and the first test needs
 * a store with none yet: each project uses its own isolated store (playwright.config.ts), which
 * starts empty on every run.
 */
test.describe.configure({ mode: "serial" });

test.use({
  baseURL: async ({}, use, testInfo) =>
    use(process.env[`E2E_ISOLATED_${testInfo.project.name.toUpperCase()}_URL`]!),
});

async function signInAsAdmin(page: Page) {
  await page.goto("/admin-access");
  await page.getByLabel("Correo electrónico").fill(admin.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
}

test("an admin without backups is warned and creates one from the dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  const section = page.getByRole("region", { name: "Copias de seguridad" });
  await expect(section.getByRole("alert")).toHaveText("Aún no hay copias de seguridad.");
  await expect(section.getByRole("definition")).toHaveCount(0);

  await section.getByRole("button", { name: "Crear copia de seguridad" }).click();

  await expect(page.getByText("Copia de seguridad creada")).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole("alert")).toHaveCount(0);
  const last = section.getByRole("definition");
  // "24 nov 2026, 7:10 p. m.": the time in Honduras, then the size, verified, the archive.
  await expect(last.nth(0)).toHaveText(/^\d{1,2} \S+ \d{4},? \d{1,2}:\d{2}/);
  await expect(last.nth(1)).toHaveText(/^[\d.,]+ (B|KB|MB)$/);
  await expect(last.nth(2)).toHaveText("Sí");
  await expect(last.nth(3)).toHaveText(/\/backups\/perfumeria-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/);
});
