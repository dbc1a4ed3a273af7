import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { expect, test } from "./fixtures";

/*
 * Issue 12: an admin extends one unpaid transfer's deadline from the order page, and both the
 * admin and the customer see the new "Paga antes del …".
 */

const HOUR = 60 * 60 * 1000;
/** How the store writes a moment (D6: es-HN, Honduras time), as the customer reads it. */
const hondurasTime = new Intl.DateTimeFormat("es-HN", {
  timeZone: "America/Tegucigalpa",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const products: CreatedProduct[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0) {
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  }
  await deleteProducts(db, products.splice(0));
});

test("an admin extends an unpaid transfer's deadline, and the customer sees it", async ({
  page,
  browser,
  baseURL,
  db,
  createUser,
  login,
}) => {
  // Two sign-ins and four page loads: more than one page's budget on a busy machine.
  test.setTimeout(90_000);
  const customer = await createUser();
  const product = await createProduct(db, { stock: 5 });
  products.push(product);
  const createdAt = new Date(Date.now() - 10 * HOUR);
  const order = await createOrder(db, {
    lines: [{ product }],
    userId: customer.id,
    customerEmail: customer.email,
    createdAt: createdAt.toISOString(),
  });
  orders.push(order.id);
  const deadline = (hours: number) =>
    hondurasTime.format(new Date(createdAt.getTime() + hours * HOUR));

  await login(page, await createUser({ role: "admin", firstName: "Ana", lastName: "Plazos" }));
  await page.goto(`/admin/orders/${order.id}`);
  const section = page.getByRole("region", { name: "Plazo de pago" });
  await expect(section).toContainText(`Paga antes del ${deadline(72)}`);

  await section.getByRole("button", { name: "Extender plazo" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "No se pudo extender el plazo" }),
  ).toContainText("Indica las horas que quieres sumar o la nueva fecha límite.");

  await section.getByLabel("Sumar horas").fill("24");
  await section.getByRole("button", { name: "Extender plazo" }).click();
  await expect(page.getByRole("status").getByText("Plazo de pago extendido")).toBeVisible();
  await expect(section).toContainText(`Paga antes del ${deadline(96)}`);
  await expect(
    page.getByRole("list", { name: "Historial", exact: true }).getByRole("listitem").last(),
  ).toContainText(`Plazo de pago extendido, por Ana Plazos`);

  const context = await browser.newContext({ baseURL });
  const shopper = await context.newPage();
  await login(shopper, customer);
  await shopper.goto(`/order-confirmation/${order.id}`);
  // The transfer details list the deadline as a term and its date.
  await expect(shopper.getByText("Paga antes del", { exact: true })).toBeVisible();
  await expect(shopper.getByText(deadline(96), { exact: true })).toBeVisible();
  await context.close();
});
