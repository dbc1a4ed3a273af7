import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { commitSession, getSession, type Toast } from "./session.server";

export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

/** D4: flash messages travel in the session and are rendered by the server on the next page. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput,
  init: ResponseInit = {},
) {
  const session = await getSession(request);
  session.flash("toast", { id: crypto.randomUUID(), type: "success", ...toast });
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(request, session));
  return redirect(url, { ...init, headers });
}
