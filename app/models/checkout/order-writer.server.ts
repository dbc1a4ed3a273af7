import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PaymentMethod, ShippingMethod } from "#db/types";
import { inTransaction } from "#db/connection";
import { DELIVERY_DAYS, paymentProofUrl, type PlaceOrderRefusal } from "./checkout";
import { deliveryWindow, type DeliverySettings } from "./delivery-estimate";
import { isDepartment } from "~/utils/departments";
import { hondurasNoon } from "~/utils/dates";
import type { OrderTotals } from "./pricing";
import type { StoreSettings } from "~/models/settings/settings";
import type { AppliedCoupon } from "~/models/promotions/coupons.server";
import { consumeCoupon } from "~/models/promotions/coupon-uses.server";
import { unusedOrderNumber } from "~/models/orders/number";
import { ownerColumns, type KnownShopper } from "~/models/auth/shopper";
import { transferDeadline } from "~/models/orders/late-proof";
import { paymentMethodLabel } from "~/models/orders/status";
import { invoiceBuyerColumns } from "~/models/invoicing/fiscal";
import type { MailContext } from "~/models/mail/outbox.server";
import { queueOrderReceivedEmail } from "~/models/mail/order-emails.server";
import { queueLowStockEmail, queueNewOrderEmails } from "~/models/mail/shop-emails.server";

/*
 * What placing an order writes once the checkout has checked and priced it (issue 4): the
 * stock it takes (D18), the order row with its D14 number, notes (storefront §3) and expected
 * delivery, the coupon's use (D20) and the items. placeOrder calls these steps inside its
 * BEGIN IMMEDIATE transaction; the order factory and the demo seed call the same steps over
 * their own executor, so every order in the store is written by these lines. Nothing here
 * opens the app's connection (decision 092).
 */

type Executor = Kysely<Database>;

/** Thrown inside the order's transaction so that everything written so far is rolled back. */
export class CheckoutError extends Error {
  constructor(readonly refusal: PlaceOrderRefusal) {
    super(refusal.error);
  }
}

/**
 * A new, unused order number (D14). Call it inside the transaction that inserts the order (the
 * transaction's write lock makes the check-then-insert safe); orders.order_number is UNIQUE
 * as a last line of defence. After a few collisions on a busy day it widens to six digits
 * (still at most 20 characters).
 */
export async function generateOrderNumber(executor: Executor, now = new Date()) {
  return unusedOrderNumber(now, async (candidate) => {
    const taken = await executor
      .selectFrom("orders")
      .select("id")
      .where("orderNumber", "=", candidate)
      .executeTakeFirst();
    return taken !== undefined;
  });
}

/** A line as the order keeps it: the product, its size and the unit price it was sold at. */
export type OrderLineDraft = {
  productId: number;
  name: string;
  size: string;
  quantity: number;
  /** centavos, the size's price */
  unitPrice: number;
  imageKey: string | null;
};

/**
 * D18: the units leave the stock when the order is placed. Throws CheckoutError
 * ("insufficient_stock") when a product has fewer units than its lines want, or is hidden.
 * With a mail context, a product this sale takes from above the low-stock threshold to at or
 * under it is e-mailed to the shop (decision 104): the stock after comes back from the same
 * UPDATE, so of two sales racing past the threshold exactly one sees the crossing.
 */
export async function takeStock(
  executor: Executor,
  lines: Pick<OrderLineDraft, "productId" | "name" | "quantity">[],
  mail?: MailContext,
) {
  // Stock is one number per product (any size): sum the lines of a product first.
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.productId) ?? { name: line.name, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(line.productId, entry);
  }
  for (const [productId, { name, quantity }] of wanted) {
    // D18: the guarded UPDATE never takes stock below zero. Units sold feed the "popular" sort.
    const taken = await executor
      .updateTable("products")
      .set((eb) => ({
        stock: eb("stock", "-", quantity),
        salesCount: eb("salesCount", "+", quantity),
      }))
      .where("id", "=", productId)
      .where("isActive", "=", 1)
      .where("stock", ">=", quantity)
      .returning(["stock", "name"])
      .executeTakeFirst();
    if (!taken) {
      const row = await executor
        .selectFrom("products")
        .select("stock")
        .where("id", "=", productId)
        .executeTakeFirst();
      const stock = Math.max(0, row?.stock ?? 0);
      throw new CheckoutError({ error: "insufficient_stock", product: name, stock, quantity });
    }
    if (mail) {
      const product = { id: productId, name: taken.name, after: taken.stock };
      await queueLowStockEmail(executor, mail, { ...product, before: taken.stock + quantity });
    }
  }
}

