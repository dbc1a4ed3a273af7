import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

/*
 * Decision 166: 'Pago en Tienda'. A verified customer picking up in the shop pays there; the
 * shop holds the order its days (the settings' store_payment_hold_days), then the deadlines'
 * job lets it go and the stock comes back.
 */

const products: CreatedProduct[] = [];
test.afterAll(async ({ db }) => {
  await deleteProducts(db, products);
});

test("a pickup paid at the shop is held its days, then cancelled with its stock back", async ({
  page,
  db,
  createUser,
  login,
}) => {
  const product = await createProduct(db, { price: 100_000, stock: 4 });
  products.push(product);
  const user = await createUser({ phone: "+504 9911-2233" });
  await login(page, user);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByText("Agregado al carrito").first()).toBeVisible();
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /Recoger en tienda/ }).check();
  await page.getByLabel(/Teléfono/).fill("99112233");
  const atShop = page.getByRole("radio", { name: /^Pago en Tienda/ });
  await expect(atShop).toBeVisible();
  await expect(page.getByText("Pagas al recoger tu pedido: lo guardamos 3 días.")).toBeVisible();
  await atShop.check();
  // Nothing to transfer: no receipt is asked.
  await expect(page.getByLabel("Comprobante de pago (imagen, máximo 5MB)")).toBeHidden();
  await page
    .getByRole("complementary", { name: "Resumen del pedido" })
    .getByRole("button", { name: /^Confirmar Pedido/ })
    .locator("visible=true")
    .click();
  await page.waitForURL(/\/order-success\?order=/);
  await expect(
    page.getByText("Tu pedido te espera en la tienda: lo pagas al recogerlo."),
  ).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("order")!;
  const stock = async () =>
    (
      await db
        .selectFrom("products")
        .select("stock")
        .where("id", "=", product.id)
        .executeTakeFirstOrThrow()
    ).stock;
  expect(await stock()).toBe(3);

  // Four days later the deadlines' job (the server runs it every 5 minutes) lets it go. It is
  // run here, on the server's database, with the store's own code.
  const placedAt = await db
    .selectFrom("orders")
    .select("createdAt")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  process.env.DATA_DIR = process.env.E2E_DATA_DIR;
  const { expireUnpaidTransfers } =
    await import("../../app/models/orders/transfer-deadlines.server");
  await expireUnpaidTransfers({ now: new Date(Date.parse(placedAt.createdAt) + 4 * 86_400_000) });
  const order = await db
    .selectFrom("orders")
    .select(["status", "paymentMethod"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  expect(order).toEqual({ status: "cancelled", paymentMethod: "store_pickup" });
  expect(await stock()).toBe(4);
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByText("Este pedido fue cancelado.")).toBeVisible();
});
