import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSitemapEntries } from "~/models/content/sitemap.server";

/** XML's five special characters (a brand URL carries `?`, a future one may carry `&`). */
function escapeXml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const entries = await listSitemapEntries();
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified
      ? `<lastmod>${escapeXml(lastModified.slice(0, 10))}</lastmod>`
      : "";
    return `<url><loc>${escapeXml(origin + path)}</loc>${lastmod}</url>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers read it rarely; an hour keeps new products from waiting long.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
