import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /terms.
export function loader() {
  return redirect("/terms", 301);
}
