/**
 * The store's price arithmetic, in integer centavos (D6): the price of a size, shipping, tax,
 * an order's totals and the priced cart. Client-safe (no server imports), so the product page,
 * the cart, the drawer, the checkout, the order model and the demo seed agree by construction.
 */
import type { ShippingMethod } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";

/** storefront.md §9: the price of each size relative to the 100 ml bottle. */
export const SIZE_MULTIPLIERS = {
  "30ml": 0.6,
  "50ml": 0.8,
  "100ml": 1,
  "125ml": 1.25,
  "150ml": 1.5,
} as const;

export type Size = keyof typeof SIZE_MULTIPLIERS;

export function isSize(value: string): value is Size {
  return Object.hasOwn(SIZE_MULTIPLIERS, value);
}

/**
 * A product's stored price is the price of its main size (`products.size`); another size costs
 * the same per multiplier unit. Null for a size the store does not sell (callers reject it).
 */
export function priceForSize(price: number, mainSize: string, size: string): number | null {
  if (!isSize(mainSize) || !isSize(size)) return null;
  if (size === mainSize) return price;
  return Math.round((price * SIZE_MULTIPLIERS[size]) / SIZE_MULTIPLIERS[mainSize]);
}

type PricingKey =
  | "shipping_cost"
  | "free_shipping_threshold"
  | "express_shipping_cost"
  | "express_free_shipping_threshold"
  | "shipping_surcharge_other"
  | "shipping_surcharge_remote"
  | "tax_percentage";

/**
 * Decision 158's zones of departments (delivery-estimate.ts says which department is in which):
 * the fast cities, the rest of the country, the remote ones. Shipping outside the first may
 * cost more (decision 161).
 */
export const DELIVERY_ZONES = ["main", "other", "remote"] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** What the price arithmetic reads of the settings, parsed: money in centavos, ISV in percent. */
export type PriceSettings = Pick<StoreSettings, PricingKey>;

/** What shipping costs more in a zone (decision 161): nothing in the fast cities. */
export function zoneSurcharge(zone: DeliveryZone, settings: PriceSettings): number {
  if (zone === "other") return settings.shipping_surcharge_other;
  if (zone === "remote") return settings.shipping_surcharge_remote;
  return 0;
}

/**
 * D11: standard and express are free from their thresholds (inclusive), everywhere; below them
 * they cost the method's price and the zone's surcharge (decision 161). Pickup is always free.
 */
export function shippingCost({
  subtotal,
  method,
  settings,
  zone = "main",
}: {
  subtotal: number;
  method: ShippingMethod;
  settings: PriceSettings;
  /** The zone of the department it goes to; the fast cities' price when it is not known yet. */
  zone?: DeliveryZone;
}): number {
  if (method === "pickup") return 0;
  const [cost, freeFrom] =
    method === "express"
      ? [settings.express_shipping_cost, settings.express_free_shipping_threshold]
      : [settings.shipping_cost, settings.free_shipping_threshold];
  return subtotal >= freeFrom ? 0 : cost + zoneSurcharge(zone, settings);
}

/** D19: tax on the subtotal (before shipping and discounts), rounded to whole centavos. */
export function taxFor(subtotal: number, taxPercentage: number): number {
  return Math.round((subtotal * taxPercentage) / 100);
}

/**
 * What a price before checkout says about the ISV (issue 21, decision 097). D19 adds the tax on
 * top of the subtotal, so with a percentage the price shown is '+ ISV'; a store that sets 0 %
 * has put the tax in its prices.
 */
export function taxNote(taxPercentage: number) {
  return taxPercentage > 0 ? "+ ISV" : "ISV incluido";
}

/**
 * The ISV percentage an order was charged, from its own figures (an old order keeps its label
 * when the setting changes later), to one decimal; null when there is no subtotal to tell.
 */
export function taxPercentageOf(order: { subtotal: number; tax: number }): number | null {
  return order.subtotal > 0 ? Math.round((order.tax * 1000) / order.subtotal) / 10 : null;
}

export type OrderTotals = {
  subtotal: number;
  shippingCost: number;
  tax: number;
  /** the discount actually applied: never more than what it is taken from */
  couponDiscount: number;
  total: number;
};

/**
 * One shipping method's totals. D19: total = subtotal + shipping + tax − coupon discount; the
 * discount is capped at the rest, so the total is never below zero. With no line there is
 * nothing to ship, so no shipping either: nothing at all to pay (docs/decisions/043-priced-cart.md).
 */
export function orderTotals({
  lines,
  method,
  couponDiscount,
  settings,
  zone = "main",
}: {
  lines: readonly { price: number; quantity: number }[];
  method: ShippingMethod;
  couponDiscount: number;
  settings: PriceSettings;
  zone?: DeliveryZone;
}): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const shipping = lines.length === 0 ? 0 : shippingCost({ subtotal, method, settings, zone });
  const tax = taxFor(subtotal, settings.tax_percentage);
  const beforeDiscount = subtotal + shipping + tax;
  const discount = Math.min(Math.max(0, couponDiscount), beforeDiscount);
  return {
    subtotal,
    shippingCost: shipping,
    tax,
    couponDiscount: discount,
    total: beforeDiscount - discount,
  };
}

/** A cart priced for the cart page, the drawer, the checkout summary and the order alike. */
export type PricedCart = {
  /** the buyable lines' subtotal */
  subtotal: number;
  tax: number;
  /** the ISV label's percentage ('ISV 15%') */
  taxPercentage: number;
  /** what is left to reach free standard shipping; 0 once it is free or nothing can be bought */
  freeShippingRemaining: number;
  /** the totals of each shipping method, each with the coupon discount it can take */
  byMethod: Record<ShippingMethod, OrderTotals>;
};

/**
 * The one price of a cart (storefront §5, §9, D11, D19, D20). Only lines that can be bought
 * count; a cart with none (empty, or only unavailable lines) has no shipping and nothing to pay.
 * The coupon's discount is capped per method at that method's total.
 */
export function priceCart({
  lines,
  couponDiscount,
  settings,
  zone = "main",
}: {
  lines: readonly { unitPrice: number; quantity: number; available: boolean }[];
  couponDiscount: number;
  settings: PriceSettings;
  /** Where it goes (decision 161): the fast cities' prices until the department is known. */
  zone?: DeliveryZone;
}): PricedCart {
  const buyable = lines
    .filter((line) => line.available)
    .map((line) => ({ price: line.unitPrice, quantity: line.quantity }));
  const totalsFor = (method: ShippingMethod) =>
    orderTotals({ lines: buyable, method, couponDiscount, settings, zone });
  const byMethod = {
    standard: totalsFor("standard"),
    express: totalsFor("express"),
    pickup: totalsFor("pickup"),
  };
  const { subtotal, tax, shippingCost: standardShipping } = byMethod.standard;
  return {
    subtotal,
    tax,
    taxPercentage: settings.tax_percentage,
    freeShippingRemaining: standardShipping > 0 ? settings.free_shipping_threshold - subtotal : 0,
    byMethod,
  };
}
