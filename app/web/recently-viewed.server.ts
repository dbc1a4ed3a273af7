import { createCookie } from "@remix-run/node";

/** D5: "VISTO RECIENTEMENTE" lives in a cookie (last 8 product ids) so the server renders it. */
export const RECENTLY_VIEWED_LIMIT = 8;

const recentlyViewedCookie = createCookie("recently_viewed", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 90,
});

/** Product ids, most recent first; anything malformed in the cookie is ignored. */
export async function getRecentlyViewed(request: Request): Promise<number[]> {
  const value: unknown = await recentlyViewedCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value
    .filter((id): id is number => Number.isSafeInteger(id) && id > 0)
    .slice(0, RECENTLY_VIEWED_LIMIT);
}

/** A link prefetched on hover (`Sec-Purpose: prefetch`) is not a product the shopper saw. */
function isPrefetch(request: Request) {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/**
 * Headers for the product page's loader: a Set-Cookie that puts `productId` first, or none
 * when the browser is only prefetching the page.
 */
export async function recordRecentlyViewed(
  request: Request,
  productId: number,
): Promise<Record<string, string>> {
  if (isPrefetch(request)) return {};
  const ids = await getRecentlyViewed(request);
  const next = [productId, ...ids.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_LIMIT);
  return { "Set-Cookie": await recentlyViewedCookie.serialize(next) };
}
