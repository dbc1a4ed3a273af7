import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { guardAction } from "~/web/guard-action.server";
import { logout } from "~/web/auth.server";

// D33: logging out changes state, so it is a POST; a GET only sends people home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  return logout(request, "/");
}
