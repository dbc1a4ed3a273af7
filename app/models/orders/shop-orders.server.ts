import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PaymentMethod, ShippingMethod } from "#db/types";
import { db } from "~/utils/db.server";
import { isDepartment } from "~/utils/departments";
import { contains } from "~/utils/sql.server";
import { isProductImageKey } from "~/utils/images";
import { parseList, sizeOptions } from "~/models/catalog/products.server";
import { deliveryZone } from "~/models/checkout/delivery-estimate";
import { orderTotals, type OrderTotals } from "~/models/checkout/pricing";
import {
  cashOnDeliveryRefusal,
  cashRefusalMessage,
  methodFitsShipping,
  withPaymentSurcharge,
} from "~/models/checkout/payment-methods";
import {
  CheckoutError,
  takeStock,
  writeOrder,
  type OrderLineDraft,
} from "~/models/checkout/order-writer.server";
import { checkCoupon, type AppliedCoupon } from "~/models/promotions/coupons.server";
import { getMailContext } from "~/models/mail/context.server";
import { queueNewOrderEmails } from "~/models/mail/shop-emails.server";
import type { StoreSettings } from "~/models/settings/settings";
import { getSettings } from "~/models/settings/settings.server";
import { SHOP_ORDER_LIMITS, type ShopOrderRefusal } from "./shop-orders";

/*
 * Decision 167 (issue 41, point 3): an order the shop takes for a customer, for an account or
 * for somebody who has none (a guest order nobody's browser owns). It is priced from the
 * products in the database, takes the stock and the coupon's use, and is written by the one
 * order writer with the e-mails of a shopper's order, all in one transaction; the posted form
 * carries product ids, sizes and quantities, never a price. The administrator may choose any
 * method that fits the shipping; cash on delivery outside the settings' limits needs a note.
 */

type Executor = Kysely<Database>;

export type ShopOrderCustomer =
  { userId: number } | { firstName: string; lastName: string; phone: string; email: string | null };

export type ShopOrderLineKey = { productId: number; size: string; quantity: number };

export type ShopOrderInput = {
  adminId: number;
  customer: ShopOrderCustomer;
  lines: readonly ShopOrderLineKey[];
  shippingMethod: ShippingMethod;
  address?: string;
  referenceAddress?: string;
  city?: string;
  department?: string;
  couponCode: string | null;
  paymentMethod: PaymentMethod;
  paymentNote: string | null;
  /** The draft's key: a second post of the same draft finds the order the first one placed. */
  draftKey?: string | null;
  now?: Date;
};

export type ShopOrderQuote = {
  lines: (OrderLineDraft & { stock: number })[];
  coupon: AppliedCoupon | null;
  totals: OrderTotals & { paymentSurcharge: number };
  /** Cash on delivery outside the settings' limits: why (the note is then required). */
  cashLimit: string | null;
};

type Priced = { ok: true; quote: ShopOrderQuote; contact: Contact; userId: number | null };
type Refused = { ok: false; refusal: ShopOrderRefusal };

type Contact = { email: string; phone?: string; firstName: string; lastName: string };

class ShopOrderError extends Error {
  constructor(readonly refusal: ShopOrderRefusal) {
    super(refusal.error);
  }
}

/** The draft's lines with their product now: name, the size's price, stock, whether it sells. */
export async function readShopOrderLines(
  lines: readonly ShopOrderLineKey[],
  executor: Executor = db,
) {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const products = ids.length
    ? await executor
        .selectFrom("products")
        .select([
          "id",
          "name",
          "isActive",
          "stock",
          "price",
          "originalPrice",
          "size",
          "availableSizes",
          "images",
        ])
        .where("id", "in", ids)
        .execute()
    : [];
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = byId.get(line.productId);
    const option =
      product && product.isActive === 1
        ? sizeOptions({
            ...product,
            availableSizes: parseList(product.availableSizes),
          }).find((candidate) => candidate.size === line.size)
        : undefined;
    const imageKey = product ? (parseList(product.images)[0] ?? null) : null;
    return {
      productId: line.productId,
      name: product?.name ?? `Producto #${line.productId}`,
      size: line.size,
      quantity: line.quantity,
      unitPrice: option?.price ?? 0,
      imageKey: imageKey && isProductImageKey(imageKey) ? imageKey : null,
      stock: Math.max(0, product?.stock ?? 0),
      available: option !== undefined,
    };
  });
}

