import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";

/** /admin/settings opens on its first tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/settings/general");
}
