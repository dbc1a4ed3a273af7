import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { PROOF_ID_PATTERN } from "~/models/checkout/checkout";
import { owns } from "~/models/auth/shopper";
import { db } from "~/utils/db.server";
import { getShopper } from "~/models/auth/shopper.server";
import { proofFilePath } from "~/models/checkout/proofs.server";

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

  const fullPath = proofFilePath(proof.file);
  const stat = fullPath ? await fs.promises.stat(fullPath).catch(() => null) : null;
  if (!fullPath || !stat?.isFile()) throw notFound();
  return new Response(createReadableStreamFromReadable(fs.createReadStream(fullPath)), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
