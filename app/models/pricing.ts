/**
 * The store's price arithmetic, in integer centavos (D6): the price of a size, shipping, tax
 * and an order's totals. Client-safe (no server imports), so the product page, the cart, the
 * checkout, the order model and the demo seed agree by construction.
 */
import type { ShippingMethod } from "#db/types";
import { lempirasToCentavos } from "~/utils/money";
import type { SettingKey } from "./settings-definitions";

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

/** Settings values as stored: lempiras and percentages as the admin typed them ('150', '15'). */
type SettingValues<K extends SettingKey> = Pick<Record<SettingKey, string>, K>;

export type ShippingSettings = SettingValues<
  | "shipping_cost"
  | "free_shipping_threshold"
  | "express_shipping_cost"
  | "express_free_shipping_threshold"
>;

export type PricingSettings = ShippingSettings & SettingValues<"tax_percentage">;

function settingNumber(settings: Partial<Record<SettingKey, string>>, key: SettingKey) {
  const text = settings[key]?.trim() ?? "";
  const value = Number(text);
  // A mistyped setting must stop the sale, not put NaN or a negative amount on an order.
  if (text === "" || !Number.isFinite(value) || value < 0) {
    throw new Error(`Ajuste inválido: ${key} = ${JSON.stringify(settings[key])}`);
  }
  return value;
}

/** D11: standard and express are free from their thresholds (inclusive); pickup is always free. */
export function shippingCost({
  subtotal,
  method,
  settings,
}: {
  subtotal: number;
  method: ShippingMethod;
  settings: ShippingSettings;
}): number {
  if (method === "pickup") return 0;
  const [costKey, thresholdKey] =
    method === "express"
      ? (["express_shipping_cost", "express_free_shipping_threshold"] as const)
      : (["shipping_cost", "free_shipping_threshold"] as const);
  const freeFrom = lempirasToCentavos(settingNumber(settings, thresholdKey));
  if (subtotal >= freeFrom) return 0;
  return lempirasToCentavos(settingNumber(settings, costKey));
}

/** D19: tax on the subtotal (before shipping and discounts), rounded to whole centavos. */
export function taxFor(subtotal: number, taxPercentage: number): number {
  return Math.round((subtotal * taxPercentage) / 100);
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
 * D19: total = subtotal + shipping + tax − coupon discount. The discount is capped at the rest,
 * so the total is never below zero and total = subtotal + shipping + tax − couponDiscount holds.
 */
export function orderTotals({
  lines,
  method,
  couponDiscount,
  settings,
}: {
  lines: readonly { price: number; quantity: number }[];
  method: ShippingMethod;
  couponDiscount: number;
  settings: PricingSettings;
}): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const shipping = shippingCost({ subtotal, method, settings });
  const tax = taxFor(subtotal, settingNumber(settings, "tax_percentage"));
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
