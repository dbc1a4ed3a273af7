import fs from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import type { KnownShopper } from "~/models/auth/shopper";
import { paymentProofUrl } from "~/models/checkout/checkout";
import { isOwnUnusedProof, storeProof, type ReceivedProof } from "~/models/checkout/proofs.server";
import { db } from "~/utils/db.server";
import { transferDeadline, type LateProofRefusal, type TransferState } from "./late-proof";
import { getSettings } from "~/models/settings/settings.server";
import { getMailContext } from "~/models/mail/context.server";
import { queueLateProofEmail } from "~/models/mail/shop-emails.server";
import { queueProofArrivedEmail } from "~/models/mail/order-emails.server";
import { isProofFileName } from "~/models/checkout/proof-files.server";
import { fileStore } from "~/models/files/stored-files.server";

/*
 * Decision 096 (supersedes D17's receipt at checkout): an order placed with 'Transferiré
 * después' is a pending bank transfer without a proof, the same as one whose receipt never
 * came, so the transfer-deadlines job cancels it past its deadline (decision 074). Until then
 * its owner sends the receipt here; it joins the admin's proof queue, where the duplicate
 * warning reads its content hash as for a receipt sent with the order.
 * Decision 130 (issue 37, item 4): the owner is the order's session or account, or whoever
 * holds the signed link of the order's e-mails; the order's number and e-mail are not enough
 * (a stranger's receipt blocked the owner's). One receipt per order: a new one from the owner
 * replaces the one in review, and the order's e-mail hears of every receipt that arrives.
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

/** A receipt in review is replaced (decision 130); an awaited one is taken until its deadline. */
function refusalOf(state: TransferState, now: Date): LateProofRefusal | null {
  if (state.kind === "in_review") return null;
  if (state.kind === "none") return "not_awaiting";
  return new Date(state.dueAt) <= now ? "past_deadline" : null;
}

/**
 * The receipt a late-proof form brings: a file in the post (without JavaScript), or the id of
 * the photo its page already sent on its own (proof-uploads.ts, issue 39), stored for the same
 * shopper and taken by no order yet.
 */
export type LateProof = ReceivedProof | { status: "uploaded"; id: string };

/** A received file that will not be stored: its temporary copy goes. */
export function discardProof(proof: LateProof) {
  if (proof.status === "received") fs.rmSync(proof.tempPath, { force: true });
}

export type LateProofResult =
  { ok: true } | { ok: false; error: LateProofRefusal; message?: string };

/**
 * Stores the received receipt and attaches it to the order, if the order still awaits its
 * transfer and the deadline has not passed, or replaces the receipt still in review. The caller
 * has already decided who may send it (the order's owner, or the order's signed link). The
 * temporary file is removed either way.
 */
export async function sendLateProof(input: {
  orderId: string;
  proof: LateProof;
  shopper: KnownShopper;
  now?: Date;
}): Promise<LateProofResult> {
  const now = input.now ?? new Date();
  const { proof } = input;
  if (proof.status !== "received" && proof.status !== "uploaded") {
    return { ok: false, error: proof.status === "none" ? "no_file" : proof.status };
  }
  const hours = (await getSettings()).transfer_deadline_hours;
  const refusal = refusalOf(await readTransferState(db, input.orderId, hours), now);
  if (refusal) {
    discardProof(proof);
    return { ok: false, error: refusal };
  }
  const stored =
    proof.status === "uploaded"
      ? { ok: true as const, id: proof.id }
      : await storeProof(proof, input.shopper);
  if (!stored.ok) return { ok: false, error: "unreadable", message: stored.message };
  // Read before the transaction (it holds SQLite's one connection).
  const mail = await getMailContext();
  const replaced: string[] = [];
  const result = await db.transaction().execute(async (trx): Promise<LateProofResult> => {
    // Checked again inside the write: a second upload, the job or an admin may have come first.
    const state = await readTransferState(trx, input.orderId, hours);
    const late = refusalOf(state, now);
    if (late) return { ok: false, error: late };
    if (proof.status === "uploaded") {
      // Only the sender's own photo, and one no order has taken: another's id is no receipt.
      if (!(await isOwnUnusedProof(trx, input.shopper, proof.id))) {
        return { ok: false, error: "no_file" };
      }
    }
    const at = now.toISOString();
    // The receipt in review goes, row and file, so the queue shows the new one alone.
    const previous = await trx
      .deleteFrom("paymentProofs")
      .where("orderId", "=", input.orderId)
      .returning("file")
      .execute();
    replaced.push(...previous.map((row) => row.file));
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
        note:
          state.kind === "in_review"
            ? "El cliente cambió el comprobante de pago."
            : "Comprobante de pago recibido después del pedido.",
        trackingNumber: null,
        createdAt: at,
      })
      .execute();
    // Decision 104: the shop hears of the receipt with it, in the same transaction; decision
    // 130: so does the order's e-mail, with the link to change it.
    await queueLateProofEmail(trx, mail, input.orderId);
    await queueProofArrivedEmail(trx, mail, input.orderId);
    return { ok: true };
  });
  for (const file of replaced) {
    if (isProofFileName(file)) await fileStore().remove("proofs", file);
  }
  return result;
}
