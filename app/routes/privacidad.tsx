import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /privacy.
export function loader() {
  return redirect("/privacy", 301);
}
