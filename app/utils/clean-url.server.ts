import { redirect } from "@remix-run/node";

/**
 * backoffice.md §2: a clean Spanish address (/terminos) answers with a permanent redirect to the
 * page it names, keeping the query string, so a shared link with campaign tags keeps them.
 */
export function cleanUrlRedirect(request: Request, to: string) {
  return redirect(`${to}${new URL(request.url).search}`, 301);
}
