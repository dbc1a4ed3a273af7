import { beforeAll, describe, expect, it } from "vitest";
import { getAnalytics, parseRange, RANGE_ERRORS } from "~/models/analytics/analytics.server";
import { getDashboardStats } from "~/models/analytics/dashboard.server";
import { loader as pageLoader } from "~/routes/admin.analytics";
import { loader as exportLoader } from "~/routes/admin.analytics_.export";
import { db } from "~/utils/db.server";
import type { NewOrder, OrderStatus } from "#db/types";
import { createProduct, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder, type CreatedOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import { get, settle, signedInCookie } from "../setup/route-helpers";

/*
 * The analytics over a store this file builds from nothing (each test file has its own
 * database). Every expected figure is summed here from the orders the file created, with the
 * rules written out again (a sale is paid onwards, decision 048; days and months are Honduras
 * time, UTC−6), never read back from the model.
 */

// Noon of 24 November 2026 in Tegucigalpa: "this month" began at 2026-11-01T06:00Z.
const NOW = new Date("2026-11-24T18:00:00.000Z");
const RANGE = { from: "2026-11-01", to: "2026-11-10" };
const RANGE_START = "2026-11-01T06:00:00.000Z";
const RANGE_END = "2026-11-11T06:00:00.000Z"; // exclusive: 10 November ends at 05:59:59.999Z

const SALE: OrderStatus[] = ["paid", "processing", "shipped", "delivered"];
const isSale = (order: { status: OrderStatus }) => SALE.includes(order.status);
const inRange = (order: { createdAt: string }) =>
  order.createdAt >= RANGE_START && order.createdAt < RANGE_END;
const hondurasMonth = (iso: string) =>
  new Date(Date.parse(iso) - 6 * 3600 * 1000).toISOString().slice(0, 7);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

type Line = { product: CreatedProduct; quantity: number };
const created: { order: CreatedOrder; lines: Line[] }[] = [];
let products: CreatedProduct[];
let deleted: CreatedProduct;
let adminCookie: string;

async function order(
  createdAt: string,
  status: OrderStatus,
  lines: Line[],
  extra: Partial<NewOrder> = {},
) {
  const placed = await createOrder(db, { lines, takeStock: false, status, createdAt, ...extra });
  created.push({ order: placed, lines });
  return placed;
}

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  // Six products with distinct sales, so the top 5 has one answer; one more is deleted later.
  products = [
    await createProduct(db, { price: 100_000, category: "fragrance", gender: "feminine" }),
    await createProduct(db, { price: 250_000, category: "fragrance", gender: "masculine" }),
    await createProduct(db, { price: 40_000, category: "makeup", gender: "unisex" }),
    await createProduct(db, { price: 60_000, category: "skincare", gender: "feminine" }),
    await createProduct(db, { price: 80_000, category: "bodycare", gender: "unisex" }),
    await createProduct(db, { price: 30_000, category: "accessories", gender: "unisex" }),
  ];
  deleted = await createProduct(db, { price: 90_000, category: "haircare", gender: "masculine" });
  const [a, b, c, d, e, f] = products;

  // In the range, at both edges and between, every status and method.
  await order(RANGE_START, "paid", [
    { product: a, quantity: 3 },
    { product: c, quantity: 1 },
  ]);
  await order("2026-11-03T15:00:00.000Z", "delivered", [{ product: b, quantity: 2 }], {
    paymentMethod: "cash_on_delivery",
    shippingMethod: "express",
  });
  await order("2026-11-05T15:00:00.000Z", "shipped", [{ product: d, quantity: 4 }], {
    customerName: 'Ramón Núñez; "La Jefa"',
  });
  await order("2026-11-06T15:00:00.000Z", "processing", [{ product: e, quantity: 5 }], {
    paymentMethod: "store_pickup",
    shippingMethod: "pickup",
    customerName: "=HYPERLINK(1)",
  });
  await order("2026-11-07T15:00:00.000Z", "delivered", [
    { product: f, quantity: 6 },
    { product: deleted, quantity: 7 },
  ]);
  await order("2026-11-08T15:00:00.000Z", "pending", [{ product: a, quantity: 9 }]);
  await order("2026-11-09T15:00:00.000Z", "cancelled", [{ product: b, quantity: 9 }]);
  await order("2026-11-11T05:59:59.999Z", "denied", [{ product: c, quantity: 9 }]);
  // Just outside the range, on both sides.
  await order("2026-11-01T05:59:59.999Z", "paid", [{ product: a, quantity: 1 }]);
  await order(RANGE_END, "delivered", [{ product: b, quantity: 1 }]);
  // Later this month, and in earlier months (December 2025 is the oldest of the 12).
  await order("2026-11-20T15:00:00.000Z", "paid", [{ product: c, quantity: 2 }]);
  await order("2026-03-15T15:00:00.000Z", "delivered", [{ product: d, quantity: 1 }]);
  await order("2025-12-01T06:00:00.000Z", "shipped", [{ product: e, quantity: 1 }]);
  await order("2025-12-01T05:59:59.000Z", "delivered", [{ product: f, quantity: 1 }]);
  await order("2025-12-10T15:00:00.000Z", "cancelled", [{ product: f, quantity: 1 }]);

  // The product is deleted after it sold: its lines keep their name, its category is gone.
  await db.deleteFrom("products").where("id", "=", deleted.id).execute();

  // Customers: two this month, one last month; admins are not customers.
  await createUser(db, { createdAt: "2026-11-01T06:00:00.000Z" });
  await createUser(db, { createdAt: "2026-11-20T10:00:00.000Z" });
  await createUser(db, { createdAt: "2026-11-01T05:59:59.000Z" });
  await createUser(db, { role: "admin", createdAt: "2026-11-02T10:00:00.000Z" });

  // Carts still open: a customer's (two lines, last changed in the range), a guest's in the
  // range, and a guest's changed after it.
  const shopper = await createUser(db, { createdAt: "2026-01-05T10:00:00.000Z" });
  await db
    .insertInto("cartItems")
    .values([
      { userId: shopper.id, productId: a.id, quantity: 1, updatedAt: "2026-10-20T10:00:00.000Z" },
      { userId: shopper.id, productId: b.id, quantity: 1, updatedAt: "2026-11-04T10:00:00.000Z" },
      { sessionId: "guest-in-range", productId: c.id, quantity: 2, updatedAt: RANGE_START },
      { sessionId: "guest-later", productId: c.id, quantity: 1, updatedAt: RANGE_END },
    ])
    .execute();
});

