import { sql } from "kysely";
import type { Page } from "@playwright/test";
import type { DB } from "../../db/connection";
import { expect, renderSharedPagesAfresh, test } from "./fixtures";

/*
 * The catalogue against the demo store, in both projects: every expectation is read from
 * the server's database at the time of the assertion, never hard-coded.
 */

const PAGE_SIZE = 24;

/** Active products' names in the catalogue's order for a filter and a sort. */
async function expectedNames(
  db: DB,
  options: {
    gender?: "masculine" | "feminine" | "unisex";
    inStock?: boolean;
    brandName?: string;
    sort: "price-high" | "newest";
  },
) {
  let query = db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brandId")
    .select("p.name")
    .where("p.isActive", "=", 1);
  if (options.gender) query = query.where("p.gender", "=", options.gender);
  if (options.inStock) query = query.where("p.stock", ">", 0);
  if (options.brandName) query = query.where("b.name", "=", options.brandName);
  query =
    options.sort === "price-high"
      ? query.orderBy("p.price", "desc").orderBy("p.id", "desc")
      : query.orderBy("p.createdAt", "desc").orderBy("p.id", "desc");
  return (await query.execute()).map((row) => row.name);
}

// A card's name is its one heading (h2 in the catalogue's grid, h3 under a section's h2). Its
// text, not its innerText: a card below the fold skips rendering (content-visibility, decision
// 111), and innerText reads only what is rendered.
const cardNames = async (page: Page) =>
  (await page.getByRole("main").locator("article").getByRole("heading").allTextContents()).map(
    (name) => name.trim(),
  );

/**
 * The whole catalogue's count. Other tests add and remove products of their own on the shared
 * store while this runs, so the page and the database are compared at one moment, reloading
 * until they agree.
 */
async function expectTotalCount(page: Page, db: DB) {
  await expect
    .poll(async () => {
      const text = await page.getByText(/\d+ productos? encontrados?/).innerText();
      const { count } = await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("isActive", "=", 1)
        .executeTakeFirstOrThrow();
      const shown = Number(/\d+/.exec(text)?.[0]);
      if (shown !== Number(count)) await page.reload();
      return shown === Number(count);
    })
    .toBe(true);
}

/** With JS, wait for hydration (the no-JS 'Ordenar' button disappears) before typing. */
async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Ordenar", exact: true })).toBeHidden();
  }
}

