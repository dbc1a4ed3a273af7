import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/*
 * The customers screen end to end (backoffice.md §2 "Users"): an admin creates a customer, edits
 * them, sets a new password (the customer signs in with it) and adds a note; blocking signs the
 * customer out of the browser they are using on its next request.
 */

const emails: string[] = [];
test.afterEach(async ({ db }) => {
  // Users created through the screen; the fixture's own users clean themselves up.
  if (emails.length > 0)
    await db.deleteFrom("users").where("email", "in", emails.splice(0)).execute();
});

function uniqueEmail(prefix: string) {
  const email = `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  emails.push(email);
  return email;
}

async function otherBrowser(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
}

test.describe("customers admin", () => {
  test.beforeEach(async ({ page, createUser, login }) => {
    await login(page, await createUser({ role: "admin", firstName: "Ana", lastName: "Gerente" }));
  });

  test("an admin creates a customer, edits them, sets their password and adds a note", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    // A dozen page loads and two password hashes on a busy two-core machine.
    test.slow();
    const email = uniqueEmail("registrada");

    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Registrar usuario" }).click();
    await page.getByRole("button", { name: "Crear usuario" }).click();
    await expect(page.getByText("Todos los campos son obligatorios.")).toBeVisible();

    await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
    await page.getByLabel("Apellido", { exact: true }).fill("Mejía");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Teléfono (opcional)").fill("9876-5432");
    await page.getByLabel("Contraseña", { exact: true }).fill("clave-inicial-1");
    await page.getByLabel("Rol").selectOption("customer");
    await page.getByRole("button", { name: "Crear usuario" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByRole("status").getByText("Usuario creado")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rosa Mejía" })).toBeVisible();
    await expect(page.getByLabel("Teléfono (opcional)")).toHaveValue("+504 9876-5432");

    await page.getByLabel("Apellido", { exact: true }).fill("Mejía Zelaya");
    await page.getByRole("button", { name: "Guardar información" }).click();
    await expect(page.getByRole("status").getByText("Información actualizada")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rosa Mejía Zelaya" })).toBeVisible();
    const history = page.getByRole("list", { name: "Actividad" });
    await expect(history).toContainText("Apellido actualizado");
    await expect(history).toContainText("Mejía → Mejía Zelaya");

    await page.getByLabel("Nueva contraseña").fill("clave-nueva-123");
    await page.getByLabel("Confirmar contraseña").fill("clave-nueva-123");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByRole("status").getByText("Contraseña actualizada")).toBeVisible();
    await expect(page.getByLabel("Nueva contraseña")).toHaveValue("");

    const customer = await otherBrowser(browser, baseURL ?? "", javaScriptEnabled);
    await signIn(customer, email, "clave-inicial-1");
    await expect(customer.getByText("Credenciales incorrectas")).toBeVisible();
    await signIn(customer, email, "clave-nueva-123");
    await customer.waitForURL(/\/catalog/);
    await customer.context().close();

    await page.getByRole("button", { name: "Agregar nota" }).click();
    await expect(page.getByRole("alert").getByText("No se pudo agregar la nota")).toBeVisible();
    await expect(page.getByText("La nota no puede estar vacía.")).toBeVisible();
    await page.getByLabel("Nueva nota").fill("Prefiere que la llamen por la tarde.");
    await page.getByRole("button", { name: "Agregar nota" }).click();
    await expect(page.getByRole("status").getByText("Nota agregada")).toBeVisible();
    const note = history.getByRole("listitem").first();
    await expect(note).toContainText("Prefiere que la llamen por la tarde.");
    await expect(note).toContainText("Por Ana Gerente");
    await expect(page.getByLabel("Nueva nota")).toHaveValue("");
    await expect(history).toContainText("Contraseña restablecida");

    // The deletion is confirmed on a page of its own, with JS or without.
    await page.getByRole("link", { name: "Eliminar usuario" }).click();
    await expect(page.getByText(`¿Seguro que quieres eliminar a Rosa Mejía Zelaya`)).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar usuario" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("status").getByText("Usuario eliminado")).toBeVisible();
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByText("No se encontraron usuarios")).toBeVisible();
  });

  test("blocking signs the customer out on their next request; reactivating lets them back in", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    createUser,
    login,
  }) => {
    test.slow();
    const customer = await createUser({ firstName: "Bruno", lastName: "Bloqueo" });
    const shopper = await otherBrowser(browser, baseURL ?? "", javaScriptEnabled);
    await login(shopper, customer);
    await shopper.goto("/profile");
    await expect(shopper).toHaveURL(/\/profile$/);

    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}&role=customer`);
    const row = page.getByRole("row", { name: /Bruno Bloqueo/ });
    await expect(row.getByText("Activo", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: "Ver perfil de Bruno Bloqueo" }).click();
    await page.getByRole("button", { name: "Bloquear usuario" }).click();
    await expect(page.getByRole("status").getByText("Usuario bloqueado")).toBeVisible();

    // The shopper's open session is gone: their next page asks them to sign in.
    await shopper.goto("/profile");
    await expect(shopper).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
    await signIn(shopper, customer.email, customer.password);
    await expect(
      shopper.getByText("Tu cuenta está bloqueada. Contacta a soporte para más información."),
    ).toBeVisible();

    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    await expect(row.getByText("Bloqueado", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: "Ver perfil de Bruno Bloqueo" }).click();
    await page.getByRole("button", { name: "Reactivar usuario" }).click();
    await expect(page.getByRole("status").getByText("Usuario reactivado")).toBeVisible();
    await signIn(shopper, customer.email, customer.password);
    await shopper.waitForURL(/\/catalog/);
    await shopper.context().close();
  });
});
