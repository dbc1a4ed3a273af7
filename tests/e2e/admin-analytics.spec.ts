import fs from "node:fs";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder, type CreatedOrder } from "../../seed/factories/orders";
import { expect, test } from "./fixtures";

/*
 * D30 end to end: the admin opens /admin/analytics, narrows the period with the date form, sees
 * the figures of the orders this test placed in that period (summed here), reads a chart's data
 * table and downloads the period's orders as CSV. Each project uses a year of its own, long
 * past, so the two projects (and the other specs' orders, all placed today) never mix.
 */

const products: CreatedProduct[] = [];
const orders: CreatedOrder[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0) {
    await db
      .deleteFrom("orders")
      .where(
        "id",
        "in",
        orders.splice(0).map((order) => order.id),
      )
      .execute();
  }
  await deleteProducts(db, products.splice(0));
});

/** L 1,234.50, as the page writes money. */
const money = (centavos: number) =>
  `L ${(centavos / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

test.describe("analytics admin", () => {
  test("the period filter changes the figures; a chart has its table; the CSV downloads", async ({
    page,
    db,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    test.slow();
    const year = javaScriptEnabled ? 2019 : 2018;
    const march = { from: `${year}-03-01`, to: `${year}-03-31` };
    const may = { from: `${year}-05-01`, to: `${year}-05-31` };
    const product = await createProduct(db, { price: 120_000 });
    products.push(product);
    const place = async (createdAt: string, status: CreatedOrder["status"], quantity: number) => {
      const order = await createOrder(db, {
        lines: [{ product, quantity }],
        takeStock: false,
        status,
        createdAt,
        customerName: "Adriana Núñez",
      });
      orders.push(order);
      return order;
    };
    const marchSold = [
      await place(`${year}-03-05T18:00:00.000Z`, "paid", 2),
      await place(`${year}-03-20T18:00:00.000Z`, "delivered", 1),
    ];
    const marchPending = await place(`${year}-03-25T18:00:00.000Z`, "pending", 4);
    const maySold = [await place(`${year}-05-10T18:00:00.000Z`, "shipped", 3)];

    await login(page, await createUser({ role: "admin" }));
    await page.goto("/admin/analytics");
    const cards = page.getByRole("list", { name: "Resumen" });
    for (const card of [
      "Ventas totales",
      "Pedidos este mes",
      "Productos vendidos",
      "Clientes nuevos",
    ])
      await expect(cards.getByText(card)).toBeVisible();
    await expect(page.getByRole("img", { name: /Ventas por mes, últimos 12 meses/ })).toBeVisible();

    const periodSales = page.locator("dl > div").filter({ hasText: "Ventas del período" });
    const applyPeriod = async (range: { from: string; to: string }) => {
      await page.getByLabel("Desde").fill(range.from);
      await page.getByLabel("Hasta").fill(range.to);
      await page.getByRole("button", { name: "Aplicar" }).click();
      await expect(page).toHaveURL(new RegExp(`from=${range.from}&to=${range.to}`));
    };

    await applyPeriod(march);
    await expect(periodSales).toContainText(money(sum(marchSold.map((o) => o.total))));
    await expect(
      page.locator("dl > div").filter({ hasText: "Pedidos con pago confirmado" }),
    ).toContainText("2");
    const top = page.getByRole("region", { name: "Top 5 productos" });
    await expect(top.getByRole("img", { name: /Top 5 productos/ })).toBeVisible();
    await top.getByText("Ver datos en tabla").click();
    const row = top.getByRole("row", { name: new RegExp(product.name) });
    // Units of the sales only: the pending order's 4 do not count.
    await expect(row.getByRole("cell").first()).toHaveText("3");
    const status = page.getByRole("region", { name: "Pedidos por estado" });
    await status.getByText("Ver datos en tabla").click();
    await expect(status.getByRole("row", { name: /Pendiente/ })).toContainText(
      money(marchPending.total),
    );

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar pedidos (CSV)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pedidos-${march.from}-a-${march.to}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Pedido;Fecha;Estado;Venta;Cliente;/);
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(
      [...marchSold, marchPending].map((o) => o.orderNumber),
    );
    expect(lines[1]).toContain(";Adriana Núñez;");

    await applyPeriod(may);
    await expect(periodSales).toContainText(money(sum(maySold.map((o) => o.total))));

    await applyPeriod({ from: may.to, to: may.from });
    await expect(
      page.getByText("La fecha de inicio no puede ser posterior a la fecha de fin."),
    ).toBeVisible();
  });
});
