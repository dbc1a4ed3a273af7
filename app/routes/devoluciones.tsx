import type { LoaderFunctionArgs } from "@remix-run/node";
import { cleanUrlRedirect } from "~/utils/clean-url.server";

// backoffice.md §2: clean Spanish address of /returns.
export function loader({ request }: LoaderFunctionArgs) {
  return cleanUrlRedirect(request, "/returns");
}
