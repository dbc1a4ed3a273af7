import crypto from "node:crypto";
import fs from "node:fs";
import { createDb, databasePath, openSqlite } from "../../db/connection";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createUser as createUserRow } from "../../seed/factories/users";
import { admin, expect, googleUser, passSecondStepOnPage, signInAsAdmin, test } from "./fixtures";

/*
 * These tests change the whole store (maintenance mode) or need an account that does not
 * exist yet (the first Google sign-in), so each project runs them one after another on a
 * store of its own (playwright.config.ts starts one per project).
 */
test.describe.configure({ mode: "serial" });

const isolated = (project: string) => {
  const key = project.toUpperCase();
  return {
    url: process.env[`E2E_ISOLATED_${key}_URL`]!,
    dataDir: process.env[`E2E_ISOLATED_${key}_DATA_DIR`]!,
  };
};

test.use({
  baseURL: async ({}, use, testInfo) => use(isolated(testInfo.project.name).url),
});

async function withStoreDb<T>(
  project: string,
  fn: (db: ReturnType<typeof createDb>) => Promise<T>,
) {
  const db = createDb(openSqlite(databasePath(isolated(project).dataDir)));
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

test("Google sign-in creates the account, asks for the profile, and signs in again", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continuar con Google" }).click();

  // A new Google account has no phone or address yet.
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(googleUser.givenName);
  await page.getByLabel("Teléfono").fill("99887766");
  await page.getByLabel("Dirección principal").fill("Col. Palmira, Tegucigalpa");
  await page.getByLabel("Dirección alternativa").fill("Barrio Río de Piedras, San Pedro Sula");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Perfil completado!")).toBeVisible();

  const user = await withStoreDb(testInfo.project.name, (db) =>
    db
      .selectFrom("users")
      .select(["email", "googleId", "phone", "passwordHash"])
      .where("googleId", "=", googleUser.sub)
      .executeTakeFirstOrThrow(),
  );
  expect(user).toEqual({
    email: googleUser.email,
    googleId: googleUser.sub,
    phone: "+504 9988-7766",
    passwordHash: null,
  });

  // Signing out and in again with Google finds the same account and skips the profile step.
  await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" }),
  ).toBeVisible();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continuar con Google" }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole("banner").getByRole("link", { name: /Gabriela/ })).toBeVisible();
});

test("maintenance mode: visitors get the 503 screen, the administrator keeps working", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const setMaintenance = (on: boolean) =>
    withStoreDb(project, (db) =>
      db
        .updateTable("settings")
        .set({ value: on ? "true" : "false" })
        .where("key", "=", "maintenanceMode")
        .execute(),
    );

  await setMaintenance(true);
  try {
    const response = await page.goto("/catalog");
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBeTruthy();
    await expect(page.getByRole("heading", { name: "Sitio en Mantenimiento" })).toBeVisible();
    await expect(
      page.getByText(
        "Estamos realizando mejoras para ofrecerte una mejor experiencia. Nuestro sitio estará disponible nuevamente muy pronto.",
      ),
    ).toBeVisible();
    await expect(page.getByText("Necesitas ayuda urgente? Contáctanos:")).toBeVisible();
    await expect(page.getByRole("button", { name: "Intentar de Nuevo" })).toBeVisible();
    expect((await page.goto("/login"))?.status()).toBe(503);

    // The hidden logo counts five clicks, then opens the admin sign-in (needs JavaScript).
    if (project === "js") {
      await page.goto("/");
      const secret = page.getByRole("button", { name: "Acceso administrativo" });
      for (let i = 0; i < 5; i++) await secret.click();
      await expect(page).toHaveURL(/\/admin-access$/);
    }

    // The admin sign-in stays open and the administrator browses normally.
    expect((await page.goto("/admin-access"))?.status()).toBe(200);
    await page.getByLabel("Correo electrónico").fill(admin.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    // Its second step (decision 163) is open during maintenance too.
    await passSecondStepOnPage(page, admin.email);
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
    expect((await page.goto("/catalog"))?.status()).toBe(200);

    // A visitor in another browser still sees maintenance.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    expect((await visitorPage.goto(`${isolated(project).url}/`))?.status()).toBe(503);
    await visitor.close();
  } finally {
    await setMaintenance(false);
  }
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  expect((await freshPage.goto(`${isolated(project).url}/catalog`))?.status()).toBe(200);
  await fresh.close();
});

