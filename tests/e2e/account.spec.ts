import { expect, nextPostTo, test } from "./fixtures";
import { receivedMail } from "./mailbox";

/*
 * The customer's own account (issue 9): editing the profile, changing the password, deleting
 * the account, and /account's tabs. Each flow runs with and without JavaScript. A new e-mail
 * and a deletion ask for the current password; the new e-mail waits for the link mailed to it
 * (decision 129), read from the store's SMTP mailbox (./mailbox.ts).
 */

/** The link to `path` in the newest e-mail to `to` whose subject is `subject`. */
async function linkInMail(to: string, subject: string, path: string) {
  const mail = await receivedMail(to, subject);
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? "");
  expect(match, `no ${path} link in:\n${mail.text}`).not.toBeNull();
  return match![0];
}

test("edits the profile: the spec's messages, then 'Perfil actualizado'", async ({
  page,
  createUser,
  login,
  db,
}, testInfo) => {
  const user = await createUser({ firstName: "Carlos" });
  await login(page, user);
  await page.goto("/profile");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);

  await page.getByLabel("Nombre", { exact: true }).fill("");
  await page.getByLabel("Correo electrónico").fill("no-es-un-correo");
  await page.getByLabel("Teléfono (opcional)").fill("1234");
  const refused = nextPostTo(page, "/profile");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  // Decision 109: the messages are the action's answer, and the first invalid field has the focus.
  expect((await refused).status()).toBe(400);
  // backoffice.md §8's title over the fields' own messages.
  await expect(page.getByRole("alert").getByText("No se pudo actualizar el perfil")).toBeVisible();
  await expect(page.getByText("El nombre es requerido")).toBeVisible();
  if (testInfo.project.name === "js") {
    await expect(page.getByLabel("Nombre", { exact: true })).toBeFocused();
  }
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("no-es-un-correo");
  await expect(page.getByText("Correo electrónico inválido")).toBeVisible();
  await expect(page.getByText("Formato inválido. Ejemplo: +504 0000-0000")).toBeVisible();

  await page.getByLabel("Nombre", { exact: true }).fill("Camilo");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Teléfono (opcional)").fill("98765432");
  await page.getByLabel("Dirección principal").fill("Colonia Palmira, casa 12");
  await page.getByRole("button", { name: "Guardar cambios" }).click();

  await expect(page.getByText("Perfil actualizado")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Camilo/ })).toBeVisible();
  await expect(page.getByLabel("Teléfono (opcional)")).toHaveValue("+504 9876-5432");
  const saved = await db
    .selectFrom("users")
    .select(["firstName", "phone", "favoriteAddress1"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({
    firstName: "Camilo",
    phone: "+504 9876-5432",
    favoriteAddress1: "Colonia Palmira, casa 12",
  });
});

test("changes the password: the old one stops working and another browser is signed out", async ({
  page,
  browser,
  createUser,
  login,
}) => {
  // Seven password hashes at production cost (D12: memory-hard on purpose) and three sign-ins
  // in two browsers.
  test.slow();
  const user = await createUser();
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await login(otherPage, user);
  await login(page, user);

  await page.goto("/profile/security");
  await page.getByLabel("Contraseña actual").fill("no-es-la-clave");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-2026");
  await page.getByLabel("Confirmar nueva contraseña").fill("nueva-clave-2026");
  await page.getByRole("button", { name: "Actualizar contraseña" }).click();
  await expect(page.getByText("La contraseña actual es incorrecta")).toBeVisible();

  await page.getByLabel("Contraseña actual").fill(user.password);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-2026");
  await page.getByLabel("Confirmar nueva contraseña").fill("nueva-clave-2026");
  await page.getByRole("button", { name: "Actualizar contraseña" }).click();
  await expect(page.getByText("Contraseña actualizada")).toBeVisible();

  // This browser stays signed in; the other one is asked to sign in again.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);

  await otherPage.getByLabel("Correo electrónico").fill(user.email);
  await otherPage.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await otherPage.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(otherPage.getByText("Credenciales incorrectas")).toBeVisible();
  await otherPage.getByLabel("Contraseña", { exact: true }).fill("nueva-clave-2026");
  await otherPage.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(otherPage).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await elsewhere.close();
});

