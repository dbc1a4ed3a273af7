import type { ShippingMethod } from "#db/types";
import { SHIPPING_LABELS, SHIPPING_METHODS } from "./checkout";
import { DEPARTMENTS } from "./departments";
import { shippingCost, type PriceSettings } from "./pricing";

/*
 * The product page's delivery estimate (issue 21, decision 099): what the checkout would charge
 * for shipping this perfume alone, by its one rule (`shippingCost`, D11), and how long each way
 * takes. The store charges the same in every department today; the shopper still picks theirs,
 * so the answer names where it goes and stays right if a rule by department comes.
 */

export type Department = (typeof DEPARTMENTS)[number];

export function isDepartment(value: unknown): value is Department {
  return typeof value === "string" && (DEPARTMENTS as readonly string[]).includes(value);
}

export type DeliveryEstimate = {
  department: Department;
  options: { method: ShippingMethod; name: string; days: string; cost: number }[];
};

export function deliveryEstimate({
  department,
  subtotal,
  settings,
}: {
  department: Department;
  /** The price of what would be bought: the product's main size, one unit. */
  subtotal: number;
  settings: PriceSettings;
}): DeliveryEstimate {
  return {
    department,
    options: SHIPPING_METHODS.map((method) => ({
      method,
      name: SHIPPING_LABELS[method].name,
      days: SHIPPING_LABELS[method].estimate,
      cost: shippingCost({ subtotal, method, settings }),
    })),
  };
}
