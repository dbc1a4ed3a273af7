import type { OrderStatus } from "#db/types";

/*
 * Client-safe shapes of the back office's order screens (orders/admin.server.ts builds them), so
 * components type their props without importing a server module.
 */

/** Another order whose proof has the same stored bytes (a reused bank-transfer receipt). */
export type ProofReuse = { orderId: string; orderNumber: string };

/** One pending bank transfer in the payment-proof queue. */
export type ProofQueueEntry = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  total: number;
  createdAt: string;
  isGuest: boolean;
  proofUrl: string;
  reusedIn: ProofReuse[];
};
