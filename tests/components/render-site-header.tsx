import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { SiteHeader } from "~/components/site-header";
import type { SearchSuggestion } from "~/models/catalog/catalog.server";

/**
 * The whole store header (so the search form around the box is the real one: GET /catalog without
 * JS) over a stubbed search-suggestions resource route, which answers `suggestionsFor(q)` and
 * records every `q` it was asked for. `pages` are extra routes a test navigates to.
 */
export function renderSiteHeader(
  suggestionsFor: (q: string) => SearchSuggestion[],
  pages: Array<{ path: string; Component: ComponentType }> = [],
) {
  const queries: string[] = [];
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <>
          <SiteHeader user={null} wishlistCount={0} cartCount={0} unreadNotifications={0} />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <h1>Inicio</h1> },
        ...pages,
        {
          path: "resources/search-suggestions",
          loader: ({ request }: LoaderFunctionArgs) => {
            const q = new URL(request.url).searchParams.get("q") ?? "";
            queries.push(q);
            return json({ q, suggestions: suggestionsFor(q) });
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { queries, user: userEvent.setup() };
}
