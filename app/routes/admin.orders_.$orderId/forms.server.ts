import { z } from "zod/v4";
import { ORDER_ACTION_LIMITS, ORDER_STATUSES } from "~/models/orders/status";
import { hondurasLocalToIso } from "~/utils/dates";
import { InvoiceBuyerFields } from "~/models/invoicing/buyer.server";

/*
 * What the order action accepts (routes/admin.orders_.$orderId/route.tsx), from that page, the list's inline
 * selector and the proof queue. Server only, so zod stays out of the admin pages' JS.
 */
const StatusSchema = z.enum(ORDER_STATUSES);
export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    to: StatusSchema,
    expectedStatus: StatusSchema.optional(),
    note: z.string().max(ORDER_ACTION_LIMITS.note).optional(),
    trackingNumber: z.string().max(ORDER_ACTION_LIMITS.trackingNumber).optional(),
    customerReason: z.string().max(ORDER_ACTION_LIMITS.customerReason).optional(),
    redirectTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("extend-deadline"),
    hours: z.string().max(10).optional(),
    until: z.string().max(30).optional(),
    redirectTo: z.string().optional(),
  }),
  // Decision 166: 'Cobrado', the cash received ("1250.00" lempiras) and who collected it.
  z.object({
    intent: z.literal("record-cash"),
    amount: z.string().max(20),
    collectedBy: z.string().max(120),
    redirectTo: z.string().optional(),
  }),
  // Decision 166: 'Rechazado en la entrega': cancelled, its stock back, the reason in the notes.
  z.object({
    intent: z.literal("refused-delivery"),
    expectedStatus: StatusSchema.optional(),
    note: z.string().max(ORDER_ACTION_LIMITS.note).optional(),
    redirectTo: z.string().optional(),
  }),
  // Decision 171: the invoice of an order paid otherwise, and who it is made out to.
  z.object({ intent: z.literal("issue-invoice"), redirectTo: z.string().optional() }),
  z.object({
    intent: z.literal("invoice-buyer"),
    ...InvoiceBuyerFields,
    redirectTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("delete"),
    expectedStatus: StatusSchema.optional(),
    note: z.string().max(ORDER_ACTION_LIMITS.note).optional(),
    redirectTo: z.string().optional(),
  }),
]);

export type OrderAction = z.output<typeof OrderActionSchema>;

export const DEADLINE_FORM_MESSAGES = {
  missing: "Indica las horas que quieres sumar o la nueva fecha límite.",
  hours: `Las horas deben ser un número entero entre 1 y ${ORDER_ACTION_LIMITS.extensionHours}.`,
  until: "La nueva fecha límite no es válida.",
} as const;

/**
 * Issue 12: the deadline form sends "+N horas" or a new date (Honduras time, as a
 * datetime-local input gives it); the date wins when both are filled.
 */
export function parseDeadlineExtension(input: {
  hours?: string;
  until?: string;
}): { hours: number } | { until: Date } | { error: string } {
  const until = input.until?.trim();
  if (until) {
    const iso = hondurasLocalToIso(until);
    return iso ? { until: new Date(iso) } : { error: DEADLINE_FORM_MESSAGES.until };
  }
  const hours = input.hours?.trim();
  if (!hours) return { error: DEADLINE_FORM_MESSAGES.missing };
  const value = Number(hours);
  if (!/^\d+$/.test(hours) || value < 1 || value > ORDER_ACTION_LIMITS.extensionHours)
    return { error: DEADLINE_FORM_MESSAGES.hours };
  return { hours: value };
}