test("deletes the account, and the address can register again", async ({
  page,
  createUser,
  login,
  db,
}) => {
  test.slow();
  const user = await createUser();
  await login(page, user);
  await page.goto("/profile/danger");
  const confirm = page.getByLabel(/para confirmar/);
  const password = page.getByLabel("Contraseña actual");
  await confirm.fill("otra@example.com");
  await password.fill(user.password);
  const refused = nextPostTo(page, "/profile/danger");
  await page.getByRole("button", { name: "Eliminar cuenta definitivamente" }).click();
  expect((await refused).status()).toBe(400);
  await expect(confirm).toHaveAccessibleDescription("El correo no coincide con el de tu cuenta");

  // Decision 129: the e-mail typed again is not enough; the password must be the account's.
  await confirm.fill(user.email);
  await password.fill("no-es-la-clave-2026");
  const wrong = nextPostTo(page, "/profile/danger");
  await page.getByRole("button", { name: "Eliminar cuenta definitivamente" }).click();
  expect((await wrong).status()).toBe(400);
  await expect(password).toHaveAccessibleDescription("La contraseña actual es incorrecta");

  await confirm.fill(user.email);
  await password.fill(user.password);
  await page.getByRole("button", { name: "Eliminar cuenta definitivamente" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Cuenta eliminada")).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }),
  ).toBeVisible();
  expect(
    await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst(),
  ).toBeUndefined();

  await page.goto("/register");
  await page.getByLabel("Nombre", { exact: true }).fill("Carlos");
  await page.getByLabel("Apellido", { exact: true }).fill("Otra Vez");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill("vainilla-y-cedro-26");
  await page.getByLabel("Confirmar contraseña").fill("vainilla-y-cedro-26");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("status").getByText("¡Cuenta creada!")).toBeVisible();
  await db.deleteFrom("users").where("email", "=", user.email).execute();
});

test("changes the e-mail with the password: its link switches it, the old address's undoes it", async ({
  page,
  createUser,
  login,
  db,
}, testInfo) => {
  // Password checks at production cost and e-mails sent every 5 s.
  test.setTimeout(90_000);
  const user = await createUser({ firstName: "Marisol" });
  const newEmail = `nuevo-${testInfo.project.name}-${user.id}@example.com`;
  await login(page, user);
  await page.goto("/profile");
  await page.getByLabel("Correo electrónico").fill(newEmail);
  const refused = nextPostTo(page, "/profile");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  expect((await refused).status()).toBe(400);
  const password = page.getByLabel("Contraseña actual (solo para cambiar el correo)");
  await expect(password).toHaveAccessibleDescription("Contraseña actual requerida");

  await page.getByLabel("Correo electrónico").fill(newEmail);
  await password.fill(user.password);
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText(`Te enviamos un enlace a ${newEmail}`)).toBeVisible();
  // Pending: the account still signs in with its address until the link is followed.
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
  await expect(page.getByText(`Cambio de correo pendiente`)).toBeVisible();

  await page.goto(
    await linkInMail(newEmail, "Confirma tu nuevo correo electrónico", "/confirm-email"),
  );
  await page.getByRole("button", { name: "Confirmar mi nuevo correo" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Correo actualizado")).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(newEmail);

  await page.goto(
    await linkInMail(user.email, "Se pidió cambiar el correo de tu cuenta", "/undo-email-change"),
  );
  await page.getByRole("button", { name: "Deshacer el cambio" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Cambio de correo deshecho")).toBeVisible();
  const row = await db
    .selectFrom("users")
    .select("email")
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
  expect(row.email).toBe(user.email);
});

test("/account: 'Acceso Requerido' for a visitor, then the tabs and logout", async ({
  page,
  createUser,
}) => {
  const user = await createUser({ firstName: "Teresa" });
  const response = await page.goto("/account/addresses");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Acceso Requerido" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Iniciar Sesión" }).click();
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Iniciar Sesión" }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/, { timeout: 20_000 });

  const tabs = page.getByRole("navigation", { name: "Secciones de la cuenta" });
  await expect(tabs.getByRole("link", { name: "Direcciones" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByLabel("Dirección principal").fill("Barrio Guamilito, casa 4");
  await page.getByRole("button", { name: "Guardar direcciones" }).click();
  await expect(page.getByText("Direcciones actualizadas")).toBeVisible();
  await expect(page.getByLabel("Dirección principal")).toHaveValue("Barrio Guamilito, casa 4");

  await tabs.getByRole("link", { name: "Perfil" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(user.email)).toBeVisible();
  await tabs.getByRole("link", { name: "Pedidos" }).click();
  await expect(page.getByText("No tienes pedidos aún")).toBeVisible();
  await tabs.getByRole("link", { name: "Configuración" }).click();
  await page.getByRole("radio", { name: "Oscuro" }).check();
  await page.getByRole("button", { name: "Guardar tema" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page).toHaveURL(/\/account\/settings$/);

  await page.getByRole("main").getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Acceso Requerido" })).toBeVisible();
});
