import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import {
  commitSession,
  getSession,
  holdsToastAsRead,
  type AppSession,
  type Toast,
} from "~/web/session.server";

export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

/*
 * D4: flash messages travel in the session and are rendered by the server on the next page, so
 * they show without JS. This module is the only place that writes or reads the flash: routes
 * call `redirectWithToast`, or `setToast` on a session they commit anyway (sign-in, a new
 * guest id), and the root reads it with `takeToast`.
 */

/** Puts a toast on a session the caller commits. Success unless said otherwise. */
export function setToast(session: AppSession, toast: ToastInput) {
  session.flash("toast", { id: crypto.randomUUID(), type: "success", ...toast });
}

/**
 * Post/redirect/get with a toast. Pass `session` when the action changed it (a new guest id,
 * the applied coupon): it is committed once, with the toast on it.
 */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput | null,
  { session, headers }: { session?: AppSession; headers?: HeadersInit } = {},
) {
  const target = session ?? (await getSession(request));
  if (toast) setToast(target, toast);
  const cookie =
    toast || session ? { "Set-Cookie": await commitSession(request, target) } : undefined;
  return redirect(url, { headers: combineHeaders(headers, cookie) });
}

/**
 * The pending toast, and the header that commits its removal (a flash is read once). Only a
 * toast the session held when read: one that another loader of the same request puts on the
 * shared session is for the page that loader redirects to.
 */
export async function takeToast(request: Request, session?: AppSession) {
  session ??= await getSession(request);
  if (!holdsToastAsRead(session)) return { toast: null, headers: null };
  const toast = session.get("toast") ?? null;
  const headers = toast
    ? new Headers({ "Set-Cookie": await commitSession(request, session) })
    : null;
  return { toast, headers };
}

/** Several sources of headers as one (each Set-Cookie kept as its own header). */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>) {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}