test("without SMTP a reply waits in Correos, where the admin reads it rendered", async ({
  page,
  browser,
}, testInfo) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  const subject = `Horario de la tienda ${suffix}`;
  const reply = `Abrimos de 9 a 6, de lunes a sábado (${suffix}).`;

  // A visitor writes through /contact, in a browser of their own.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${isolated(testInfo.project.name).url}/contact`);
  const form = visitorPage.getByRole("form", { name: "Envíanos un mensaje" });
  await form.getByLabel("Nombre").fill("Lucía Prueba");
  await form.getByLabel("Correo electrónico").fill(`lucia-${suffix}@example.com`);
  await form.getByLabel("Asunto").fill(subject);
  await form.getByLabel("Mensaje").fill("¿A qué hora abren los sábados?");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(visitorPage.getByRole("status").getByText("Mensaje enviado")).toBeVisible();
  await visitor.close();

  await signInAsAdmin(page);
  await page.goto("/admin/messages");
  await page.getByRole("link", { name: `Ver el mensaje de Lucía Prueba: ${subject}` }).click();
  await page.getByLabel("Respuesta").fill(reply);
  await page.getByRole("button", { name: "Guardar respuesta" }).click();
  await expect(page.getByRole("status").getByText("Respuesta guardada")).toBeVisible();
  // No mail server: the admin's own mail client can still send it now.
  await expect(page.getByRole("link", { name: "Enviar por correo" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );

  await page
    .getByRole("navigation", { name: "Administración" })
    .getByRole("link", { name: "Correos" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Correos" })).toBeVisible();
  await expect(page.getByText(/^Sin servidor de correo: los correos esperan aquí/)).toBeVisible();
  await page.getByLabel("Estado").selectOption({ label: "En espera" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/estado=pending/);
  await page.getByRole("link", { name: `Re: ${subject}` }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Re: ${subject}` })).toBeVisible();
  const rendered = page.frameLocator(`iframe[title="Vista del correo: Re: ${subject}"]`);
  await expect(rendered.getByRole("paragraph").filter({ hasText: reply })).toBeVisible();
  await expect(rendered.getByText("Hola Lucía Prueba:")).toBeVisible();
  await expect(page.locator("pre")).toContainText("> ¿A qué hora abren los sábados?");

  // The dashboard says it waits; once the sender gives up on it (as after 6 refused tries), it
  // says it failed, like a failed backup, and 'Reintentar' puts it back in the queue.
  await page.goto("/admin");
  // The reply, and the administrators' "Nuevo inicio de sesión" notices (decision 164).
  await expect(
    page.getByText(/^Sin servidor de correo: \d+ correos? esperan? en Correos/),
  ).toBeVisible();
  await withStoreDb(testInfo.project.name, (db) =>
    db
      .updateTable("outboxEmails")
      .set({ status: "failed", attempts: 6, lastError: "451 buzón no disponible" })
      .where("subject", "=", `Re: ${subject}`)
      .execute(),
  );
  await page.reload();
  await page.getByRole("link", { name: "1 correo no se pudo enviar" }).click();
  await expect(page).toHaveURL(/\/admin\/correos\?estado=failed$/);
  await page.getByRole("link", { name: `Re: ${subject}` }).click();
  await expect(page.getByText("451 buzón no disponible")).toBeVisible();
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("status").getByText("Correo en espera de nuevo")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
  await expect(page.getByText("En espera", { exact: true }).first()).toBeVisible();
});

test("without SMTP an order's e-mail waits in Correos, readable as the customer would get it", async ({
  page,
}, testInfo) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  const email = `rosa-${suffix}@example.com`;
  const order = await withStoreDb(testInfo.project.name, async (db) => {
    const product = await createProduct(db, { price: 150_000, stock: 5 });
    return createOrder(db, { lines: [{ product }], takeStock: false, contact: { email } });
  });

  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole("button", { name: "Aprobar Pago" }).click();
  await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();

  await page.goto("/admin/correos");
  const subject = `Pago aprobado (${order.orderNumber})`;
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row.getByText(email)).toBeVisible();
  await expect(row.getByText("En espera", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const rendered = page.frameLocator(`iframe[title="Vista del correo: ${subject}"]`);
  await expect(
    rendered
      .getByRole("paragraph")
      .filter({ hasText: `Verificamos el pago de tu pedido ${order.orderNumber}.` }),
  ).toBeVisible();
  await expect(page.locator("pre")).toContainText(order.orderNumber);
});

test("the owner sets up invoicing: the issuer's RTN, a range (a wrong CAI refused), 'Emitir facturas'; an approval issues the invoice, the books list and export it; the range retired, the next approval waits", async ({
  page,
}, testInfo) => {
  // Issue 42 (decisions 170–173), on a store of its own: invoicing changes every approval.
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const owner = {
    email: `duena-${crypto.randomBytes(4).toString("hex")}@example.com`,
    password: "clave-de-la-duena-2026",
  };
  const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
  const [first, second, paidBefore] = await withStoreDb(project, async (db) => {
    await createUserRow(db, { ...owner, role: "admin", firstName: "Dueña", lastName: "Tienda" });
    const product = await createProduct(db, { price: 120_000, stock: 5 });
    return Promise.all(
      [1, 2, 3].map(() => createOrder(db, { lines: [{ product }], takeStock: false })),
    );
  });
  // A new administrator's first sign-in sets up the second step: a fresh proof, so the fiscal
  // forms ask no code again (decision 163).
  await signInAsAdmin(page, owner);
  // Paid before the shop invoiced: no invoice, and no 'Emitir factura' while invoicing is off.
  await page.goto(`/admin/orders/${paidBefore.id}`);
  await page.getByRole("button", { name: "Aprobar Pago" }).click();
  await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
  const fiscal = page.getByRole("region", { name: "Facturación" });
  await expect(fiscal.getByText("Este pedido aún no tiene factura.")).toBeVisible();
  await expect(fiscal.getByRole("button", { name: "Emitir factura" })).toHaveCount(0);
  try {
    await page.goto("/admin/settings/facturacion");
    await page.getByLabel("RTN del emisor").fill("0801-9012-345678");
    await page.getByLabel("Emitir facturas").check();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("status").getByText("Configuración guardada")).toBeVisible();

    const ranges = page.locator("form").filter({ has: page.getByLabel("CAI") });
    await ranges.getByLabel("Tipo", { exact: true }).selectOption("invoice");
    await ranges.getByLabel("CAI", { exact: true }).fill("12345");
    await ranges
      .getByLabel("Establecimiento, punto de emisión y tipo de documento")
      .fill("000-001-01-");
    await ranges.getByLabel("Número inicial").fill("1");
    await ranges.getByLabel("Número final").fill("500");
    await ranges.getByLabel("Fecha límite de emisión").fill("2027-12-31");
    await ranges.getByRole("button", { name: "Agregar rango" }).click();
    await expect(page.getByText(/El CAI tiene 32 caracteres/).first()).toBeVisible();
    await page.getByLabel("CAI", { exact: true }).fill(CAI);
    await page.getByRole("button", { name: "Agregar rango" }).click();
    await expect(page.getByRole("status").getByText("Rango ingresado")).toBeVisible();

    // The payment approved: its invoice, the range's first number.
    await page.goto(`/admin/orders/${first.id}`);
    await page.getByRole("button", { name: "Aprobar Pago" }).click();
    await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Facturación" })
        .getByText("Factura No. 000-001-01-00000001", { exact: true }),
    ).toBeVisible();

    // The order paid before: its buyer's data (a wrong RTN refused), then 'Emitir factura'.
    await page.goto(`/admin/orders/${paidBefore.id}`);
    await fiscal.getByText("Cambiar datos de la factura").click();
    await fiscal.getByLabel("RTN", { exact: true }).fill("0801-19");
    await fiscal.getByLabel("Nombre o razón social").fill("Comercial Pineda");
    await fiscal.getByRole("button", { name: "Guardar datos de factura" }).click();
    await expect(page.getByRole("alert").getByText(/El RTN tiene 14 dígitos/)).toBeVisible();
    if (!(await fiscal.getByLabel("RTN", { exact: true }).isVisible())) {
      await fiscal.getByText("Cambiar datos de la factura").click();
    }
    await fiscal.getByLabel("RTN", { exact: true }).fill("0801-1975-000111");
    await fiscal.getByLabel("Nombre o razón social").fill("Comercial Pineda");
    await fiscal.getByRole("button", { name: "Guardar datos de factura" }).click();
    await expect(page.getByRole("status").getByText("Datos de la factura guardados")).toBeVisible();
    await fiscal.getByRole("button", { name: "Emitir factura" }).click();
    await expect(page.getByRole("status").getByText("Factura emitida")).toBeVisible();
    await expect(
      fiscal.getByText("Factura No. 000-001-01-00000002", { exact: true }),
    ).toBeVisible();
    await expect(fiscal.getByText(/Comercial Pineda \(RTN 0801-1975-000111\)/)).toBeVisible();

    // The books list it, and give the month as CSV.
    await page.goto("/admin/facturacion");
    await expect(page.getByRole("main").getByText("000-001-01-00000001").first()).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Descargar CSV del mes/ }).click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    expect(csv).toMatch(
      /^\uFEFF?Número;Fecha;RTN del cliente;Cliente;Importe gravado;ISV;Total;Estado/,
    );
    expect(csv).toContain("000-001-01-00000001");

    // Retired, the range issues nothing: the next approval waits, with the reason.
    await page.goto("/admin/settings/facturacion");
    await page.getByRole("link", { name: /^Retirar el rango 000-001-01-00000001/ }).click();
    await page.getByRole("button", { name: "Sí, retirar el rango" }).click();
    await expect(page.getByRole("status").getByText("Rango retirado")).toBeVisible();
    await page.goto(`/admin/orders/${second.id}`);
    await page.getByRole("button", { name: "Aprobar Pago" }).click();
    await expect(
      page.getByRole("alert").getByText(/rango de facturación fue retirado/),
    ).toBeVisible();
  } finally {
    // The store's other tests approve payments without invoices.
    await withStoreDb(project, (db) =>
      db
        .updateTable("settings")
        .set({ value: "false" })
        .where("key", "=", "fiscal_invoicing")
        .execute(),
    );
  }
});
