import crypto from "node:crypto";
import { getOrderForOwner } from "~/models/orders/orders.server";
import type { Shopper } from "~/models/auth/shopper";
import { getSessionUser, signInFirst } from "~/web/auth.server";
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
