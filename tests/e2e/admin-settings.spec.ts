import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createDb, databasePath, openSqlite } from "../../db/connection";
import { expect, googleUser, signInAsAdmin, test } from "./fixtures";
import { createUser as createUserRow } from "../../seed/factories/users";

/*
 * The settings screen changes the whole store (the footer, maintenance mode, registrations), so
 * each project runs these tests one after another on a store of its own
 * (playwright.config.ts starts E2E_SETTINGS_<PROJECT>_URL), and every test puts back what it
 * changed even when it fails.
 */
test.describe.configure({ mode: "serial" });

const store = (project: string) => {
  const key = project.toUpperCase();
  return {
    url: process.env[`E2E_SETTINGS_${key}_URL`]!,
    dataDir: process.env[`E2E_SETTINGS_${key}_DATA_DIR`]!,
  };
};

test.use({
  baseURL: async ({}, use, testInfo) => use(store(testInfo.project.name).url),
});

/** Writes settings straight into the store's database (the server sees it on its next request). */
async function restoreSettings(project: string, values: Record<string, string>) {
  const db = createDb(openSqlite(databasePath(store(project).dataDir)));
  try {
    for (const [key, value] of Object.entries(values)) {
      await db.updateTable("settings").set({ value }).where("key", "=", key).execute();
    }
  } finally {
    await db.destroy();
  }
}

async function googleAccountCount(project: string) {
  const db = createDb(openSqlite(databasePath(store(project).dataDir)));
  try {
    const rows = await db
      .selectFrom("users")
      .select("id")
      .where("googleId", "=", googleUser.sub)
      .execute();
    return rows.length;
  } finally {
    await db.destroy();
  }
}

async function openTab(page: Page, name: string) {
  await page
    .getByRole("navigation", { name: "Secciones de la configuración" })
    .getByRole("link", { name })
    .click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

async function save(page: Page, toast: string) {
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").getByText(toast)).toBeVisible();
}

/** A visitor in a browser of their own (no admin session). */
async function visit(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(url);
  return { page, status: response?.status(), close: () => context.close() };
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 2, name: "General" })).toBeVisible();
});

test("a long settings tab keeps 'Guardar cambios' in reach at 1366×768", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const save = page.getByRole("button", { name: "Guardar cambios" });
  await expect(save).toBeInViewport({ ratio: 1 });
  const form = page.locator("form").filter({ has: save });
  expect(await form.evaluate((element) => element.scrollHeight)).toBeGreaterThan(768);
});

test("the contact phone changes from the Contacto tab: footer and contact page follow", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  try {
    await openTab(page, "Contacto");
    const phone = page.getByLabel("Teléfono de contacto");

    await phone.fill("123");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("alert").getByText("Error al guardar")).toBeVisible();
    await expect(page.getByText("Formato inválido. Ejemplo: +504 0000-0000")).toBeVisible();
    await expect(phone).toHaveValue("123");

    await phone.fill("22998877");
    await save(page, "Configuración guardada");
    await expect(phone).toHaveValue("+504 2299-8877");
    await save(page, "No hay cambios para guardar.");

    const visitor = await visit(browser, `${store(project).url}/`);
    await expect(visitor.page.getByRole("contentinfo").getByText("+504 2299-8877")).toBeVisible();
    await visitor.page.goto(`${store(project).url}/contact`);
    await expect(
      visitor.page
        .getByRole("region", { name: "Información de contacto" })
        .getByRole("link", { name: "+504 2299-8877" }),
    ).toHaveAttribute("href", "tel:+50422998877");
    await visitor.close();
  } finally {
    await restoreSettings(project, { contactPhone: "+504 2232-4567" });
  }
});

