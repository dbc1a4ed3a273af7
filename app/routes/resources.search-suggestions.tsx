import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { searchSuggestions, type SearchSuggestion } from "~/models/catalog/catalog.server";
import { isBlockedByMaintenance } from "~/web/maintenance.server";

/**
 * GET ?q= → up to 8 {name, brand, slug, price, image} for the header's search box. An
 * enhancement only: without JS the box is a plain GET form to /catalog.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  if (await isBlockedByMaintenance(request)) {
    return json({ q, suggestions: [] as SearchSuggestion[] }, { status: 503 });
  }
  const suggestions = q ? await searchSuggestions(q, 8) : [];
  // Typing the same letters again within a minute needs no request; depends on the cookie
  // only through maintenance mode, so private.
  return json(
    { q, suggestions },
    { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } },
  );
}
