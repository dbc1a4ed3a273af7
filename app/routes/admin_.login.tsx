import { redirect } from "@remix-run/node";

/** /admin/login is the second address of the admin sign-in (storefront.md route table). */
export function loader() {
  return redirect("/admin-access");
}