test("maintenance mode: switched on, visitors get 503 and the admin keeps working; off restores", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const url = store(project).url;
  try {
    await openTab(page, "Contacto");
    await page.getByLabel("Correo de contacto").fill("urgente@perfumeria.hn");
    await page.getByLabel("Teléfono de contacto").fill("+504 2244-5566");
    await save(page, "Configuración guardada");

    await openTab(page, "General");
    await page.getByLabel("Modo mantenimiento").check();
    await save(page, "Configuración guardada");
    await expect(page.getByText("Modo mantenimiento activo.")).toBeVisible();

    const visitor = await visit(browser, `${url}/catalog`);
    expect(visitor.status).toBe(503);
    await expect(
      visitor.page.getByRole("heading", { name: "Sitio en Mantenimiento" }),
    ).toBeVisible();
    await expect(visitor.page.getByRole("link", { name: "urgente@perfumeria.hn" })).toBeVisible();
    await expect(visitor.page.getByRole("link", { name: "+504 2244-5566" })).toBeVisible();
    if (project === "js") {
      // The hidden door: five clicks on the faint logo open the admin sign-in.
      const door = visitor.page.getByRole("button", { name: "Acceso administrativo" });
      for (let i = 0; i < 5; i++) await door.click();
      await expect(visitor.page).toHaveURL(/\/admin-access$/);
    }
    await visitor.close();

    // The administrator keeps working, in the panel and in the store.
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.goto("/catalog"))?.status()).toBe(200);

    await page.goto("/admin/settings");
    await page.getByLabel("Modo mantenimiento").uncheck();
    await save(page, "Configuración guardada");
    await expect(page.getByText("Modo mantenimiento activo.")).toBeHidden();

    const back = await visit(browser, `${url}/catalog`);
    expect(back.status).toBe(200);
    await back.close();
  } finally {
    await restoreSettings(project, {
      maintenanceMode: "false",
      contactEmail: "contacto@perfumeria.hn",
      contactPhone: "+504 2232-4567",
    });
  }
});

test("registrations switched off close /register", async ({ page, browser }, testInfo) => {
  const project = testInfo.project.name;
  try {
    await page.getByLabel("Permitir registro de clientes").uncheck();
    await save(page, "Configuración guardada");

    const visitor = await visit(browser, `${store(project).url}/register`);
    await expect(
      visitor.page.getByText("El registro de nuevas cuentas está deshabilitado temporalmente."),
    ).toBeVisible();
    await expect(visitor.page.getByRole("button", { name: "Crear cuenta" })).toHaveCount(0);

    // Google follows the same rule: its first sign-in would create an account, so it is refused.
    await visitor.page.goto("/login");
    await visitor.page.getByRole("button", { name: "Continuar con Google" }).click();
    await expect(visitor.page).toHaveURL(/\/login$/);
    await expect(
      visitor.page
        .getByRole("alert")
        .getByText("El registro de nuevas cuentas está deshabilitado temporalmente."),
    ).toBeVisible();
    expect(await googleAccountCount(project)).toBe(0);
    await visitor.close();

    await page.getByLabel("Permitir registro de clientes").check();
    await save(page, "Configuración guardada");
    const open = await visit(browser, `${store(project).url}/register`);
    await expect(open.page.getByRole("button", { name: "Crear cuenta" })).toBeVisible();
    await open.close();
  } finally {
    await restoreSettings(project, { allowRegistrations: "true" });
  }
});

test("a surcharge for the remote zones: the checkout shows the department's shipping, with or without JS", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const url = store(project).url;
  try {
    await openTab(page, "Envíos y pagos");
    await page.getByLabel("Recargo de envío, zonas remotas (L)").fill("100");
    await save(page, "Configuración guardada");

    // A shopper of their own with a perfume under the free-shipping threshold (L 2,000).
    const visitor = await visit(browser, `${url}/catalog?maxPrice=1900`);
    const shopper = visitor.page;
    await shopper
      .getByRole("button", { name: /^Agregar .+ al carrito$/ })
      .first()
      .click();
    await expect(shopper.getByRole("status").getByText("Agregado al carrito")).toBeVisible();
    // The cart does not know the department yet: it shows the fast cities' shipping, and says so.
    await shopper.goto(`${url}/cart`);
    await expect(
      shopper.getByText(
        "Fuera de las ciudades principales el envío cuesta más: lo ves al elegir tu departamento al finalizar la compra.",
      ),
    ).toBeVisible();
    await shopper.goto(`${url}/checkout`);
    const summary = shopper.getByRole("complementary", { name: "Resumen del pedido" });
    const department = shopper.getByLabel("Departamento");

    // Decision 161: each option of the select names its zone; CSS shows that zone's prices.
    await department.selectOption("Gracias a Dios");
    await expect(summary.getByText("L 250.00", { exact: true })).toBeVisible();
    await expect(
      shopper.getByRole("radio", { name: /^Envío estándar .*L 250\.00$/ }),
    ).toBeVisible();
    await department.selectOption("Cortés");
    await expect(summary.getByText("L 250.00", { exact: true })).toBeHidden();
    await expect(
      shopper.getByRole("radio", { name: /^Envío estándar .*L 150\.00$/ }),
    ).toBeVisible();
    await visitor.close();
  } finally {
    await restoreSettings(project, { shipping_surcharge_remote: "0" });
  }
});