describe("the date range", () => {
  it("defaults to the last 30 Honduras days, today included", () => {
    // 03:00Z on the 1st is still 31 October in Tegucigalpa.
    const early = new Date("2026-11-01T03:00:00.000Z");
    expect(parseRange(new URLSearchParams(), early)).toEqual({
      range: { from: "2026-10-02", to: "2026-10-31" },
      error: null,
    });
    expect(parseRange(new URLSearchParams("to=2026-03-01"), NOW).range).toEqual({
      from: "2026-01-31",
      to: "2026-03-01",
    });
    expect(parseRange(new URLSearchParams("from=2026-11-01"), NOW).range).toEqual({
      from: "2026-11-01",
      to: "2026-11-24",
    });
  });

  it("refuses impossible dates and a start after the end, in Spanish", () => {
    const fallback = { from: "2026-10-26", to: "2026-11-24" };
    for (const query of ["from=2026-02-30", "to=24/11/2026", "from=ayer"]) {
      expect(parseRange(new URLSearchParams(query), NOW)).toEqual({
        range: fallback,
        error: "Escribe una fecha válida.",
      });
    }
    expect(parseRange(new URLSearchParams("from=2026-11-10&to=2026-11-01"), NOW)).toEqual({
      range: fallback,
      error: "La fecha de inicio no puede ser posterior a la fecha de fin.",
    });
    // One day is a range.
    expect(parseRange(new URLSearchParams("from=2026-11-10&to=2026-11-10"), NOW).error).toBeNull();
  });
});

