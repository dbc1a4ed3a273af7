import { db } from "~/utils/db.server";
import { loyaltyRulesFrom } from "~/models/loyalty/loyalty";
import { getMailContext } from "~/models/mail/context.server";
import {
  applyCashPayment,
  applyOrderDeletion,
  applyStatusChange,
  type ChangeOrderStatusInput,
  type ChangeOrderStatusResult,
  type DeleteOrderInput,
  type RecordCashInput,
} from "./transitions.server";
import type { OrderRefusal } from "./refusals";

/*
 * The one owner of order status changes (backoffice.md §4): the admin screens and the
 * transfer-deadline job call changeOrderStatus and deleteOrder; nothing else writes
 * orders.status. Each runs in one transaction over the app's connection, with the customer's
 * e-mail queued in it (decision 104); the rules, the steps
 * and their words are transitions.server.ts, which the demo seed and the factories run in
 * their own transaction (decision 092).
 */

export {
  SYSTEM_ACTOR,
  type ChangeOrderStatusInput,
  type ChangeOrderStatusResult,
  type DeleteOrderInput,
  type OrderActor,
} from "./transitions.server";
export type { OrderErrorCode, OrderRefusal } from "./refusals";

/**
 * Moves an order along backoffice.md §4. A refused change is an `OrderRefusal`, having written
 * nothing.
 */
export async function changeOrderStatus(
  input: ChangeOrderStatusInput,
): Promise<ChangeOrderStatusResult | OrderRefusal> {
  // Read before the transaction: the one SQLite connection is held by it until it ends.
  const mail = await getMailContext();
  return applyStatusChange(db, input, loyaltyRulesFrom(mail.settings), mail);
}

/** Decision 166: 'Cobrado', the cash of an order recorded as received (applyCashPayment). */
export async function recordCashPayment(input: RecordCashInput) {
  const mail = await getMailContext();
  return applyCashPayment(db, input, loyaltyRulesFrom(mail.settings), mail);
}

/** Removes an order for good (backoffice.md §4): see applyOrderDeletion. */
export async function deleteOrder(input: DeleteOrderInput) {
  return applyOrderDeletion(db, input, await getMailContext());
}
