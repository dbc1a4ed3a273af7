import crypto from "node:crypto";
import { getOrderForOwner } from "~/models/orders/orders.server";
import type { Shopper } from "~/models/auth/shopper";
import { getSessionUser, getUser, requireAdmin, signInFirst } from "~/web/auth.server";
import { checkOrderLink } from "~/models/orders/order-link.server";
import { invariantResponse } from "~/utils/invariant";
import { getSession, type AppSession } from "~/web/session.server";

type ShopperContext<GuestId extends string | null> = {
  user: Awaited<ReturnType<typeof getSessionUser>>;
  shopper: Shopper & { guestId: GuestId };
  session: AppSession;
  /** a guest id was created for this request: the caller must commit `session` */
  isNewGuest: boolean;
};

/**
 * Who a request shops as (D10): the signed-in user (a blocked or deleted account counts as
 * signed out) and the browser's guest id, which owns a visitor's cart, guest orders and
 * uploaded proofs. `createGuest` gives a visitor a guest id (their first add to cart, the
 * checkout), so writes always have an owner.
 */
export async function getShopper(
  request: Request,
  options: { createGuest: true },
): Promise<ShopperContext<string>>;
export async function getShopper(request: Request): Promise<ShopperContext<string | null>>;
export async function getShopper(
  request: Request,
  { createGuest = false }: { createGuest?: boolean } = {},
): Promise<ShopperContext<string | null>> {
  const session = await getSession(request);
  const user = await getSessionUser(session);
  let guestId = session.get("guestId") ?? null;
  const isNewGuest = guestId === null && createGuest;
  if (isNewGuest) {
    guestId = crypto.randomUUID();
    session.set("guestId", guestId);
  }
  return { user, shopper: { userId: user?.id ?? null, guestId }, session, isNewGuest };
}

/**
 * An order page's guard: the order of this shopper (D10), else a 404 'Pedido no encontrado'
 * that says nothing about whether the id exists (D15). A visitor who is not signed in is sent
 * to sign in first, whatever the id (decision 104: the link in an order's e-mail opens on a
 * phone that is signed out).
 */
export async function requireOwnedOrder(request: Request, orderId: string) {
  const { user, shopper } = await getShopper(request);
  const order = await getOrderForOwner({ orderId, ...shopper });
  if (!order && !user) throw signInFirst(request);
  invariantResponse(order, "Pedido no encontrado", { status: 404 });
  return { order, signedIn: user !== null };
}

/**
 * Decision 171: who may read an order's invoice and credit notes, as a page, a PDF or through
 * the API: an administrator past the second step, the order's owner (as requireOwnedOrder, a
 * visitor sent to sign in first), or whoever holds the order's e-mail link (decision 151: a
 * guest on another phone), whose query the page carries on. Anyone else: 404.
 */
export async function requireDocumentReader(request: Request, orderId: string) {
  const url = new URL(request.url);
  const signature = url.searchParams.get("firma");
  if (signature !== null) {
    const link = { orderId, until: url.searchParams.get("hasta"), signature };
    const valid = url.searchParams.get("order") === orderId && checkOrderLink(link, new Date());
    invariantResponse(valid, "Pedido no encontrado", { status: 404 });
    const query = new URLSearchParams({ order: orderId, firma: signature });
    if (link.until !== null) query.set("hasta", link.until);
    return { reader: "link" as const, query: query.toString() };
  }
  const user = await getUser(request);
  if (user?.role === "admin") {
    await requireAdmin(request);
    return { reader: "admin" as const, query: "" };
  }
  await requireOwnedOrder(request, orderId);
  return { reader: "owner" as const, query: "" };
}
