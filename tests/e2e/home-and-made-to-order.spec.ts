import type { Page } from "@playwright/test";
import type { DB } from "../../db/connection";
import { expect, renderSharedPagesAfresh, test } from "./fixtures";

/* The front page and the made-to-order catalogue against the demo store, in both projects. */

// A card's name is its one heading (h2 in the catalogue's grid, h3 under a section's h2). Its
// text, not its innerText: a card below the fold skips rendering (content-visibility, decision
// 111), and innerText reads only what is rendered.
const cardNames = async (page: Page) =>
  (await page.getByRole("main").locator("article").getByRole("heading").allTextContents()).map(
    (name) => name.trim(),
  );

async function madeToOrderNames(db: DB, gender?: "masculine" | "feminine" | "unisex") {
  let query = db
    .selectFrom("products")
    .select("name")
    .where("isActive", "=", 1)
    .where("catalogType", "=", "custom_order");
  if (gender) query = query.where("gender", "=", gender);
  const rows = await query.orderBy("price", "asc").orderBy("id", "asc").execute();
  return rows.map((row) => row.name);
}

test("the front page shows featured products and leads to a brand's catalogue", async ({
  page,
  db,
}) => {
  await renderSharedPagesAfresh(db);
  const featured = await db
    .selectFrom("products")
    .select("name")
    .where("isActive", "=", 1)
    .where("isFeatured", "=", 1)
    .orderBy("salesCount", "desc")
    .orderBy("id", "desc")
    .limit(4)
    .execute();
  expect(featured.length).toBeGreaterThan(0);

  await page.goto("/");
  const section = page.getByRole("region", { name: "Destacados" });
  await expect(section.locator("article h3")).toHaveText(featured.map((row) => row.name));
  for (const title of ["Novedades", "Más Buscados", "Ofertas", "Marcas"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }

  // Other tests' products come with brands of their own (seed/factories/catalog.ts), which
  // they remove afterwards: the seed's brands keep their counts.
  const brand = await db
    .selectFrom("brands")
    .innerJoin("products", "products.brandId", "brands.id")
    .select(["brands.id", "brands.name"])
    .where("brands.isActive", "=", 1)
    .where("products.isActive", "=", 1)
    .groupBy("brands.id")
    .orderBy("brands.name")
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("brandId", "=", brand.id)
    .where("isActive", "=", 1)
    .executeTakeFirstOrThrow();
  await page
    .getByRole("region", { name: "Marcas" })
    .getByRole("link", { name: brand.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`/catalog\\?brandId=${brand.id}$`));
  await expect(
    page.getByText(count === 1 ? "1 producto encontrado" : `${count} productos encontrados`),
  ).toBeVisible();
});

test("the made-to-order catalogue filters its own products and keeps them in the URL", async ({
  page,
  db,
  javaScriptEnabled,
}) => {
  await page.goto("/productos-por-encargo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos por Encargo");
  await expect(page.getByText("2 a 4 semanas")).toBeVisible();
  const all = await madeToOrderNames(db);
  expect(all.length).toBeGreaterThan(1);
  await expect(page.getByText(`${all.length} productos encontrados`)).toBeVisible();
  // Only this page's filters: no catalogue type, no stock flag.
  await expect(page.getByRole("group", { name: "Tipo de Catálogo" })).toHaveCount(0);
  await expect(page.getByLabel("Solo productos en stock")).toHaveCount(0);

  // A gender that has made-to-order products, sorted by price.
  const genders = ["feminine", "masculine", "unisex"] as const;
  const labels = { feminine: "Femeninos", masculine: "Masculinos", unisex: "Unisex" };
  let gender: (typeof genders)[number] | undefined;
  for (const candidate of genders) {
    if ((await madeToOrderNames(db, candidate)).length > 0) {
      gender = candidate;
      break;
    }
  }
  expect(gender).toBeDefined();
  const expected = await madeToOrderNames(db, gender);
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Ordenar", exact: true })).toBeHidden();
  }
  await page.getByText(labels[gender!], { exact: true }).click();
  await page.getByRole("button", { name: "Aplicar Filtros" }).click();
  await expect(page).toHaveURL(new RegExp(`gender=${gender}`));
  await page.getByLabel("Ordenar por").selectOption("price-low");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Ordenar", exact: true }).click();
  await expect(page).toHaveURL(/sortBy=price-low/);
  await expect(page).toHaveURL(new RegExp(`gender=${gender}`));
  await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 24));
  await expect(
    page.getByText(
      expected.length === 1 ? "1 producto encontrado" : `${expected.length} productos encontrados`,
    ),
  ).toBeVisible();

  // Nothing matches: the empty state offers to clear the filters.
  await page.goto("/productos-por-encargo?search=zzzqqq");
  await expect(page.getByText("No se encontraron productos")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Limpiar Filtros" }).last().click();
  await expect(page).toHaveURL(/\/productos-por-encargo$/);
  await expect(page.getByText(`${all.length} productos encontrados`)).toBeVisible();
});
