import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, hydrated, nextPostTo, test } from "./fixtures";

/** Fills /register's form (already open) and sends it. */
async function signUp(
  page: Page,
  fields: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.getByLabel("Nombre", { exact: true }).fill(fields.firstName);
  await page.getByLabel("Apellido", { exact: true }).fill(fields.lastName);
  await page.getByLabel("Correo electrónico").fill(fields.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirmar contraseña").fill(fields.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
}

test.describe("registration and sign-in", () => {
  test("a visitor registers, signs in and signs out", async ({ page, db }, testInfo) => {
    const email = `registro-${testInfo.project.name}-${Date.now()}@example.com`;
    // Two sign-ups of its own: an address of its own, so the ten an hour per address (decision
    // 082) stay for the other tests.
    const octet = () => 1 + Math.floor(Math.random() * 254);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${octet()}.${octet()}` });
    await page.goto("/register");
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Apellido", { exact: true }).fill("Mejía");
    await page.getByLabel("Correo electrónico").fill(email);
    // Formatted as it is typed once the scripts run (typed before, the server formats it).
    if (testInfo.project.name === "js") await hydrated(page);
    await page.getByLabel("Teléfono (opcional)").fill("98765432");
    if (testInfo.project.name === "js") {
      // Formatted as it is typed; without JavaScript the server formats it.
      await expect(page.getByLabel("Teléfono (opcional)")).toHaveValue("+504 9876-5432");
    }
    await page.getByLabel("Contraseña", { exact: true }).fill("vainilla-y-cedro-26");
    await page.getByLabel("Confirmar contraseña").fill("vainilla-y-cedro-26");
    await page.getByRole("button", { name: "Crear cuenta" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status").getByText("¡Cuenta creada!")).toBeVisible();
    const saved = await db
      .selectFrom("users")
      .select(["phone", "role", "loyaltyPoints"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ phone: "+504 9876-5432", role: "customer", loyaltyPoints: 50 });

    // D41: the same address again gets the same answer, and changes nothing (the first
    // password still opens the account below).
    await page.goto("/register");
    await signUp(page, {
      firstName: "Otra",
      lastName: "Persona",
      email,
      password: "jazmin-y-ambar-27",
    });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status").getByText("¡Cuenta creada!")).toBeVisible();

    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("vainilla-y-cedro-26");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();

    await expect(page).toHaveURL(/\/catalog$/);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Lucía/ })).toBeVisible();

    await header.getByRole("button", { name: "Salir" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }),
    ).toBeVisible();
    // The session is gone on the server: a protected page asks to sign in again.
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
  });

  test("registration shows the spec's messages from the server and keeps what was typed", async ({
    page,
  }, testInfo) => {
    await page.goto("/register");
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    await page.getByLabel("Correo electrónico").fill("cliente@perfumeria.hn");
    await page.getByLabel("Contraseña", { exact: true }).fill("vainilla-y-cedro-26");
    await page.getByLabel("Confirmar contraseña").fill("otra-cosa-99");
    const answer = nextPostTo(page, "/register");
    await page.getByRole("button", { name: "Crear cuenta" }).click();

    // Decision 109: the browser checks nothing; the action refuses the post.
    expect((await answer).status()).toBe(400);
    const lastName = page.getByLabel("Apellido", { exact: true });
    await expect(lastName).toHaveAccessibleDescription("El apellido es requerido");
    await expect(page.getByLabel("Confirmar contraseña")).toHaveAccessibleDescription(
      "Las contraseñas no coinciden",
    );
    // With JavaScript the first invalid field takes the focus.
    if (testInfo.project.name === "js") await expect(lastName).toBeFocused();
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Lucía");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a common password is refused in Spanish and no account is created", async ({
    page,
    db,
  }, testInfo) => {
    const email = `comun-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/register");
    await signUp(page, { firstName: "Lucía", lastName: "Mejía", email, password: "password1234" });

    await expect(
      page.getByText("Esta contraseña es demasiado común o fácil de adivinar."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);
    const saved = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(saved).toBeUndefined();
  });

  test("a wrong password shows 'Error de inicio de sesión' / 'Credenciales incorrectas'", async ({
    page,
    createUser,
  }) => {
    const user = await createUser();
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByLabel("Contraseña", { exact: true }).fill("no-es-esta");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error de inicio de sesión" });
    await expect(alert).toContainText("Credenciales incorrectas");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
  });
});

test.describe("access rules", () => {
  test("the administrator signs in at /admin-access and reaches /admin", async ({
    page,
    createUser,
  }) => {
    const admin = await createUser({ role: "admin" });
    const signIn = async () => {
      await page.goto("/admin-access");
      await page.getByLabel("Correo electrónico").fill(admin.email);
      await page.getByLabel("Contraseña", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    };
    const code = (secret: string, steps = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + steps * 30_000,
      });

    // Decision 163: the first sign-in sets up the second factor before the panel.
    await signIn();
    await expect(page).toHaveURL(/\/admin-access\/configurar$/);
    await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
    const secret = (await page.locator("code").innerText()).replace(/\s/g, "");
    await page.getByLabel("Código de verificación").fill("000000");
    await page.getByRole("button", { name: "Activar verificación" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "No pudimos verificar el código" }),
    ).toContainText("El código no es correcto");
    await page.getByLabel("Código de verificación").fill(code(secret));
    await page.getByRole("button", { name: "Activar verificación" }).click();
    await expect(page).toHaveURL(/\/admin-access\/codigos$/);
    const codes = page.getByRole("list", { name: "Códigos de recuperación" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await page.getByRole("link", { name: "Ya los guardé, continuar" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Signed out, the next sign-in asks for the code (the next step's: this one was taken).
    await page.context().clearCookies();
    await signIn();
    await expect(page).toHaveURL(/\/admin-access\/verificar$/);
    await page.getByLabel("Código de verificación").fill(code(secret, 1));
    await page.getByLabel("Recordar este equipo 30 días").check();
    await page.getByRole("button", { name: "Verificar" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: /administra/i }).first();
    await expect(nav.getByRole("link", { name: "Pedidos" })).toBeVisible();
    // The public header is hidden under /admin.
    await expect(page.getByRole("search")).toHaveCount(0);

    // The remembered device is listed on /profile/security, and forgotten there.
    await page.goto("/profile/security");
    const section = page.getByRole("region", { name: "Verificación en dos pasos" });
    await expect(section).toContainText("Te quedan 10 de 10 códigos de recuperación.");
    await section.getByRole("button", { name: /^Olvidar .*, recordado el / }).click();
    await expect(page.getByRole("status").getByText("Equipo olvidado")).toBeVisible();
    await expect(section).toContainText("Ningún equipo está recordado");
  });

  test("a customer gets 'Acceso Denegado' (403) on /admin and cannot use /admin-access", async ({
    page,
    createUser,
    login,
  }) => {
    const customer = await createUser();
    await page.goto("/admin-access");
    await page.getByLabel("Correo electrónico").fill(customer.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    // backoffice.md §8: the admin sign-in's refusal is 'Error de autenticación'.
    await expect(
      page.getByRole("alert").filter({ hasText: "Error de autenticación" }),
    ).toContainText("Acceso solo para administradores.");

    await login(page, customer);
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acceso Denegado" })).toBeVisible();
    await expect(
      page.getByText("No tienes permisos para acceder al panel administrativo."),
    ).toBeVisible();
  });

  test("a visitor on /orders signs in and comes back to /orders", async ({ page, createUser }) => {
    const customer = await createUser();
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
    await page.getByLabel("Correo electrónico").fill(customer.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(page).toHaveURL(/\/orders$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Mis Pedidos" })).toBeVisible();
  });

  test("an unknown path gets the 404 screen with status 404", async ({ page }) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByText("La página que buscas no existe")).toBeVisible();
    await expect(page.getByText(/Did you forget|Page Not Found/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
    // 'Saltar al contenido' lands on the screen: it is the page's one <main id="main">.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveAttribute("id", "main");
    await expect(page.getByRole("main")).toContainText("Página no encontrada");
  });
});
