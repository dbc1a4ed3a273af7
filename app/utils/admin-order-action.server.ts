import { z } from "zod";
import { ORDER_STATUSES } from "~/models/order-status";

/*
 * What the order action accepts (admin.orders_.$orderId.tsx), from that page, the list's inline
 * selector and the proof queue. Server only, so zod stays out of the admin pages' JS.
 */
const StatusSchema = z.enum(ORDER_STATUSES);
export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    to: StatusSchema,
    expectedStatus: StatusSchema.optional(),
    note: z.string().max(2000).optional(),
    trackingNumber: z.string().max(100).optional(),
    customerReason: z.string().max(500).optional(),
    redirectTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("delete"),
    expectedStatus: StatusSchema.optional(),
    note: z.string().max(2000).optional(),
    redirectTo: z.string().optional(),
  }),
]);
