import type { PaymentMethod, ShippingMethod } from "#db/types";
import { formatMoney } from "~/utils/money";
import { parseDepartmentList } from "~/models/settings/settings";
import type { OrderTotals } from "./pricing";

/*
 * Decision 166 (issue 41): how an order may be paid, besides the transfer (D17).
 * - 'Pago Contra Entrega' (cash_on_delivery): off until the owner turns it on; only in the
 *   settings' departments, up to a total, for the accounts the settings allow, with an optional
 *   surcharge of its own line. Never for store pickup.
 * - 'Pago en Tienda' (store_pickup): for store pickup; the order is held some days, then
 *   cancelled with its stock back.
 * The checkout shows what these say and the server decides again when the order is placed; an
 * administrator taking an order may step outside the cash limits with a note.
 * Client-safe: the checkout's page reads the same rules to say why a choice is not offered.
 */

export type CashSettings = {
  cod_enabled: boolean;
  cod_departments: string;
  cod_max_total: number;
  cod_surcharge: number;
  cod_verified_only: boolean;
};

/** The account placing the order, as these rules read it; null for a guest. */
export type PayingAccount = { emailVerifiedAt: string | null; phone: string | null } | null;

export type CashRefusal = "off" | "pickup" | "department" | "total" | "account";

/** Why cash on delivery is not offered, in one line of the checkout ('off' says nothing). */
export function cashRefusalMessage(reason: CashRefusal, settings: CashSettings): string | null {
  switch (reason) {
    case "off":
      return null;
    case "pickup":
      return "Al recoger en tienda, pagas en la tienda.";
    case "department": {
      const places = (parseDepartmentList(settings.cod_departments) ?? []).join(", ");
      return places
        ? `El pago contra entrega solo está disponible en ${places}.`
        : "El pago contra entrega no está disponible en ningún departamento por ahora.";
    }
    case "total":
      return `El pago contra entrega es para pedidos de hasta ${formatMoney(settings.cod_max_total)}.`;
    case "account":
      return "El pago contra entrega es para clientes con sesión iniciada, correo verificado y teléfono en su cuenta.";
  }
}

/**
 * Whether cash on delivery may pay this order: `total` is the order's before the surcharge.
 * The account rule reads the account's own phone (the one its owner keeps), not the form's.
 */
export function cashOnDeliveryRefusal(input: {
  settings: CashSettings;
  shippingMethod: ShippingMethod;
  department: string | undefined | null;
  total: number;
  account: PayingAccount;
}): CashRefusal | null {
  const { settings } = input;
  if (!settings.cod_enabled) return "off";
  if (input.shippingMethod === "pickup") return "pickup";
  const departments = parseDepartmentList(settings.cod_departments) ?? [];
  if (!input.department || !departments.some((d) => d === input.department)) return "department";
  if (input.total > settings.cod_max_total) return "total";
  if (settings.cod_verified_only) {
    const account = input.account;
    if (!account || account.emailVerifiedAt === null || !account.phone) return "account";
  }
  return null;
}

/** The totals with the method's surcharge as its own line (cash on delivery's, else none). */
export function withPaymentSurcharge(
  totals: OrderTotals,
  method: PaymentMethod,
  settings: Pick<CashSettings, "cod_surcharge">,
): OrderTotals & { paymentSurcharge: number } {
  const paymentSurcharge = method === "cash_on_delivery" ? settings.cod_surcharge : 0;
  return { ...totals, paymentSurcharge, total: totals.total + paymentSurcharge };
}

/** The methods a shopper chooses among at checkout, as the form posts them. */
export const CHECKOUT_PAYMENT_METHODS = [
  "bank_transfer",
  "cash_on_delivery",
  "store_pickup",
] as const satisfies readonly PaymentMethod[];

/** Store pickup is paid by transfer or at the shop; delivery by transfer or cash. */
export function methodFitsShipping(method: PaymentMethod, shipping: ShippingMethod) {
  if (method === "store_pickup") return shipping === "pickup";
  if (method === "cash_on_delivery") return shipping !== "pickup";
  return true;
}

/**
 * What the checkout offers of cash on delivery before the department is chosen: null while the
 * shop has it off; else whether this account and this cart may use it, the reason in one line
 * when not, the departments where it goes (the page hides it elsewhere, with its line), and the
 * surcharge. `total` is the cart's, shipped standard. The server decides again at the order.
 */
export function cashChoice(input: {
  settings: CashSettings;
  account: PayingAccount;
  total: number;
}) {
  const { settings } = input;
  if (!settings.cod_enabled) return null;
  const departments = parseDepartmentList(settings.cod_departments) ?? [];
  const refusal = cashOnDeliveryRefusal({
    settings,
    shippingMethod: "standard",
    department: departments[0],
    total: input.total,
    account: input.account,
  });
  const notOffered = refusal === "department" ? "department" : refusal;
  return {
    offered: notOffered === null,
    reason: notOffered ? cashRefusalMessage(notOffered, settings) : null,
    departments: departments as string[],
    departmentNote: cashRefusalMessage("department", settings)!,
    surcharge: settings.cod_surcharge,
  };
}

export type CashChoice = NonNullable<ReturnType<typeof cashChoice>>;