async function customerContact(
  executor: Executor,
  customer: ShopOrderCustomer,
): Promise<{ contact: Contact; userId: number | null; account: PayingAccount } | Refused> {
  if (!("userId" in customer)) {
    const { firstName, lastName, phone, email } = customer;
    // Decision 167: no e-mail is kept as none (''), as a deleted account's orders keep it.
    return {
      contact: { firstName, lastName, phone, email: email ?? "" },
      userId: null,
      account: null,
    };
  }
  const user = await executor
    .selectFrom("users")
    .select(["id", "email", "firstName", "lastName", "phone", "isBlocked", "emailVerifiedAt"])
    .where("id", "=", customer.userId)
    .executeTakeFirst();
  if (!user) return { ok: false, refusal: { error: "customer" } };
  if (user.isBlocked === 1) return { ok: false, refusal: { error: "blocked" } };
  return {
    contact: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? undefined,
      email: user.email,
    },
    userId: user.id,
    account: { emailVerifiedAt: user.emailVerifiedAt, phone: user.phone },
  };
}

type PayingAccount = { emailVerifiedAt: string | null; phone: string | null } | null;

/**
 * Everything the order will charge, read now over `executor`: the lines priced from the
 * products, the stock they want (checked here; taken by takeStock when placing), the coupon for
 * this customer, the totals for the department's zone and the payment's surcharge.
 */
async function priceShopOrder(
  executor: Executor,
  input: ShopOrderInput,
  settings: StoreSettings,
): Promise<Priced | Refused> {
  const refuse = (refusal: ShopOrderRefusal): Refused => ({ ok: false, refusal });
  if (input.lines.length === 0) return refuse({ error: "no_lines" });
  if (input.lines.length > SHOP_ORDER_LIMITS.lines) return refuse({ error: "too_many_lines" });
  const quantityOk = (quantity: number) =>
    Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= SHOP_ORDER_LIMITS.quantity;
  if (!input.lines.every((line) => quantityOk(line.quantity))) return refuse({ error: "quantity" });
  if (!methodFitsShipping(input.paymentMethod, input.shippingMethod)) {
    return refuse({ error: "payment_method" });
  }
  const who = await customerContact(executor, input.customer);
  if ("ok" in who) return who;

  const lines = await readShopOrderLines(input.lines, executor);
  const unavailable = lines.find((line) => !line.available);
  if (unavailable) {
    return refuse({ error: "unavailable", product: unavailable.name, size: unavailable.size });
  }
  const wanted = new Map<number, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  for (const line of lines) {
    const quantity = wanted.get(line.productId) ?? 0;
    if (quantity > line.stock) {
      return refuse({
        error: "insufficient_stock",
        product: line.name,
        stock: line.stock,
        quantity,
      });
    }
  }
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

  let coupon: AppliedCoupon | null = null;
  if (input.couponCode) {
    const check = await checkCoupon(
      { code: input.couponCode, userId: who.userId, subtotal, now: input.now },
      executor,
    );
    if (!check.ok) return refuse({ error: "coupon", coupon: check });
    coupon = check.coupon;
  }
  const department = isDepartment(input.department) ? input.department : undefined;
  const base = orderTotals({
    lines: lines.map((line) => ({ price: line.unitPrice, quantity: line.quantity })),
    method: input.shippingMethod,
    couponDiscount: coupon?.discount ?? 0,
    settings,
    zone: department ? deliveryZone(department, settings) : "main",
  });
  const totals = withPaymentSurcharge(base, input.paymentMethod, settings);

  // Decision 167: the shop may take cash on delivery outside the settings (even switched off
  // for shoppers), but the order then says why.
  let cashLimit: string | null = null;
  if (input.paymentMethod === "cash_on_delivery") {
    const reason = cashOnDeliveryRefusal({
      settings,
      shippingMethod: input.shippingMethod,
      department,
      total: base.total,
      account: who.account,
    });
    if (reason !== null) {
      cashLimit =
        reason === "off"
          ? "El pago contra entrega está desactivado para la tienda en línea."
          : cashRefusalMessage(reason, settings);
    }
    if (cashLimit && !input.paymentNote?.trim()) {
      return refuse({ error: "note_required", limit: cashLimit });
    }
  }
  return {
    ok: true,
    quote: { lines, coupon, totals, cashLimit },
    contact: who.contact,
    userId: who.userId,
  };
}

