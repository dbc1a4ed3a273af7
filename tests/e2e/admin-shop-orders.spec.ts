import crypto from "node:crypto";
import {
  createProduct,
  deleteProducts,
  stockOf,
  type CreatedProduct,
} from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

/*
 * Decision 167 (issue 41, point 3): an administrator enters a WhatsApp order for a new customer
 * in 'Nuevo pedido', with JavaScript and without it, on an office screen.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const created: CreatedProduct[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0) {
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  }
  await deleteProducts(db, created.splice(0));
});

test("an admin enters a WhatsApp order for a new customer, paid on delivery", async ({
  page,
  db,
  createUser,
  login,
}) => {
  // Letters only: a name holds no digits.
  const tag = crypto
    .randomBytes(3)
    .toString("hex")
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);
  const product = await createProduct(db, {
    name: `Brisa Marina ${tag}`,
    price: 180_000,
    stock: 5,
  });
  created.push(product);
  const admin = await createUser({ role: "admin", firstName: "Ana", lastName: `Tienda${tag}` });
  await login(page, admin);

  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "Nuevo pedido" }).click();
  await expect(page.getByRole("heading", { name: "Nuevo pedido" })).toBeVisible();

  // Step 1: a new customer, no e-mail.
  await page.getByLabel("Nombre", { exact: true }).fill("Marta");
  await page.getByLabel("Apellido", { exact: true }).fill(`Whatsapp${tag}`);
  await page.getByLabel("Teléfono", { exact: true }).fill("+504 9876-5432");
  await page.getByRole("button", { name: "Continuar con este cliente" }).click();
  await expect(page.getByText(`Marta Whatsapp${tag} · +504 9876-5432`)).toBeVisible();

  // Step 2: find the perfume, see its stock, add two.
  await page.getByLabel("Buscar producto o marca").fill(`Brisa Marina ${tag}`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Stock: 5")).toBeVisible();
  await page.getByLabel(`Cantidad de ${product.name}`).fill("2");
  await page.getByRole("button", { name: `Agregar ${product.name}` }).click();
  await expect(page.getByText(`2 × ${product.name} (100ml)`)).toBeVisible();
  await page.getByRole("link", { name: "Continuar a envío y pago" }).click();

  // Step 3: delivery, cash on delivery (off for shoppers: the note is required).
  await page.getByLabel("Departamento").selectOption("Cortés");
  await page.getByLabel("Ciudad").fill("San Pedro Sula");
  await page.getByLabel("Dirección").fill("Barrio Guamilito, 3 calle");
  await page.getByLabel("Referencia").fill("Casa azul, portón negro");
  await page.getByLabel("Pago Contra Entrega").check();
  const create = page.getByRole("button", { name: "Crear pedido" });
  await expect(create).toBeInViewport();
  await create.click();
  await expect(page.getByRole("alert").filter({ hasText: "escribe en la nota" })).toBeVisible();
  expect(await stockOf(db, product.id)).toBe(5);

  await page.getByLabel("Nota sobre el pago").fill("Pedido por WhatsApp; paga al recibir.");
  await expect(page.getByLabel("Pago Contra Entrega")).toBeChecked();
  await page.getByRole("button", { name: "Crear pedido" }).click();

  await expect(page.getByRole("heading", { name: /^Pedido PH-/ })).toBeVisible();
  orders.push(page.url().split("/").pop()!);
  await expect(page.getByText("Pago Contra Entrega", { exact: true })).toBeVisible();
  const history = page.getByRole("list", { name: "Historial" });
  await expect(history).toContainText(`Pedido creado por la tienda, por Ana Tienda${tag}`);
  await expect(history).toContainText("Notas: Pedido por WhatsApp; paga al recibir.");
  expect(await stockOf(db, product.id)).toBe(3);
});