test.describe("catalogue", () => {
  test("filters, sorts and pages through the catalogue", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    await page.goto("/catalog");
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo de Perfumes");
    await expectTotalCount(page, db);

    // Filter: feminine, in stock.
    await page.getByText("Femeninos", { exact: true }).click();
    await page.getByLabel("Solo productos en stock").check();
    await page.getByRole("button", { name: "Aplicar Filtros" }).click();
    await expect(page).toHaveURL(/gender=feminine/);
    await expect(page).toHaveURL(/inStock=1/);
    const feminine = await expectedNames(db, { gender: "feminine", inStock: true, sort: "newest" });
    expect(feminine.length).toBeGreaterThan(PAGE_SIZE);
    await expect(page.getByText(`${feminine.length} productos encontrados`)).toBeVisible();

    // Sort: price, high to low (with JS the select submits on change).
    await page.getByLabel("Ordenar por").selectOption("price-high");
    if (!javaScriptEnabled)
      await page.getByRole("button", { name: "Ordenar", exact: true }).click();
    await expect(page).toHaveURL(/sortBy=price-high/);
    const byPrice = await expectedNames(db, {
      gender: "feminine",
      inStock: true,
      sort: "price-high",
    });
    await expect.poll(() => cardNames(page)).toEqual(byPrice.slice(0, PAGE_SIZE));
    await expect(page.getByLabel("Solo productos en stock")).toBeChecked();

    // Paginate: page 2 continues the same order with the same filters.
    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await expect(pagination.getByRole("link", { name: "Página 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Scrolled to first, as a person does. The cards come in new after the sort, and those
    // below the fold are laid out only when they come near (content-visibility, decision 111):
    // a click right after a jump to the bottom could land where the link was a frame before.
    const next = pagination.getByRole("link", { name: "Siguiente" });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pagination.getByRole("link", { name: "Página 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect.poll(() => cardNames(page)).toEqual(byPrice.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    await expect(page).toHaveURL(/gender=feminine.*sortBy=price-high/);

    // Grid/list toggle keeps everything else.
    await page.getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "true");
    await expect.poll(() => cardNames(page)).toEqual(byPrice.slice(PAGE_SIZE, 2 * PAGE_SIZE));

    // Issue 39: the filters in force are named above the results, each a link that takes it
    // off and keeps the rest (the sort, the view), back on page 1.
    const chips = page.getByRole("list", { name: "Filtros activos" });
    await expect(chips.getByRole("link")).toHaveText([
      "Quitar filtro Categoría: Femeninos",
      "Quitar filtro Solo productos en stock",
    ]);
    await chips.getByRole("link", { name: "Quitar filtro Solo productos en stock" }).click();
    await expect(page).toHaveURL(/\/catalog\?gender=feminine&sortBy=price-high&view=list$/);
    await expect(chips.getByRole("link")).toHaveText(["Quitar filtro Categoría: Femeninos"]);
    await expect(page.getByLabel("Solo productos en stock")).not.toBeChecked();
  });

  test("on a phone the filters open in a side sheet, and 'Limpiar Filtros' resets them", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/catalog");
    await ready(page, javaScriptEnabled);
    // With JS the sheet is a modal dialog (focus kept inside, Escape closes it); without, a panel.
    const sheet = page.getByRole(javaScriptEnabled ? "dialog" : "complementary", {
      name: "Filtros",
    });
    await expect(sheet).toBeHidden();
    await page.getByText("Filtros", { exact: true }).first().click();
    await expect(sheet).toBeVisible();
    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(page.getByRole("button", { name: "Filtros", exact: true })).toBeFocused();
      await page.getByRole("button", { name: "Filtros", exact: true }).click();
      await expect(sheet).toBeVisible();
    }

    await sheet.getByLabel("Marca").selectOption({ label: "Kenzo" });
    await sheet.getByRole("button", { name: "Aplicar Filtros" }).click();
    await expect(page).toHaveURL(/brandId=\d+/);
    const kenzo = await expectedNames(db, { brandName: "Kenzo", sort: "newest" });
    await expect(page.getByText(`${kenzo.length} productos encontrados`)).toBeVisible();
    expect(await cardNames(page)).toEqual(kenzo);
    await expect(sheet).toBeHidden();
    // Issue 39: the button that opens the sheet counts the filters in force.
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Filtros, 1 activo" })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Quitar filtro Marca: Kenzo" })).toBeVisible();

    await page.getByText("Filtros", { exact: true }).first().click();
    await sheet.getByRole("link", { name: "Limpiar Filtros" }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expectTotalCount(page, db);
  });

  test("shows the empty state and the recently viewed strip", async ({ page, db, context }) => {
    await page.goto("/catalog?search=zzxqwv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Resultados para "zzxqwv"');
    await expect(page.getByText("No se encontraron productos")).toBeVisible();

    // The product page writes this cookie (D5); the catalogue shows the products in its order.
    const viewed = await db
      .selectFrom("products")
      .select(["id", "name"])
      .where("isActive", "=", 1)
      .orderBy("id")
      .limit(3)
      .execute();
    const ids = [viewed[2].id, viewed[0].id, viewed[1].id];
    await context.addCookies([
      {
        name: "recently_viewed",
        value: Buffer.from(JSON.stringify(ids)).toString("base64"),
        url: new URL(page.url()).origin,
      },
    ]);
    await page.goto("/catalog");
    const strip = page.getByRole("region", { name: "VISTO RECIENTEMENTE" });
    await expect(strip.locator("article h3")).toHaveText([
      viewed[2].name,
      viewed[0].name,
      viewed[1].name,
    ]);
  });

  test("the cards' names skip no heading level (Lighthouse heading-order)", async ({ page }) => {
    // Opening a product fills the recently viewed strip of the catalogue and the home page.
    await page.goto("/catalog");
    await page.getByRole("main").locator("article").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/product\//);
    const urls = [
      new URL(page.url()).pathname,
      "/",
      "/catalog",
      "/catalog?view=list",
      "/productos-por-encargo",
      "/search",
      "/search?q=eau",
    ];
    const skipped: string[] = [];
    for (const url of urls) {
      await page.goto(url);
      // Read from the accessibility tree: a heading hidden at this width does not count.
      const levels = await page
        .getByRole("heading")
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
      expect(levels.length, url).toBeGreaterThan(1);
      levels.forEach((level, i) => {
        if (i > 0 && level > levels[i - 1] + 1)
          skipped.push(`${url}: h${levels[i - 1]} → h${level}`);
      });
    }
    expect(skipped).toEqual([]);
  });
});

