import { useParams, useSearchParams } from "@remix-run/react";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import type { SearchSuggestion } from "~/models/catalog/catalog.server";
import { renderSiteHeader } from "./render-site-header";
import { formatMoney } from "~/utils/money";

/*
 * The fixtures and the resource route's answer live here, at the top. The header is rendered
 * whole, so the search form around the combobox is the real one (GET /catalog without JS).
 */

/** The resource route answers at most 8 (storefront §9; tests/integration/catalog.test.ts). */
const SUGGESTIONS: SearchSuggestion[] = Array.from({ length: 8 }, (_, i) => ({
  name: `Bleu ${i + 1}`,
  brand: "Chanel",
  slug: `bleu-${i + 1}`,
  price: 400_000 + i * 10_000,
  image: null,
}));
/** A query the stubbed resource route finds nothing for. */
const NO_MATCH = "zzz";

const renderHeader = () =>
  renderSiteHeader(
    (q) => (q === NO_MATCH ? [] : SUGGESTIONS),
    [
      { path: "catalog", Component: CatalogPage },
      { path: "product/:slug", Component: ProductPage },
    ],
  );

function CatalogPage() {
  const [params] = useSearchParams();
  return <h1>Catálogo: {params.get("search")}</h1>;
}

function ProductPage() {
  return <h1>Producto: {useParams().slug}</h1>;
}

const box = () => screen.getByRole("combobox", { name: "Buscar perfumes" });
const options = () =>
  within(screen.getByRole("listbox", { name: "Sugerencias" })).getAllByRole("option");

async function typeAndWaitForSuggestions(
  user: ReturnType<typeof renderHeader>["user"],
  text: string,
) {
  await user.type(box(), text);
  await screen.findByRole("listbox", { name: "Sugerencias" });
  await waitFor(() => expect(options()).toHaveLength(SUGGESTIONS.length));
}

describe("SearchCombobox in the header", () => {
  test("typed text fetches suggestions from the resource route and lists them", async () => {
    const { queries, user } = renderHeader();
    expect(box().getAttribute("aria-expanded")).toBe("false");

    await typeAndWaitForSuggestions(user, "bleu");

    // Debounced: the last request is for the whole text.
    expect(queries.at(-1)).toBe("bleu");
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(options().map((option) => option.textContent)).toEqual(
      SUGGESTIONS.map((s) => `${s.name}${s.brand}${formatMoney(s.price)}`),
    );
  });

  test("storefront §9: suggestions start with the first character", async () => {
    const { queries, user } = renderHeader();

    await typeAndWaitForSuggestions(user, "b");

    expect(queries).toEqual(["b"]);
  });

  test("blank text asks for nothing and shows no list", async () => {
    const { queries, user } = renderHeader();

    await user.type(box(), "   ");
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(queries).toEqual([]);
    expect(box().getAttribute("aria-expanded")).toBe("false");
  });

  test("a query with no match says so", async () => {
    const { user } = renderHeader();

    await user.type(box(), NO_MATCH);

    expect(await screen.findByText("Sin sugerencias")).toBeTruthy();
    expect(within(screen.getByRole("listbox")).queryAllByRole("option")).toEqual([]);
  });

  test("arrow keys move the active option, wrapping through the typed text", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");
    const active = () => box().getAttribute("aria-activedescendant");
    const selected = () => options().filter((o) => o.getAttribute("aria-selected") === "true");

    expect(active()).toBeNull();
    await user.keyboard("{ArrowDown}");
    expect(active()).toBe(options()[0].id);
    expect(selected()).toEqual([options()[0]]);
    await user.keyboard("{ArrowDown}");
    expect(active()).toBe(options()[1].id);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(active()).toBeNull();
    expect(selected()).toEqual([]);
    await user.keyboard("{ArrowUp}");
    expect(active()).toBe(options()[SUGGESTIONS.length - 1].id);
    await user.keyboard("{ArrowDown}");
    expect(active()).toBeNull();
  });

  test("Enter on the active option opens its product", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");

    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");

    expect(await screen.findByRole("heading", { name: "Producto: bleu-2" })).toBeTruthy();
    expect(box().getAttribute("aria-expanded")).toBe("false");
  });

  test("a click on an option opens its product", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");

    await user.click(within(options()[3]).getByRole("link"));

    expect(await screen.findByRole("heading", { name: "Producto: bleu-4" })).toBeTruthy();
  });

  test("Escape closes the list and keeps the text", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");

    await user.keyboard("{ArrowDown}{Escape}");

    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect(box().getAttribute("aria-activedescendant")).toBeNull();
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box()).toHaveProperty("value", "bleu");
  });

  test("the list closes after the box loses focus", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");

    await user.tab();

    await waitFor(() => expect(box().getAttribute("aria-expanded")).toBe("false"));
  });

  test("Enter with no option chosen submits the search form to the catalogue", async () => {
    const { user } = renderHeader();
    await typeAndWaitForSuggestions(user, "bleu");

    await user.keyboard("{Enter}");

    expect(await screen.findByRole("heading", { name: "Catálogo: bleu" })).toBeTruthy();
  });

  test("the search button submits the same form", async () => {
    const { user } = renderHeader();

    await user.type(box(), "oud");
    await user.click(screen.getByRole("button", { name: "Buscar" }));

    expect(await screen.findByRole("heading", { name: "Catálogo: oud" })).toBeTruthy();
  });
});
