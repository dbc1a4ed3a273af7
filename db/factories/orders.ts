import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely, Selectable } from "kysely";
import type { Database, NewOrder, PromoCodesTable } from "../types";
import { promoDiscount } from "../../app/models/promotions/coupons";
import { formatOrderNumber, unusedOrderNumber } from "../../app/models/orders/number";
import { orderTotals, priceForSize } from "../../app/models/checkout/pricing";
import { storeSettings } from "./settings";

/*
 * Orders as checkout leaves them, written straight through Kysely so that integration tests,
 * e2e tests and the demo seed share them: lines priced by size, totals by the checkout's own
 * arithmetic over the store's settings (D11, D19), a D14 number, the stock taken (D18) and the
 * promo code's use counted (D20).
 */

export type OrderLine = {
  product: { id: number; name: string; price: number; size?: string; images?: string };
  quantity?: number;
  /** the product's main size when absent */
  size?: string;
};

/** What checkout computes is not an override: the totals and the number follow the rules. */
type OrderOverrides = Omit<
  Partial<NewOrder>,
  | "orderNumber"
  | "subtotal"
  | "shippingCost"
  | "tax"
  | "couponDiscount"
  | "total"
  | "couponCode"
  | "promoCodeId"
>;

export type OrderOptions = OrderOverrides & {
  lines: OrderLine[];
  /** Take the units from the products' stock, as placing the order does (default true). */
  takeStock?: boolean;
  /** The promo code the order was placed with: its discount is taken and one use counted. */
  promo?: Pick<Selectable<PromoCodesTable>, "id" | "code" | "discountType" | "discountValue">;
  /** The D14 serial (the seed draws it from its PRNG); a free one is picked when absent. */
  serial?: number;
};

/** A D14 number for the order's day that no order has yet, drawn as the app draws them. */
function freeOrderNumber(db: Kysely<Database>, created: Date) {
  return unusedOrderNumber(created, async (candidate) => {
    const taken = await db
      .selectFrom("orders")
      .select("id")
      .where("orderNumber", "=", candidate)
      .executeTakeFirst();
    return taken !== undefined;
  });
}

function priceLine(line: OrderLine) {
  const mainSize = line.product.size ?? "100ml";
  const size = line.size ?? mainSize;
  const price = priceForSize(line.product.price, mainSize, size);
  if (price === null) throw new Error(`Tamaño que la tienda no vende: ${size}`);
  const images = line.product.images ? (JSON.parse(line.product.images) as string[]) : [];
  return { ...line, size, price, quantity: line.quantity ?? 1, image: images[0] ?? null };
}

/** A pending bank-transfer order of a guest, shipped standard to Tegucigalpa, unless told otherwise. */
export async function createOrder(db: Kysely<Database>, options: OrderOptions) {
  const { lines, takeStock = true, promo, serial, ...overrides } = options;
  const items = lines.map(priceLine);
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const created = new Date(createdAt);
  const method = overrides.shippingMethod ?? "standard";
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const totals = orderTotals({
    lines: items,
    method,
    couponDiscount: promo ? promoDiscount(promo, subtotal) : 0,
    settings: await storeSettings(db),
  });
  const order = await db
    .insertInto("orders")
    .values({
      id: crypto.randomUUID(),
      userId: null,
      sessionId: null,
      orderNumber:
        serial === undefined
          ? await freeOrderNumber(db, created)
          : formatOrderNumber(created, serial),
      status: "pending",
      paymentMethod: "bank_transfer",
      customerName: "Lucía Prueba",
      customerEmail: `pedido-${crypto.randomBytes(4).toString("hex")}@example.com`,
      customerPhone: "+504 9999-0000",
      shippingAddress: "Colonia Palmira, Calle 3, casa 12, Tegucigalpa, Francisco Morazán",
      shippingCity: "Tegucigalpa",
      shippingZone: "Francisco Morazán",
      updatedAt: createdAt,
      ...overrides,
      createdAt,
      shippingMethod: method,
      ...totals,
      couponCode: promo?.code ?? null,
      promoCodeId: promo?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("orderItems")
    .values(
      items.map((item) => ({
        orderId: order.id,
        productId: item.product.id,
        size: item.size,
        quantity: item.quantity,
        price: item.price,
        productName: item.product.name,
        productImage: item.image,
        createdAt,
      })),
    )
    .execute();
  if (takeStock) {
    for (const item of items) {
      await db
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "-", item.quantity) }))
        .where("id", "=", item.product.id)
        .execute();
    }
  }
  // D20: a cancelled or denied order has given its promo code's use back.
  if (promo && order.status !== "cancelled" && order.status !== "denied") {
    await db
      .updateTable("promoCodes")
      .set((eb) => ({ currentUses: eb("currentUses", "+", 1) }))
      .where("id", "=", promo.id)
      .execute();
  }
  return order;
}

export type CreatedOrder = Awaited<ReturnType<typeof createOrder>>;

/**
 * A payment proof attached to an order, as checkout leaves it (a `payment_proofs` row and the
 * order's proof URL). With `file` the WebP bytes are written under `dataDir` too, with their
 * sha256 as storeProof keeps it (the duplicate-proof warning compares it).
 */
export async function attachProof(
  db: Kysely<Database>,
  options: { orderId: string; file?: { bytes: Buffer; dataDir: string } },
) {
  const id = crypto.randomBytes(16).toString("hex");
  // The uploader is the order's owner (a guest id when the order has none of its own).
  const owner = await db
    .selectFrom("orders")
    .select(["userId", "sessionId"])
    .where("id", "=", options.orderId)
    .executeTakeFirstOrThrow();
  const bytes = options.file?.bytes;
  if (options.file) {
    const dir = path.join(options.file.dataDir, "uploads", "proofs");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${id}.webp`), options.file.bytes);
  }
  await db
    .insertInto("paymentProofs")
    .values({
      id,
      file: `${id}.webp`,
      userId: owner.userId,
      sessionId: owner.userId === null ? (owner.sessionId ?? crypto.randomUUID()) : null,
      orderId: options.orderId,
      size: bytes?.byteLength ?? 0,
      contentHash: bytes ? crypto.createHash("sha256").update(bytes).digest("hex") : null,
    })
    .execute();
  await db
    .updateTable("orders")
    .set({ paymentProof: `/resources/payment-proofs/${id}` })
    .where("id", "=", options.orderId)
    .execute();
  return id;
}
