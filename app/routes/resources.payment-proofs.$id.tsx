import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { PROOF_ID_PATTERN } from "~/models/checkout";
import { getUser } from "~/utils/auth.server";
import { db } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";
import { ownsProof, proofFilePath } from "~/utils/uploads.server";

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
  const [user, session] = await Promise.all([getUser(request), getSession(request)]);
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
  const guestId = session.get("guestId") ?? null;
  const allowed =
    user?.role === "admin" ||
    (proof.orderId !== null
      ? (user !== null && proof.orderUserId === user.id) ||
        (proof.orderUserId === null && guestId !== null && proof.orderSessionId === guestId)
      : ownsProof(proof, { userId: user?.id ?? null, guestId }));
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
