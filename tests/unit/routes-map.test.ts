import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES_DOC, routesMarkdown } from "../../scripts/routes-map";

/*
 * Issue 20, decision 093: the map of URLs is generated from app/routes/, never written by hand,
 * so it cannot rot. A route added, renamed or given an action without `npm run docs:routes`
 * fails here.
 */
describe("docs/routes.md", () => {
  it("is the map app/routes/ gives (run `npm run docs:routes` after changing a route)", () => {
    expect(fs.readFileSync(ROUTES_DOC, "utf8")).toBe(routesMarkdown());
  });

  it("reads URLs, layouts and exports as Remix does", () => {
    const rows = routesMarkdown().split("\n");
    expect(rows).toContain(
      "| /admin/orders/:orderId | `admin.orders_.$orderId/route.tsx` | `admin.tsx` | page | yes | yes |",
    );
    expect(rows).toContain("| /sitemap.xml | `sitemap[.]xml.tsx` | | resource | yes | |");
    expect(rows).toContain(
      "| /admin/settings | `admin.settings._index.tsx` | `admin.settings.tsx` | page | yes | yes |",
    );
  });
});
