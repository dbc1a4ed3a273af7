import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /contact.
export function loader() {
  return redirect("/contact", 301);
}
