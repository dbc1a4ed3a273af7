import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewOrder } from "../../db/types";

/*
 * Orders as checkout leaves them (D18: the stock of each line is taken in the same
 * transaction), written straight through Kysely so integration and e2e tests share it.
 */

export type OrderLine = {
  product: { id: number; name: string; price: number };
  quantity?: number;
  size?: string;
};

let serial = 0;

/** A unique order number in the D14 shape (PH-yymmdd-NNNN, at most 20 characters). */
export function testOrderNumber() {
  serial = (serial + 1) % 10_000;
  const random = crypto.randomInt(0, 100_000).toString().padStart(5, "0");
  return `PH-T${random}-${String(serial).padStart(4, "0")}`;
}

export async function createOrder(
  db: Kysely<Database>,
  options: {
    lines: OrderLine[];
    /** Take the units from the products' stock, as placing the order does (default true). */
    takeStock?: boolean;
  } & Partial<NewOrder>,
) {
  const { lines, takeStock = true, ...overrides } = options;
  const subtotal = lines.reduce((sum, line) => sum + line.product.price * (line.quantity ?? 1), 0);
  const shippingCost = overrides.shippingCost ?? (subtotal >= 200_000 ? 0 : 15_000);
  const tax = Math.round(subtotal * 0.15);
  const couponDiscount = overrides.couponDiscount ?? 0;
  const order = await db
    .insertInto("orders")
    .values({
      id: crypto.randomUUID(),
      userId: null,
      sessionId: null,
      orderNumber: testOrderNumber(),
      status: "pending",
      paymentMethod: "bank_transfer",
      shippingMethod: "standard",
      subtotal,
      shippingCost,
      tax,
      couponDiscount,
      total: Math.max(0, subtotal + shippingCost + tax - couponDiscount),
      customerName: "Lucía Prueba",
      customerEmail: `pedido-${crypto.randomBytes(4).toString("hex")}@example.com`,
      customerPhone: "+504 9999-0000",
      shippingAddress: "Colonia Palmira, Calle 3, casa 12, Tegucigalpa, Francisco Morazán",
      shippingCity: "Tegucigalpa",
      shippingZone: "Francisco Morazán",
      ...overrides,
    })
    .returning(["id", "orderNumber", "customerEmail", "status", "subtotal", "total", "userId"])
    .executeTakeFirstOrThrow();
  await db
    .insertInto("orderItems")
    .values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.product.id,
        size: line.size ?? "100ml",
        quantity: line.quantity ?? 1,
        price: line.product.price,
        productName: line.product.name,
        productImage: null,
      })),
    )
    .execute();
  if (takeStock) {
    for (const line of lines) {
      await db
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "-", line.quantity ?? 1) }))
        .where("id", "=", line.product.id)
        .execute();
    }
  }
  return order;
}