test("cash on delivery: a verified customer in Tegucigalpa orders with it, not in Gracias a Dios; the admin ships, delivers and records the cash", async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const url = store(project).url;
  const db = createDb(openSqlite(databasePath(store(project).dataDir)));
  try {
    // Decision 166: off until the owner turns it on, with its surcharge.
    await openTab(page, "Envíos y pagos");
    await page.getByLabel("Pago Contra Entrega", { exact: true }).check();
    await page.getByLabel("Recargo por pago contra entrega (L)").fill("50");
    await save(page, "Configuración guardada");

    // A verified customer with a phone on the account, signed in in a browser of their own.
    const password = "clave-contra-entrega-9";
    const customer = await createUserRow(db, {
      email: `contra-entrega-${crypto.randomBytes(4).toString("hex")}@example.com`,
      password,
      phone: "+504 9911-2233",
    });
    const visitor = await visit(browser, `${url}/login`);
    const shopper = visitor.page;
    await shopper.getByLabel("Correo electrónico").fill(customer.email);
    await shopper.getByLabel("Contraseña", { exact: true }).fill(password);
    await shopper.getByRole("button", { name: "Iniciar Sesión" }).click();
    await expect(shopper).toHaveURL(/\/catalog/);
    await shopper.goto(`${url}/catalog?maxPrice=1900`);
    await shopper
      .getByRole("button", { name: /^Agregar .+ al carrito$/ })
      .first()
      .click();
    await expect(shopper.getByRole("status").getByText("Agregado al carrito")).toBeVisible();
    await shopper.goto(`${url}/checkout`);
    const cash = shopper.getByRole("radio", { name: /^Pago Contra Entrega/ });
    const department = shopper.getByLabel("Departamento");

    // In Gracias a Dios it is not offered, and one line says where it is.
    await department.selectOption("Gracias a Dios");
    await expect(cash).toBeHidden();
    await expect(
      shopper.getByText(
        "El pago contra entrega solo está disponible en Cortés, Francisco Morazán.",
      ),
    ).toBeVisible();

    // In Tegucigalpa it is: chosen, the receipt is not asked and the surcharge is its own line.
    await shopper
      .getByLabel("Dirección", { exact: true })
      .fill("Colonia Palmira, calle 5, casa 12");
    await shopper.getByLabel("Punto de referencia").fill("Frente al parque");
    await shopper.getByLabel("Ciudad").fill("Tegucigalpa");
    await department.selectOption("Francisco Morazán");
    await cash.check();
    const summary = shopper.getByRole("complementary", { name: "Resumen del pedido" });
    await expect(
      summary.getByText("Recargo por pago contra entrega").locator("visible=true"),
    ).toHaveCount(1);
    await expect(shopper.getByLabel("Comprobante de pago (imagen, máximo 5MB)")).toBeHidden();
    await summary.getByRole("button", { name: /^Confirmar Pedido/ }).click();
    await expect(shopper).toHaveURL(/\/order-success\?order=/);
    const orderId = new URL(shopper.url()).searchParams.get("order")!;
    await expect(shopper.getByText("Lo pagas en efectivo al recibirlo.")).toBeVisible();
    await visitor.close();

    // The admin confirms, ships and delivers it, then records the cash the courier brought.
    await page.goto(`/admin/orders/${orderId}`);
    const moved = page.getByRole("status").getByText("Estado actualizado");
    for (const step of ["En Proceso", "Marcar como Enviado", "Entregado"]) {
      await page.getByRole("button", { name: step, exact: true }).click();
      await expect(moved).toBeVisible();
      await page.reload();
    }
    await expect(page.getByText("Entregado sin cobrar")).toBeVisible();
    await page.getByLabel("Cobrado por").fill("Mario, repartidor");
    await page.getByRole("button", { name: "Cobrado", exact: true }).click();
    await expect(page.getByRole("status").getByText("Cobro registrado")).toBeVisible();
    await expect(page.getByText(/^Cobrado: L.+ por Mario, repartidor$/)).toBeVisible();
    const order = await db
      .selectFrom("orders")
      .select(["paidAt", "paymentSurcharge", "paymentMethod"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ paymentMethod: "cash_on_delivery", paymentSurcharge: 5000 });
    expect(order.paidAt).not.toBeNull();
  } finally {
    await db.destroy();
    await restoreSettings(project, { cod_enabled: "false", cod_surcharge: "0" });
  }
});
