import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import type { SearchSuggestion } from "~/models/catalog/catalog.server";
import { renderSiteHeader } from "./render-site-header";

/*
 * Issue 11: the header's search suggestions load when the shopper first reaches for the box.
 * The combobox's module is held back here until the test lets it through, to prove that what is
 * typed while it loads is neither lost nor left without suggestions.
 */
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/components/search-combobox", async (importOriginal) => {
  loads.count++;
  await gate.opened;
  return importOriginal();
});

const SUGGESTIONS: SearchSuggestion[] = [
  { name: "Bleu de Chanel", brand: "Chanel", slug: "bleu", price: 450_000, image: null },
];

const renderHeader = () => renderSiteHeader(() => SUGGESTIONS);

const box = () => screen.getByRole("combobox", { name: "Buscar perfumes" });

describe("the header's search box loads its suggestions on first use", () => {
  test("text typed while the combobox loads is kept, keeps the focus and gets suggestions", async () => {
    const { queries, user } = renderHeader();
    // Before anyone reaches for it: a plain box, and no request for the combobox's code.
    expect(loads.count).toBe(0);
    expect(box().getAttribute("aria-controls")).toBeNull();

    await user.type(box(), "bleu");

    // The code was asked for, and until it arrives the plain box takes the typing.
    expect(loads.count).toBe(1);
    expect(box()).toHaveProperty("value", "bleu");
    expect(box().getAttribute("aria-controls")).toBeNull();
    expect(document.activeElement).toBe(box());
    expect(queries).toEqual([]);

    gate.open();

    // The combobox takes over: same text, the focus, and suggestions for it.
    await waitFor(() => expect(box().getAttribute("aria-controls")).toBeTruthy());
    expect(box()).toHaveProperty("value", "bleu");
    expect(document.activeElement).toBe(box());
    const listbox = await screen.findByRole("listbox", { name: "Sugerencias" });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(1));
    expect(queries).toEqual(["bleu"]);
    expect(box().getAttribute("aria-expanded")).toBe("true");

    // And it is the combobox from now on: typing more asks again.
    await user.type(box(), " de");
    await waitFor(() => expect(queries.at(-1)).toBe("bleu de"));
    expect(loads.count).toBe(1);
  });
});
