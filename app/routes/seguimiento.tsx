import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /track-order.
export function loader() {
  return redirect("/track-order", 301);
}
