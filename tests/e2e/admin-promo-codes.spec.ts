import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

/*
 * D34 end to end: the admin creates a code, a shopper (a browser of their own) uses it at
 * checkout, the admin sees the use counted, deactivates the code and checkout refuses it.
 */

const products: CreatedProduct[] = [];
const codes: string[] = [];
test.afterEach(async ({ db }) => {
  if (codes.length > 0) {
    await db.deleteFrom("promoCodes").where("code", "in", codes.splice(0)).execute();
  }
  await deleteProducts(db, products.splice(0));
});

async function shopperPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return context.newPage();
}

async function checkoutWithCode(page: Page, product: CreatedProduct, code: string) {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByText("Agregado al carrito").first()).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Código de cupón").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Aplicar" }).click();
}

async function fillDelivery(page: Page, javaScriptEnabled: boolean) {
  await page.getByLabel("Nombre", { exact: true }).fill("Ana");
  await page.getByLabel("Apellido", { exact: true }).fill("López");
  await page
    .getByLabel("Correo electrónico")
    .fill(`e2e-${crypto.randomBytes(3).toString("hex")}@example.com`);
  await page.getByLabel("Dirección", { exact: true }).fill("Colonia Palmira, calle 5, casa 12");
  await page.getByLabel("Punto de referencia").fill("Frente al parque");
  await page.getByLabel("Ciudad").fill("San Pedro Sula");
  await page.getByLabel("Departamento").selectOption("Cortés");
  const proof = await sharp({
    create: { width: 60, height: 40, channels: 3, background: "#a05" },
  })
    .png()
    .toBuffer();
  await page
    .locator("#proofFile")
    .setInputFiles({ name: "pago.png", mimeType: "image/png", buffer: proof });
  if (javaScriptEnabled) await expect(page.getByText("Comprobante cargado")).toBeVisible();
}

test.describe("promo codes admin", () => {
  test("an admin creates a code, a shopper uses it, the admin deactivates it", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    db,
    createUser,
    login,
  }) => {
    // Two browsers, two checkouts and a dozen page loads on a busy two-core machine.
    test.slow();
    const code = `E2E${crypto.randomBytes(3).toString("hex")}`.toUpperCase();
    codes.push(code);
    const product = await createProduct(db, { price: 300_000, stock: 10 });
    products.push(product);

    await login(page, await createUser({ role: "admin" }));
    await page.goto("/admin/promo-codes");
    await page.getByRole("link", { name: "Nuevo código" }).click();
    await page.getByRole("button", { name: "Crear código" }).click();
    await expect(page.getByText("El código es obligatorio.")).toBeVisible();

    await page.getByLabel("Código", { exact: true }).fill(` ${code.toLowerCase()} `);
    await page.getByLabel("Descripción").fill("Prueba de extremo a extremo");
    await page.getByLabel("Tipo de descuento").selectOption("percentage");
    await page.getByLabel("Valor del descuento").fill("10");
    await page.getByLabel("Máximo de usos").fill("5");
    await page.getByRole("button", { name: "Crear código" }).click();
    await expect(page).toHaveURL(/\/admin\/promo-codes$/);
    await expect(page.getByRole("status").getByText("Código creado")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("10%");
    await expect(row).toContainText("0 / 5");
    await expect(row.getByText("Activo", { exact: true })).toBeVisible();

    const shopper = await shopperPage(browser, baseURL ?? "", javaScriptEnabled);
    await checkoutWithCode(shopper, product, code);
    await expect(shopper.getByText("¡Cupón aplicado!")).toBeVisible();
    await fillDelivery(shopper, javaScriptEnabled);
    // L 3,000 − 10% (L 300) + free shipping + L 450 ISV = L 3,150.
    const confirm = shopper.getByRole("button", { name: /^Confirmar Pedido/ });
    await expect(confirm).toHaveText("Confirmar Pedido · L 3,150.00");
    await confirm.click();
    await shopper.waitForURL(/\/order-success\?order=/);

    await page.reload();
    await expect(row).toContainText("1 / 5");
    // A used code cannot be deleted: the confirmation explains why instead.
    await row.getByText("Eliminar", { exact: true }).click();
    await expect(
      row.getByText(
        "No se puede eliminar un código que ya se usó (1 vez). Desactívalo para que no se pueda usar más.",
      ),
    ).toBeVisible();
    await expect(row.getByRole("button", { name: "Sí, eliminar" })).toHaveCount(0);

    await row.getByRole("button", { name: `Desactivar ${code}` }).click();
    await expect(page.getByRole("status").getByText("Código desactivado")).toBeVisible();
    await expect(row.getByText("Inactivo", { exact: true })).toBeVisible();

    await checkoutWithCode(shopper, product, code);
    await expect(shopper.getByText("Este cupón no está activo")).toBeVisible();
    await shopper.context().close();
  });

  test("an unused code is deleted after confirming", async ({ page, db, createUser, login }) => {
    const code = `E2E${crypto.randomBytes(3).toString("hex")}`.toUpperCase();
    codes.push(code);
    await db
      .insertInto("promoCodes")
      .values({ code, discountType: "fixed", discountValue: 15_000 })
      .execute();
    await login(page, await createUser({ role: "admin" }));
    await page.goto("/admin/promo-codes");
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("L 150.00");
    await row.getByText("Eliminar", { exact: true }).click();
    await expect(row.getByText(`¿Eliminar el código ${code}? No se puede deshacer.`)).toBeVisible();
    await row.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByRole("status").getByText("Código eliminado")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
  });
});
