import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely, Selectable } from "kysely";
import type { Database, NewOrder, PromoCodesTable } from "../../db/types";
import { inTransaction } from "../../db/connection";
import { promoDiscount } from "../../app/models/promotions/coupons";
import { formatOrderNumber } from "../../app/models/orders/number";
import { orderTotals, priceForSize } from "../../app/models/checkout/pricing";
import { paymentProofUrl } from "../../app/models/checkout/checkout";
import {
  takeStock,
  writeOrder,
  type OrderContact,
} from "../../app/models/checkout/order-writer.server";
import { formatMoney } from "../../app/utils/money";
import { storeSettings } from "./settings";

/*
 * Orders as checkout leaves them, written by the checkout's own writer
 * (checkout/order-writer.server.ts) so that integration tests, e2e tests and the demo seed
 * share them: lines priced by size, totals by the checkout's own arithmetic over the store's
 * settings (D11, D19), a D14 number, the notes and the expected delivery, the stock taken
 * (D18) and the promo code's use counted (D20). A status or a date given here is a state
 * without the history that leads to it (no status event, notification or points): to tell
 * the history, move the order with the lifecycle (changeOrderStatus, or applyStatusChange
 * inside a transaction, as the seed does).
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
  /** Who buys and where it goes, as the checkout form gives it (a guest in Tegucigalpa). */
  contact?: Partial<Omit<OrderContact, "shippingMethod">>;
  /** Take the units from the products' stock, as placing the order does (default true). */
  takeStock?: boolean;
  /** The promo code the order was placed with: its discount is taken and one use counted. */
  promo?: Pick<Selectable<PromoCodesTable>, "id" | "code" | "discountType" | "discountValue">;
  /** The D14 serial (the seed draws it from its PRNG); a free one is picked when absent. */
  serial?: number;
};

function priceLine(line: OrderLine) {
  const mainSize = line.product.size ?? "100ml";
  const size = line.size ?? mainSize;
  const price = priceForSize(line.product.price, mainSize, size);
  if (price === null) throw new Error(`Tamaño que la tienda no vende: ${size}`);
  const images = line.product.images ? (JSON.parse(line.product.images) as string[]) : [];
  return {
    productId: line.product.id,
    name: line.product.name,
    size,
    quantity: line.quantity ?? 1,
    unitPrice: price,
    price,
    imageKey: images[0] ?? null,
  };
}

/** A pending bank-transfer order of a guest, shipped standard to Tegucigalpa, unless told otherwise. */
export async function createOrder(db: Kysely<Database>, options: OrderOptions) {
  const { lines: given, takeStock: take = true, promo, serial, contact, ...overrides } = options;
  const { userId = null, sessionId, shippingMethod = "standard", createdAt, ...state } = overrides;
  const lines = given.map(priceLine);
  const settings = await storeSettings(db);
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const coupon = promo && {
    kind: "promo" as const,
    id: promo.id,
    code: promo.code,
    discount: promoDiscount(promo, subtotal),
    label:
      promo.discountType === "percentage"
        ? `${promo.discountValue}%`
        : formatMoney(promo.discountValue),
  };
  const totals = orderTotals({
    lines,
    method: shippingMethod,
    couponDiscount: coupon?.discount ?? 0,
    settings,
  });
  const now = createdAt ? new Date(createdAt) : new Date();
  return inTransaction(db, async (trx) => {
    if (take) await takeStock(trx, lines);
    const { orderId } = await writeOrder(trx, {
      shopper:
        userId === null
          ? { userId: null, guestId: sessionId ?? crypto.randomUUID() }
          : { userId, guestId: null },
      checkoutKey: null,
      firstName: "Lucía",
      lastName: "Prueba",
      email: `pedido-${crypto.randomBytes(4).toString("hex")}@example.com`,
      phone: "+504 9999-0000",
      address: "Colonia Palmira, Calle 3, casa 12",
      city: "Tegucigalpa",
      department: "Francisco Morazán",
      ...contact,
      shippingMethod,
      paymentMethod: state.paymentMethod ?? "bank_transfer",
      lines,
      totals,
      coupon: coupon ?? null,
      paymentProof: null,
      settings,
      now,
      orderNumber: serial === undefined ? undefined : formatOrderNumber(now, serial),
    });
    if (Object.keys(state).length > 0) {
      await trx.updateTable("orders").set(state).where("id", "=", orderId).execute();
    }
    return trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  });
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
    .set({ paymentProof: paymentProofUrl(id) })
    .where("id", "=", options.orderId)
    .execute();
  return id;
}