/** The summary of the order as it would be placed now (the last step's totals); writes nothing. */
export async function quoteShopOrder(
  input: ShopOrderInput,
): Promise<{ ok: true; quote: ShopOrderQuote } | Refused> {
  const priced = await priceShopOrder(db, input, await getSettings());
  return priced.ok ? { ok: true, quote: priced.quote } : priced;
}

export type PlaceShopOrderResult =
  { ok: true; orderId: string; orderNumber: string; repeated: boolean } | Refused;

/**
 * Places the order in one transaction: priced again from the database, the stock taken (D18;
 * a race lost to a shopper refuses it), the coupon consumed, the order written by `writeOrder`
 * with its creator and note, the customer's e-mail when an address was given and the shop's.
 */
export async function placeShopOrder(input: ShopOrderInput): Promise<PlaceShopOrderResult> {
  const mail = await getMailContext();
  const { settings } = mail;
  const now = input.now ?? new Date();
  try {
    const checkoutKey = input.draftKey ? `shop-${input.draftKey}`.slice(0, 64) : null;
    return await db.transaction().execute(async (trx): Promise<PlaceShopOrderResult> => {
      if (checkoutKey) {
        const repeat = await trx
          .selectFrom("orders")
          .select(["id", "orderNumber"])
          .where("checkoutKey", "=", checkoutKey)
          .executeTakeFirst();
        if (repeat) {
          return { ok: true, orderId: repeat.id, orderNumber: repeat.orderNumber, repeated: true };
        }
      }
      const priced = await priceShopOrder(trx, { ...input, now }, settings);
      if (!priced.ok) throw new ShopOrderError(priced.refusal);
      const { quote, contact, userId } = priced;
      await takeStock(trx, quote.lines, mail);
      const withEmail = contact.email !== "";
      const { orderId, orderNumber } = await writeOrder(trx, {
        ...contact,
        shippingMethod: input.shippingMethod,
        address: input.address,
        referenceAddress: input.referenceAddress,
        city: input.city,
        department: input.department,
        // A guest order no browser owns: only the back office opens it.
        shopper:
          userId !== null
            ? { userId, guestId: null }
            : { userId: null, guestId: `shop-${crypto.randomUUID()}` },
        paymentMethod: input.paymentMethod,
        createdBy: input.adminId,
        paymentNote: input.paymentNote?.trim() || null,
        checkoutKey,
        lines: quote.lines,
        totals: quote.totals,
        coupon: quote.coupon,
        paymentProof: null,
        settings,
        now,
        // The customer's e-mail only to an address they gave; the shop's always.
        mail: withEmail ? mail : undefined,
      });
      if (!withEmail) {
        await queueNewOrderEmails(trx, mail, {
          id: orderId,
          orderNumber,
          customerName: `${contact.firstName} ${contact.lastName}`,
          customerEmail: "",
          customerPhone: contact.phone ?? null,
          total: quote.totals.total,
          hasProof: false,
          items: quote.lines.map(({ name, size, quantity, unitPrice }) => ({
            name,
            size,
            quantity,
            unitPrice,
          })),
        });
      }
      return { ok: true, orderId, orderNumber, repeated: false };
    });
  } catch (error) {
    if (error instanceof ShopOrderError) return { ok: false, refusal: error.refusal };
    if (error instanceof CheckoutError) {
      const refusal = error.refusal;
      if (refusal.error === "insufficient_stock") return { ok: false, refusal };
      if (refusal.error === "coupon") return { ok: false, refusal };
    }
    throw error;
  }
}

/** The active products a search finds, with each size's price and the stock (step 2). */
export async function searchShopProducts(text: string) {
  const query = text.trim();
  if (!query) return [];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brandId")
    .select([
      "p.id",
      "p.name",
      "p.stock",
      "p.price",
      "p.originalPrice",
      "p.size",
      "p.availableSizes",
      "b.name as brandName",
    ])
    .where("p.isActive", "=", 1)
    .where(({ or, ref }) =>
      or([contains(db, ref("p.name"), query), contains(db, ref("b.name"), query)]),
    )
    .orderBy("p.name")
    .orderBy("p.id")
    .limit(SHOP_ORDER_LIMITS.results)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    brandName: row.brandName,
    stock: Math.max(0, row.stock),
    mainSize: row.size,
    sizes: sizeOptions({ ...row, availableSizes: parseList(row.availableSizes) }).map(
      ({ size, price }) => ({ size, price }),
    ),
  }));
}
