import fs from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import type { KnownShopper } from "~/models/auth/shopper";
import { paymentProofUrl } from "~/models/checkout/checkout";
import { storeProof, type ReceivedProof } from "~/models/checkout/proofs.server";
import { db } from "~/utils/db.server";
import { transferDeadline, type LateProofRefusal, type TransferState } from "./late-proof";
import { getSettings } from "~/models/settings/settings.server";
import { getMailContext } from "~/models/mail/context.server";
import { queueLateProofEmail } from "~/models/mail/shop-emails.server";

/*
 * Decision 096 (supersedes D17's receipt at checkout): an order placed with 'Transferiré
 * después' is a pending bank transfer without a proof, the same as one whose receipt never
 * came, so the transfer-deadlines job cancels it past its deadline (decision 074). Until then
 * its owner (the order page) or whoever knows its number and e-mail (/track-order, D32) sends
 * the receipt here; it joins the admin's proof queue, where the duplicate warning reads its
 * content hash as for a receipt sent with the order. One receipt per order: a second is
 * refused while the first is in review.
 */

/**
 * Where an order stands on its payment: awaiting the transfer (and until when), in review, or
 * neither. The same rule as the deadlines job (a pending transfer without a proof).
 */
export async function getTransferState(orderId: string): Promise<TransferState> {
  const hours = (await getSettings()).transfer_deadline_hours;
  return readTransferState(db, orderId, hours);
}

async function readTransferState(
  executor: Kysely<Database>,
  orderId: string,
  deadlineHours: number,
): Promise<TransferState> {
  const order = await executor
    .selectFrom("orders as o")
    .select((eb) => [
      "o.status",
      "o.paymentMethod",
      "o.paymentProof",
      "o.createdAt",
      "o.paymentDueAt",
      eb
        .exists(
          eb.selectFrom("paymentProofs as p").select("p.id").whereRef("p.orderId", "=", "o.id"),
        )
        .as("hasProofRow"),
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.status !== "pending" || order.paymentMethod !== "bank_transfer") {
    return { kind: "none" };
  }
  if (order.paymentProof !== null || Boolean(order.hasProofRow)) return { kind: "in_review" };
  return { kind: "awaiting", dueAt: transferDeadline(order, deadlineHours).toISOString() };
}

function refusalOf(state: TransferState, now: Date): LateProofRefusal | null {
  if (state.kind === "in_review") return "has_proof";
  if (state.kind === "none") return "not_awaiting";
  return new Date(state.dueAt) <= now ? "past_deadline" : null;
}

/** A received file that will not be stored: its temporary copy goes. */
export function discardProof(proof: ReceivedProof) {
  if (proof.status === "received") fs.rmSync(proof.tempPath, { force: true });
}

export type LateProofResult =
  { ok: true } | { ok: false; error: LateProofRefusal; message?: string };

/**
 * Stores the received receipt and attaches it to the order, if the order still awaits its
 * transfer and the deadline has not passed. The caller has already decided who may send it
 * (the order's owner, or the number and e-mail). The temporary file is removed either way.
 */
export async function sendLateProof(input: {
  orderId: string;
  proof: ReceivedProof;
  shopper: KnownShopper;
  now?: Date;
}): Promise<LateProofResult> {
  const now = input.now ?? new Date();
  const { proof } = input;
  if (proof.status !== "received") {
    return { ok: false, error: proof.status === "none" ? "no_file" : proof.status };
  }
  const hours = (await getSettings()).transfer_deadline_hours;
  const refusal = refusalOf(await readTransferState(db, input.orderId, hours), now);
  if (refusal) {
    discardProof(proof);
    return { ok: false, error: refusal };
  }
  const stored = await storeProof(proof, input.shopper);
  if (!stored.ok) return { ok: false, error: "unreadable", message: stored.message };
  // Read before the transaction (it holds SQLite's one connection).
  const mail = await getMailContext();
  return db.transaction().execute(async (trx): Promise<LateProofResult> => {
    // Checked again inside the write: a second upload, the job or an admin may have come first.
    const late = refusalOf(await readTransferState(trx, input.orderId, hours), now);
    if (late) return { ok: false, error: late };
    const at = now.toISOString();
    await trx
      .updateTable("paymentProofs")
      .set({ orderId: input.orderId })
      .where("id", "=", stored.id)
      .execute();
    // updated_at moves, so a deadline run that read the order before this leaves it alone.
    await trx
      .updateTable("orders")
      .set({ paymentProof: paymentProofUrl(stored.id), updatedAt: at })
      .where("id", "=", input.orderId)
      .execute();
    await trx
      .insertInto("orderStatusEvents")
      .values({
        orderId: input.orderId,
        fromStatus: "pending",
        toStatus: "pending",
        actorId: null,
        note: "Comprobante de pago recibido después del pedido.",
        trackingNumber: null,
        createdAt: at,
      })
      .execute();
    // Decision 104: the shop hears of the receipt with it, in the same transaction.
    await queueLateProofEmail(trx, mail, input.orderId);
    return { ok: true };
  });
}
