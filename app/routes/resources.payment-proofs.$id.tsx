import type { LoaderFunctionArgs } from "@remix-run/node";
import { PROOF_ID_PATTERN } from "~/models/checkout/checkout";
import { owns } from "~/models/auth/shopper";
import { db } from "~/utils/db.server";
import { getShopper } from "~/web/shopper.server";
import { readProofFile } from "~/models/checkout/proofs.server";

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });

/**
 * D8: a payment proof is private. An admin may see any; otherwise only the owner of the order
 * that carries it (the user, or the guest session, D10), or before the order exists the shopper
 * who uploaded it. Everyone else gets the same 404 as for a proof that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!PROOF_ID_PATTERN.test(id)) throw notFound();
  const { user, shopper } = await getShopper(request);
  const proof = await db
    .selectFrom("paymentProofs as p")
    .leftJoin("orders as o", "o.id", "p.orderId")
    .select([
      "p.file",
      "p.userId",
      "p.sessionId",
      "p.orderId",
      "o.userId as orderUserId",
      "o.sessionId as orderSessionId",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!proof) throw notFound();
  // Once an order carries the proof, the order's owner is the proof's owner.
  const owner =
    proof.orderId !== null
      ? { userId: proof.orderUserId, sessionId: proof.orderSessionId }
      : { userId: proof.userId, sessionId: proof.sessionId };
  const allowed = user?.role === "admin" || owns(shopper, owner);
  if (!allowed) throw notFound();

  // The local folder or the bucket (decision 120): the rule above is the same for both.
  const stored = await readProofFile(proof.file);
  if (!stored) throw notFound();
  return new Response(stored.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stored.size),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
