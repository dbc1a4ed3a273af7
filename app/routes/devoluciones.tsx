import { redirect } from "@remix-run/node";

// backoffice.md §2: clean Spanish address of /returns.
export function loader() {
  return redirect("/returns", 301);
}
