import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /authenticity.
export function loader() {
  return redirect("/authenticity", 301);
}