/** Who buys and where it goes, as the checkout form gives it. */
export type OrderContact = {
  email: string;
  phone?: string;
  firstName: string;
  lastName: string;
  shippingMethod: ShippingMethod;
  address?: string;
  referenceAddress?: string;
  city?: string;
  department?: string;
  /** Decision 171: "Factura a nombre de", checked by the form (invoiceBuyerRules). */
  invoiceRtn?: string;
  invoiceName?: string;
};

export type OrderDraft = OrderContact & {
  shopper: KnownShopper;
  /** Decision 166: how it is paid; the checkout decided it is allowed (payment-methods.server.ts). */
  paymentMethod: PaymentMethod;
  /** Decision 166: the administrator who entered it for a customer; absent for a shopper's own. */
  createdBy?: number | null;
  /** Decision 166: why the shop took it with this method (shown to admins). */
  paymentNote?: string | null;
  /** the checkout form's random key (a repeat post finds the order by it); null elsewhere */
  checkoutKey: string | null;
  lines: OrderLineDraft[];
  /** priced by the checkout's own priceCart / orderTotals, with cash on delivery's surcharge */
  totals: OrderTotals & { paymentSurcharge?: number };
  /** checked against this order's subtotal (checkCoupon); its use is taken here */
  coupon: AppliedCoupon | null;
  /** the uploaded proof's id; null when the proof is attached apart (the factories) */
  paymentProof: string | null;
  settings: Pick<StoreSettings, "bank_name" | "store_address"> & DeliverySettings;
  /** the moment it is placed: its creation, its number's day and its expected delivery */
  now: Date;
  /** a D14 number the caller drew (the seed's PRNG); a free one is generated when absent */
  orderNumber?: string;
  /**
   * The store's settings and identity for the order's e-mails (decision 104): the customer's
   * and the shop's are queued in this transaction. The app's checkout always passes it; the
   * demo seed and the factories pass none, and nothing is queued.
   */
  mail?: MailContext;
};

/** The totals' columns; cash on delivery's surcharge only when there is one (see createdBy). */
function totalsColumns({ paymentSurcharge, ...totals }: OrderDraft["totals"]) {
  return paymentSurcharge ? { ...totals, paymentSurcharge } : totals;
}

/** The notes the admin reads on the order (storefront §3). */
function adminNotes(draft: OrderDraft) {
  const notes =
    draft.paymentMethod === "bank_transfer"
      ? [`Banco: ${draft.settings.bank_name} (transferencia)`]
      : [`Pago: ${paymentMethodLabel(draft.paymentMethod, "admin")}`];
  if (draft.shopper.userId === null) {
    // Decision 167: a customer the shop took the order for has no account either.
    notes.push(
      draft.createdBy
        ? "Cliente sin cuenta (pedido tomado por la tienda)"
        : "Usuario anónimo (compra como invitado)",
    );
  }
  notes.push(`Cliente: ${draft.firstName} ${draft.lastName}`);
  if (draft.shippingMethod !== "pickup" && draft.referenceAddress) {
    notes.push(`Referencia: ${draft.referenceAddress}`);
  }
  return notes.join("\n");
}

/**
 * Writes a pending order (its payment method the caller's): its row, its coupon's use and its items (the stock is
 * taken apart, by takeStock, first). Throws CheckoutError ("coupon") when the coupon can no
 * longer be used; in a transaction of its own unless the executor is one already.
 */
