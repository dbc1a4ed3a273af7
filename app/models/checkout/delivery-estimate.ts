import type { ShippingMethod } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";
import { parseDayRange, parseDepartmentList } from "~/models/settings/settings";
import { DEPARTMENTS, type Department } from "~/utils/departments";
import { businessDaysAfter, formatDayRange, hondurasDay } from "~/utils/dates";
import { SHIPPING_LABELS, SHIPPING_METHODS } from "./checkout";
import {
  DELIVERY_ZONES,
  priceCart,
  shippingCost,
  type DeliveryZone,
  type OrderTotals,
  type PriceSettings,
} from "./pricing";

/*
 * How long a delivery takes and what it costs, by department (issue 21, decisions 099 and 158).
 * The departments fall in three zones the owner sets: the fast cities, the rest of the country
 * and the remote ones, each with its business days for standard and express delivery. The
 * product page, the checkout and the order (its tracking) read the same window from here.
 */

type DeliveryKey =
  | "delivery_main_departments"
  | "delivery_remote_departments"
  | `${"standard" | "express"}_days_${DeliveryZone}`;
export type DeliverySettings = Pick<StoreSettings, DeliveryKey>;

/** The zone a department falls in; one listed in both is a fast one. */
export function deliveryZone(department: Department, settings: DeliverySettings): DeliveryZone {
  if (parseDepartmentList(settings.delivery_main_departments)?.includes(department)) return "main";
  if (parseDepartmentList(settings.delivery_remote_departments)?.includes(department)) {
    return "remote";
  }
  return "other";
}

/**
 * A delivery's first and last possible days ("2026-12-01"), counted in business days, with the
 * zone's days and the dates as a page says them (written here, so no page carries the code that
 * writes dates): "1-2 días hábiles", "llega entre el martes 1 y el miércoles 2 de diciembre".
 */
export type DeliveryWindow = { firstDay: string; lastDay: string; days: string; arrives: string };

/**
 * When an order placed at `placedAt` for `department` arrives by `method`: from the next
 * business day in Honduras. Null for store pickup, which has no delivery.
 */
export function deliveryWindow({
  department,
  method,
  placedAt,
  settings,
}: {
  department: Department;
  method: ShippingMethod;
  placedAt: Date;
  settings: DeliverySettings;
}): DeliveryWindow | null {
  if (method === "pickup") return null;
  const key = `${method}_days_${deliveryZone(department, settings)}` as const;
  // A stored value that does not parse was replaced by its default already (parseSettings).
  const { min, max } = parseDayRange(settings[key]) ?? { min: 3, max: 5 };
  const today = hondurasDay(placedAt);
  const firstDay = businessDaysAfter(today, min);
  const lastDay = businessDaysAfter(today, max);
  return {
    firstDay,
    lastDay,
    arrives: `llega ${formatDayRange(firstDay, lastDay)}`,
    days:
      min === max
        ? `${min} ${min === 1 ? "día hábil" : "días hábiles"}`
        : `${min}-${max} días hábiles`,
  };
}

export type DeliveryEstimate = {
  department: Department;
  options: {
    method: ShippingMethod;
    name: string;
    /** The zone's business days ("1-2 días hábiles"), or the pickup's line. */
    days: string;
    window: DeliveryWindow | null;
    cost: number;
  }[];
};

/** The product page's estimate: each way of receiving this perfume alone in `department`. */
export function deliveryEstimate({
  department,
  subtotal,
  settings,
  now = new Date(),
}: {
  department: Department;
  /** The price of what would be bought: the product's main size, one unit. */
  subtotal: number;
  settings: PriceSettings & DeliverySettings;
  now?: Date;
}): DeliveryEstimate {
  const zone = deliveryZone(department, settings);
  return {
    department,
    options: SHIPPING_METHODS.map((method) => {
      const window = deliveryWindow({ department, method, placedAt: now, settings });
      return {
        method,
        name: SHIPPING_LABELS[method].name,
        days: window?.days ?? SHIPPING_LABELS[method].estimate,
        window,
        cost: shippingCost({ subtotal, method, settings, zone }),
      };
    }),
  };
}

/** Each delivered way's window (standard, express) for an order placed at `placedAt`. */
export type DeliveryWindows = Record<"standard" | "express", DeliveryWindow>;

/**
 * The checkout's windows for every department (decision 158): the page names the one chosen,
 * before JavaScript from the draft, after it as the shopper picks, without asking the server.
 */
export function deliveryWindowsByDepartment(
  settings: DeliverySettings,
  placedAt = new Date(),
): Record<Department, DeliveryWindows> {
  const byZone = new Map<DeliveryZone, DeliveryWindows>();
  return Object.fromEntries(
    DEPARTMENTS.map((department) => {
      const zone = deliveryZone(department, settings);
      let windows = byZone.get(zone);
      if (!windows) {
        const of = (method: "standard" | "express") =>
          deliveryWindow({ department, method, placedAt, settings })!;
        windows = { standard: of("standard"), express: of("express") };
        byZone.set(zone, windows);
      }
      return [department, windows];
    }),
  ) as Record<Department, DeliveryWindows>;
}

/**
 * Decision 161: when shipping costs more outside the fast cities, the checkout's totals for each
 * zone and each department's zone, so the page shows those of the department chosen (with CSS,
 * before and without JavaScript too). Null when shipping costs the same everywhere.
 */
export function totalsByZone({
  lines,
  couponDiscount,
  settings,
}: {
  lines: readonly { unitPrice: number; quantity: number; available: boolean }[];
  couponDiscount: number;
  settings: PriceSettings & DeliverySettings;
}): {
  zones: Record<Department, DeliveryZone>;
  totals: Record<DeliveryZone, Record<ShippingMethod, OrderTotals>>;
} | null {
  if (settings.shipping_surcharge_other === 0 && settings.shipping_surcharge_remote === 0) {
    return null;
  }
  const priced = (zone: DeliveryZone) =>
    priceCart({ lines, couponDiscount, settings, zone }).byMethod;
  return {
    zones: Object.fromEntries(
      DEPARTMENTS.map((department) => [department, deliveryZone(department, settings)]),
    ) as Record<Department, DeliveryZone>,
    totals: Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, priced(zone)])) as Record<
      DeliveryZone,
      Record<ShippingMethod, OrderTotals>
    >,
  };
}
