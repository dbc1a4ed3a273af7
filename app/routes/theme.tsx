import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, guardFormBody } from "~/utils/security.server";
import { safeRedirect } from "~/web/redirect.server";
import { serializeTheme, THEMES, type Theme } from "~/utils/theme.server";

// D5: the theme toggle is a form post (works without JS); the cookie is read on the server.
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // Open in maintenance mode too (the maintenance screen follows the theme).
  assertSameOrigin(request);
  guardFormBody(request);
  const form = await request.formData();
  const value = form.get("theme");
  const theme: Theme = THEMES.includes(value as Theme) ? (value as Theme) : "system";
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await serializeTheme(theme) },
  });
}