test.describe("search", () => {
  test("the header search finds products by words in any order, without accents", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    await page.goto("/catalog");
    await ready(page, javaScriptEnabled);
    const box = page.getByRole("search").getByLabel("Buscar perfumes");
    await box.fill("kenzo flor");
    if (javaScriptEnabled) {
      // Suggestions as the shopper types; Enter without choosing one searches the catalogue.
      await expect(page.getByRole("option", { name: /Flower by Kenzo/ })).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
    }
    await box.press("Enter");
    await expect(page).toHaveURL(/\/catalog\?search=kenzo(\+|%20)flor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      'Resultados para "kenzo flor"',
    );
    const { rows } = await sql<{ name: string }>`
      SELECT p.name FROM product_search JOIN products p ON p.id = product_search.rowid
      WHERE product_search MATCH '"kenzo"* "flor"*' AND p.is_active = 1`.execute(db);
    expect(rows.map((row) => row.name)).toContain("Flower by Kenzo");
    await expect(page.getByText(`${rows.length} productos encontrados`)).toBeVisible();
    expect((await cardNames(page)).sort()).toEqual(rows.map((row) => row.name).sort());

    if (javaScriptEnabled) {
      // Choosing a suggestion with the keyboard opens the product.
      await box.fill("flower by");
      await expect(page.getByRole("option", { name: /Flower by Kenzo/ })).toBeVisible();
      await box.press("ArrowDown");
      await expect(page.getByRole("option", { name: /Flower by Kenzo/ })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await box.press("Enter");
      await expect(page).toHaveURL(/\/product\/kenzo-flower-by-kenzo$/);
    }
  });

  test("the mobile search page shows Novedades and Más Buscados, then results", async ({
    page,
    db,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await renderSharedPagesAfresh(db);
    await page.goto("/search");
    const firstFour = async (column: "isNew" | "isViral") => {
      let query = db
        .selectFrom("products")
        .select("name")
        .where("isActive", "=", 1)
        .where(column, "=", 1);
      query =
        column === "isNew"
          ? query.orderBy("createdAt", "desc").orderBy("id", "desc")
          : query.orderBy("salesCount", "desc").orderBy("id", "desc");
      return (await query.limit(4).execute()).map((row) => row.name);
    };
    await expect(page.getByRole("region", { name: "Novedades" }).locator("article h3")).toHaveText(
      await firstFour("isNew"),
    );
    await expect(
      page.getByRole("region", { name: "Más Buscados" }).locator("article h3"),
    ).toHaveText(await firstFour("isViral"));

    // One character is not a search yet.
    await page.goto("/search?q=a");
    await expect(page.getByText("Escribe al menos 2 caracteres para buscar.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Novedades" })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByLabel("Buscar por nombre, marca o notas").fill("limon");
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/search\?q=limon$/);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM product_search JOIN products p ON p.id = product_search.rowid
      WHERE product_search MATCH '"limon"*' AND p.is_active = 1`.execute(db);
    expect(rows[0].n).toBeGreaterThan(0);
    await expect(page.getByText(`${rows[0].n} productos encontrados`)).toBeVisible();

    await main.getByLabel("Buscar por nombre, marca o notas").fill("zzxqwv");
    await main.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("No se encontraron productos")).toBeVisible();
    await expect(main.getByRole("link", { name: "Ver el catálogo" })).toHaveAttribute(
      "href",
      "/catalog",
    );
  });
});
