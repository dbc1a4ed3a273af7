import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { CartOwner } from "~/models/cart.server";
import { getUser } from "./auth.server";
import { commitSession, getSession, type AppSession } from "./session.server";
import type { ToastInput } from "./toast.server";

/**
 * Whose cart a request works on (D10): the signed-in user's, else the visitor's guest id in the
 * session. `create` gives a visitor a guest id (their first add); the caller must then commit
 * the session, which `redirectWithCartToast` does.
 */
export async function getCartOwner(
  request: Request,
  { create = false }: { create?: boolean } = {},
): Promise<{ owner: CartOwner | null; session: AppSession }> {
  const [user, session] = await Promise.all([getUser(request), getSession(request)]);
  if (user) return { owner: { userId: user.id }, session };
  let guestId = session.get("guestId");
  if (!guestId && create) {
    guestId = crypto.randomUUID();
    session.set("guestId", guestId);
  }
  return { owner: guestId ? { guestId } : null, session };
}

/** Post/redirect/get with the flash toast on the same session (which may hold a new guest id). */
export async function redirectWithCartToast(
  request: Request,
  session: AppSession,
  url: string,
  toast?: ToastInput,
) {
  if (toast) session.flash("toast", { id: crypto.randomUUID(), type: "success", ...toast });
  return redirect(url, { headers: { "Set-Cookie": await commitSession(request, session) } });
}