describe("the figures, summed independently", () => {
  it("fills the four cards", async () => {
    const all = created.map((entry) => entry.order);
    const thisMonth = created.filter((entry) => entry.order.createdAt >= RANGE_START);
    const { cards } = await getAnalytics(RANGE, { now: NOW });
    expect(cards).toEqual({
      totalSales: sum(all.filter(isSale).map((o) => o.total)),
      ordersThisMonth: thisMonth.length,
      soldOrdersThisMonth: thisMonth.filter((entry) => isSale(entry.order)).length,
      productsSoldThisMonth: sum(
        thisMonth
          .filter((entry) => isSale(entry.order))
          .flatMap((entry) => entry.lines.map((line) => line.quantity)),
      ),
      newCustomersThisMonth: 2,
    });
    // One definition of a sale: the dashboard's "Ventas totales" is the same figure.
    expect(cards.totalSales).toBe((await getDashboardStats(db, NOW)).totalSales);
  });

  it("sums the sales of the last 12 months, month by month in Honduras time", async () => {
    const { months } = await getAnalytics(RANGE, { now: NOW });
    expect(months.map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    for (const month of months) {
      const sold = created
        .map((entry) => entry.order)
        .filter((o) => isSale(o) && hondurasMonth(o.createdAt) === month.month);
      expect(month).toEqual({
        month: month.month,
        orders: sold.length,
        sales: sum(sold.map((o) => o.total)),
      });
    }
    // 05:59:59 on 1 December UTC is still 30 November 2025 in Honduras: outside the 12 months.
    expect(months[0].orders).toBe(1);
    // 05:59:59.999 on 1 November UTC was October in Honduras.
    expect(months[10].orders).toBe(1);
  });

  it("sums the range's panels: sales, average, top products, categories, genders", async () => {
    const sold = created.filter((entry) => isSale(entry.order) && inRange(entry.order));
    const lines = sold.flatMap((entry) => entry.lines);
    const analytics = await getAnalytics(RANGE, { now: NOW });

    const sales = sum(sold.map((entry) => entry.order.total));
    expect(analytics.sales).toEqual({
      orders: sold.length,
      sales,
      averageOrderValue: Math.round(sales / sold.length),
    });

    const byProduct = new Map<number, { name: string; units: number; revenue: number }>();
    for (const { product, quantity } of lines) {
      const entry = byProduct.get(product.id) ?? { name: product.name, units: 0, revenue: 0 };
      entry.units += quantity;
      entry.revenue += product.price * quantity;
      byProduct.set(product.id, entry);
    }
    const top = [...byProduct.entries()]
      .sort(([, x], [, y]) => y.units - x.units)
      .slice(0, 5)
      .map(([id, entry]) => ({ productId: id === deleted.id ? null : id, ...entry }));
    expect(analytics.top).toEqual(top);
    // The deleted product sold the most units and keeps its name.
    expect(analytics.top[0]).toMatchObject({ productId: null, name: deleted.name, units: 7 });

    const groupBy = (key: (product: CreatedProduct) => string | null) => {
      const groups = new Map<
        string | null,
        { key: string | null; units: number; revenue: number }
      >();
      for (const { product, quantity } of lines) {
        const k = product.id === deleted.id ? null : key(product);
        const group = groups.get(k) ?? { key: k, units: 0, revenue: 0 };
        group.units += quantity;
        group.revenue += product.price * quantity;
        groups.set(k, group);
      }
      return [...groups.values()].sort((x, y) => y.revenue - x.revenue);
    };
    expect(analytics.categories).toEqual(groupBy((product) => product.category));
    expect(analytics.genders).toEqual(groupBy((product) => product.gender));
  });

  it("splits the range by payment method, shipping method and status", async () => {
    const placed = created.map((entry) => entry.order).filter(inRange);
    const sold = placed.filter(isSale);
    const analytics = await getAnalytics(RANGE, { now: NOW });
    const split = <K extends string>(keys: K[], of: (o: CreatedOrder) => K) =>
      keys.map((key) => {
        const matching = sold.filter((o) => of(o) === key);
        return { key, orders: matching.length, sales: sum(matching.map((o) => o.total)) };
      });
    expect(analytics.payments).toEqual(
      split(["bank_transfer", "cash_on_delivery", "store_pickup"], (o) => o.paymentMethod),
    );
    expect(analytics.shipping).toEqual(
      split(["standard", "express", "pickup"], (o) => o.shippingMethod),
    );
    const statuses: OrderStatus[] = [
      "pending",
      "paid",
      "processing",
      "shipped",
      "delivered",
      "cancelled",
      "denied",
    ];
    expect(analytics.statuses).toEqual(
      statuses.map((status) => {
        const matching = placed.filter((o) => o.status === status);
        return { status, orders: matching.length, amount: sum(matching.map((o) => o.total)) };
      }),
    );
  });

  it("converts carts to orders: orders placed against carts left open in the range", async () => {
    const placed = created.map((entry) => entry.order).filter(inRange).length;
    const { carts } = await getAnalytics(RANGE, { now: NOW });
    // The customer's cart (its last change in the range) and the first guest's.
    expect(carts).toEqual({ ordersPlaced: placed, openCarts: 2, rate: placed / (placed + 2) });
    const empty = await getAnalytics({ from: "2020-01-01", to: "2020-01-31" }, { now: NOW });
    expect(empty.carts).toEqual({ ordersPlaced: 0, openCarts: 0, rate: null });
    expect(empty.sales).toEqual({ orders: 0, sales: 0, averageOrderValue: 0 });
  });
});

describe("the page", () => {
  it("answers the range of the URL", async () => {
    const response = await settle(() =>
      pageLoader({
        request: get("/admin/analytics?from=2026-11-01&to=2026-11-10", adminCookie),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data).toMatchObject({ range: RANGE, input: RANGE, error: null });
    const sold = created.map((entry) => entry.order).filter((o) => isSale(o) && inRange(o));
    expect(data.analytics.sales.sales).toBe(sum(sold.map((o) => o.total)));
  });

  it("refuses a reversed range with 400, keeps what was typed and shows the default", async () => {
    const response = await settle(() =>
      pageLoader({
        request: get("/admin/analytics?from=2026-11-10&to=2026-11-01", adminCookie),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.error).toBe(RANGE_ERRORS.reversed);
    expect(data.input).toEqual({ from: "2026-11-10", to: "2026-11-01" });
    expect(data.range).toEqual(parseRange(new URLSearchParams()).range);
  });
});

describe("the CSV export", () => {
  const download = (query: string, cookie = adminCookie) =>
    settle(() =>
      exportLoader({
        request: get(`/admin/analytics/export?${query}`, cookie),
        params: {},
        context: {},
      }),
    );

  it("is UTF-8 with a BOM, `;`-separated, one line per order in the range", async () => {
    const response = await download("from=2026-11-01&to=2026-11-10");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="pedidos-2026-11-01-a-2026-11-10.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines[0]).toBe(
      "Pedido;Fecha;Estado;Venta;Cliente;Correo;Teléfono;Ciudad;Departamento;Método de pago;" +
        "Método de envío;Unidades;Subtotal (L);Envío (L);ISV (L);Descuento (L);Total (L);Cupón",
    );
    const expected = created
      .map((entry) => entry.order)
      .filter(inRange)
      .sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(
      expected.map((o) => o.orderNumber),
    );

    // The first order: 00:00 of 1 November in Honduras, amounts in lempiras with 2 decimals.
    const first = expected[0];
    const lempiras = (centavos: number) => (centavos / 100).toFixed(2);
    expect(lines[1]).toBe(
      [
        first.orderNumber,
        "2026-11-01 00:00",
        "Pagado",
        "Sí",
        "Lucía Prueba",
        first.customerEmail,
        // A leading + would make Excel read the phone as a formula: the apostrophe keeps it text.
        "'+504 9999-0000",
        "Tegucigalpa",
        "Francisco Morazán",
        "Transferencia Bancaria",
        "Envío estándar",
        "4",
        lempiras(first.subtotal),
        lempiras(first.shippingCost),
        lempiras(first.tax),
        "0.00",
        lempiras(first.total),
        "",
      ].join(";"),
    );
    // A separator or a quote in a field is quoted; a formula is defused.
    expect(text).toContain(';"Ramón Núñez; ""La Jefa""";');
    expect(text).toContain(";'=HYPERLINK(1);");
    expect(text).toMatch(/;Pendiente;No;/);
  });

  it("refuses an invalid range, and a customer", async () => {
    const response = await download("from=2026-11-10&to=2026-11-01");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(RANGE_ERRORS.reversed);
    const customer = await signedInCookie(
      (await createUser(db, { createdAt: "2020-01-01T12:00:00.000Z" })).id,
    );
    expect((await download("", customer)).status).toBe(403);
  });
});