export async function writeOrder(executor: Executor, draft: OrderDraft) {
  return inTransaction(executor, async (trx) => {
    const { now, settings, coupon } = draft;
    const nowIso = now.toISOString();
    const orderId = crypto.randomUUID();
    const orderNumber = draft.orderNumber ?? (await generateOrderNumber(trx, now));
    const pickup = draft.shippingMethod === "pickup";
    const shippingAddress = pickup
      ? `Recoger en tienda: ${settings.store_address}`
      : `${draft.address}, ${draft.city}, ${draft.department}`;
    const window =
      !pickup && isDepartment(draft.department)
        ? deliveryWindow({
            department: draft.department,
            method: draft.shippingMethod,
            placedAt: now,
            settings,
          })
        : null;
    await trx
      .insertInto("orders")
      .values({
        id: orderId,
        ...ownerColumns(draft.shopper),
        orderNumber,
        status: "pending",
        paymentMethod: draft.paymentMethod,
        // Decision 166's columns, left out when empty: a store not yet migrated has none (the
        // factories write orders at older migrations too).
        ...(draft.createdBy ? { createdBy: draft.createdBy } : {}),
        ...(draft.paymentNote ? { paymentNote: draft.paymentNote } : {}),
        // Decision 171's, likewise.
        ...(draft.invoiceRtn ? invoiceBuyerColumns(draft) : {}),
        shippingMethod: draft.shippingMethod,
        ...totalsColumns(draft.totals),
        customerName: `${draft.firstName} ${draft.lastName}`,
        customerEmail: draft.email,
        customerPhone: draft.phone ?? null,
        shippingAddress,
        shippingCity: pickup ? null : (draft.city ?? null),
        shippingZone: pickup ? null : (draft.department ?? null),
        trackingNumber: null,
        paymentProof: draft.paymentProof === null ? null : paymentProofUrl(draft.paymentProof),
        adminNotes: adminNotes(draft),
        couponCode: coupon?.code ?? null,
        promoCodeId: coupon?.kind === "promo" ? coupon.id : null,
        // Decision 158: the window of the department's zone; pickup keeps its next day.
        estimatedDelivery: window
          ? hondurasNoon(window.lastDay)
          : new Date(
              now.getTime() + DELIVERY_DAYS[draft.shippingMethod] * 86_400_000,
            ).toISOString(),
        // Left out when there is none (pickup): a store not yet migrated has no such column.
        ...(window ? { estimatedDeliveryFrom: hondurasNoon(window.firstDay) } : {}),
        paidAt: null,
        shippedAt: null,
        deliveredAt: null,
        createdAt: nowIso,
        updatedAt: nowIso,
        checkoutKey: draft.checkoutKey,
      })
      .execute();
    // After the order row exists (a loyalty coupon points at it); a refusal rolls it back.
    const userId = draft.shopper.userId;
    if (coupon && !(await consumeCoupon(coupon, { id: orderId, userId, now: nowIso }, trx))) {
      throw new CheckoutError({ error: "coupon", coupon: { reason: "exhausted" } });
    }
    await trx
      .insertInto("orderItems")
      .values(
        draft.lines.map((line) => ({
          orderId,
          productId: line.productId,
          size: line.size,
          quantity: line.quantity,
          price: line.unitPrice,
          productName: line.name.slice(0, 200),
          productImage: line.imageKey,
          createdAt: nowIso,
        })),
      )
      .execute();
    if (draft.mail) {
      await queueOrderEmails(trx, draft.mail, { ...draft, orderId, orderNumber, shippingAddress });
    }
    return { orderId, orderNumber };
  });
}

/** The order received, to the customer, and the new order (or its receipt), to the shop. */
async function queueOrderEmails(
  trx: Executor,
  mail: MailContext,
  order: OrderDraft & { orderId: string; orderNumber: string; shippingAddress: string },
) {
  const hasProof = order.paymentProof !== null;
  const customerName = `${order.firstName} ${order.lastName}`;
  const items = order.lines.map(({ name, size, quantity, unitPrice }) => ({
    name,
    size,
    quantity,
    unitPrice,
  }));
  // Decision 132: the typed name and address go back only to a verified account's own address.
  const account = order.shopper.userId
    ? await trx
        .selectFrom("users")
        .select(["email", "emailVerifiedAt"])
        .where("id", "=", order.shopper.userId)
        .executeTakeFirst()
    : undefined;
  const toVerifiedAddress =
    account !== undefined &&
    account.emailVerifiedAt !== null &&
    account.email.toLowerCase() === order.email.toLowerCase();
  const dueAt = transferDeadline(
    { createdAt: order.now.toISOString(), paymentDueAt: null },
    mail.settings.transfer_deadline_hours,
  ).toISOString();
  await queueOrderReceivedEmail(trx, mail, {
    to: order.email,
    order: {
      id: order.orderId,
      orderNumber: order.orderNumber,
      customerName,
      hasAccount: order.shopper.userId !== null,
      toVerifiedAddress,
      shippingMethod: order.shippingMethod,
      shippingAddress: order.shippingAddress,
      items,
      couponCode: order.coupon?.code ?? null,
      ...order.totals,
      payment:
        order.paymentMethod === "cash_on_delivery"
          ? { kind: "cash" }
          : order.paymentMethod === "store_pickup"
            ? {
                kind: "at_shop",
                dueAt: transferDeadline(
                  { createdAt: order.now.toISOString(), paymentDueAt: null },
                  mail.settings.store_payment_hold_days * 24,
                ).toISOString(),
              }
            : hasProof
              ? { kind: "in_review" }
              : { kind: "awaiting", dueAt },
    },
  });
  await queueNewOrderEmails(trx, mail, {
    id: order.orderId,
    orderNumber: order.orderNumber,
    customerName,
    customerEmail: order.email,
    customerPhone: order.phone ?? null,
    total: order.totals.total,
    hasProof,
    items,
  });
}
