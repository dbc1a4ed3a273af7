import type { LoaderFunctionArgs } from "@remix-run/node";

/** The signed-in and private areas: nothing there is for a search engine. */
const DISALLOWED = [
  "/admin",
  "/account",
  "/profile",
  "/checkout",
  "/cart",
  "/orders",
  "/notifications",
] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const text = [
    "User-agent: *",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
