import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { pdfTextOf } from "../setup/pdf-text";
import { expect, nextPostTo, test } from "./fixtures";

/*
 * Issue 42 (decisions 171–173): a buyer asks for an invoice with her RTN at checkout, the admin
 * approves her payment and the invoice is issued with it; she downloads its PDF from her order's
 * page. The admin cancels the order and finds the credit note that reverses it, on the order and
 * in the books. The shop's fiscal data and ranges are entered in the store's database (their
 * forms are tested in fiscal-books.test.ts), the same for both projects, which take numbers from
 * them in turn.
 */

const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
const products: CreatedProduct[] = [];
test.afterAll(async ({ db }) => {
  await deleteProducts(db, products);
});

type Db = Parameters<typeof createProduct>[0];

/** The project's invoice and credit-note ranges (never removed: documents are numbered from them). */
async function ensureRanges(db: Db) {
  const deadline = new Date(Date.now() + 365 * 86_400_000).toISOString();
  for (const [kind, type] of [
    ["invoice", "01"],
    ["credit_note", "03"],
  ] as const) {
    await db
      .insertInto("fiscalRanges")
      .values({
        kind,
        cai: CAI,
        prefix: `000-001-${type}-`,
        firstNumber: 1,
        lastNumber: 99_999,
        nextNumber: 1,
        deadline,
        createdAt: new Date().toISOString(),
        createdBy: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

async function statusPost(page: Page, button: string, toast: string) {
  const answered = nextPostTo(page, new URL(page.url()).pathname);
  await page.getByRole("button", { name: button }).click();
  await answered;
  await expect(page.getByRole("status").getByText(toast)).toBeVisible();
}

test("a buyer with an RTN pays, the admin approves, she downloads the invoice; a cancellation issues its credit note", async ({
  page,
  browser,
  baseURL,
  db,
  createUser,
  login,
  setSetting,
}, testInfo) => {
  // A checkout, the admin's approval and cancellation in a second browser, two PDFs.
  test.setTimeout(120_000);
  await ensureRanges(db);
  await setSetting("fiscal_rtn", "08019012345678");
  await setSetting("fiscal_invoicing", "true");
  const product = await createProduct(db, { price: 150_000, stock: 5 });
  products.push(product);

  const buyer = await createUser({ firstName: "Marta", lastName: "Zelaya" });
  await login(page, buyer);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByText("Agregado al carrito").first()).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Nombre", { exact: true }).fill("Marta");
  await page.getByLabel("Apellido", { exact: true }).fill("Zelaya");
  await page
    .getByLabel("Correo electrónico")
    .fill(`e2e-${crypto.randomBytes(3).toString("hex")}@example.com`);
  await page.getByLabel("Dirección", { exact: true }).fill("Colonia Palmira, calle 5, casa 12");
  await page.getByLabel("Punto de referencia").fill("Frente al parque");
  await page.getByLabel("Ciudad").fill("San Pedro Sula");
  await page.getByLabel("Departamento").selectOption("Cortés");
  // "Factura a nombre de" waits closed; the shopper opens it.
  const rtn = page.getByLabel("RTN", { exact: true });
  await expect(rtn).toBeHidden();
  await page.getByText("Factura a nombre de (opcional)").click();
  await rtn.fill("0501-1985-004321");
  await page.getByLabel("Nombre o razón social").fill("Zelaya & Asociados");
  await page.getByLabel(/Transferiré después/).check();
  await page
    .getByRole("button", { name: /^Confirmar Pedido/ })
    .first()
    .click();
  await page.waitForURL(/\/order-success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const order = await db
    .selectFrom("orders")
    .select(["orderNumber", "invoiceRtn", "invoiceName"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  expect(order).toMatchObject({ invoiceRtn: "05011985004321", invoiceName: "Zelaya & Asociados" });

  // Before the payment: no invoice yet, and who it will name.
  await page.goto(`/order-confirmation/${orderId}`);
  const section = page.getByRole("region", { name: "Factura" });
  await expect(section.getByText("Tu factura se emite cuando se confirma el pago")).toBeVisible();
  // Until then she may change who it names: a wrong RTN is refused with its message first.
  const save = section.getByRole("button", { name: "Guardar datos de factura" });
  await section.getByLabel("RTN", { exact: true }).fill("0501-19");
  await save.click();
  await expect(
    section.getByText("El RTN tiene 14 dígitos, por ejemplo 0801-1990-123456."),
  ).toBeVisible();
  await section.getByLabel("RTN", { exact: true }).fill("0501-1985-004321");
  await section.getByLabel("Nombre o razón social").fill("Zelaya & Asociados S. de R.L.");
  await save.click();
  await expect(page.getByRole("status").getByText("Datos de la factura guardados")).toBeVisible();
  await expect(
    section.getByText("Zelaya & Asociados S. de R.L. (RTN 0501-1985-004321)"),
  ).toBeVisible();

  // The admin approves the payment: the invoice is issued with it.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await login(admin, await createUser({ role: "admin" }));
  await admin.goto(`/admin/orders/${orderId}`);
  await statusPost(admin, "Aprobar Pago", "Estado actualizado");
  const invoice = await db
    .selectFrom("fiscalDocuments")
    .select("number")
    .where("orderId", "=", orderId)
    .executeTakeFirstOrThrow();
  expect(invoice.number).toMatch(/^000-001-01-\d{8}$/);
  const fiscal = admin.getByRole("region", { name: "Facturación" });
  await expect(fiscal.getByText(`Factura No. ${invoice.number}`, { exact: true })).toBeVisible();

  // The buyer finds it on her order's page and downloads its PDF.
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(section.getByText(`Factura No. ${invoice.number}`, { exact: true })).toBeVisible();
  await expect(section.getByRole("textbox")).toHaveCount(0);
  const download = page.waitForEvent("download");
  await section
    .getByRole("link", { name: `Descargar PDF de la Factura No. ${invoice.number}` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`factura-${invoice.number}.pdf`);
  const saved = testInfo.outputPath("factura.pdf");
  await file.saveAs(saved);
  const text = await pdfTextOf(fs.readFileSync(saved));
  for (const expected of [
    invoice.number,
    CAI,
    "0501-1985-004321",
    "Zelaya & Asociados S. de R.L.",
    "0801-9012-345678",
  ]) {
    expect(text).toContain(expected);
  }
  // And its page, to print.
  await section
    .getByRole("link", { name: `Ver e imprimir la Factura No. ${invoice.number}` })
    .click();
  await expect(page.getByRole("heading", { name: /FACTURA/ })).toBeVisible();
  await expect(page.getByText("Original: Cliente")).toBeVisible();

  // The admin cancels the order: a credit note reverses the invoice.
  await admin.getByText("Más acciones", { exact: true }).click();
  await admin.getByLabel("Notas para cancelar pedido").fill("La clienta desistió");
  await statusPost(admin, "Cancelar Pedido", "Pedido cancelado");
  const note = await db
    .selectFrom("fiscalDocuments")
    .select("number")
    .where("orderId", "=", orderId)
    .where("kind", "=", "credit_note")
    .executeTakeFirstOrThrow();
  expect(note.number).toMatch(/^000-001-03-\d{8}$/);
  await expect(
    fiscal.getByText(`Nota de crédito No. ${note.number}`, { exact: true }),
  ).toBeVisible();
  await expect(fiscal.getByText(`Anulada por la nota de crédito No. ${note.number}`)).toBeVisible();

  // In the books, found by the invoice's number, both stand.
  await admin.goto(`/admin/facturacion?mes=todos&q=${encodeURIComponent(invoice.number)}`);
  const books = admin.getByRole("main");
  await expect(books.getByText(invoice.number).first()).toBeVisible();
  await expect(books.getByText(note.number).first()).toBeVisible();
  await adminContext.close();
});
