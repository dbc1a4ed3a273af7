import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/web/redirect.server";
import { serializeLiteMode } from "~/utils/save-data.server";
import { assertSameOrigin, guardFormBody } from "~/utils/security.server";

// Decision 098: 'Modo ligero' is a form post (works without JS), remembered in a cookie.
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // Like the theme's: open in maintenance mode too, and for visitors.
  assertSameOrigin(request);
  guardFormBody(request);
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await serializeLiteMode(form.get("lite") === "on") },
  });
}
