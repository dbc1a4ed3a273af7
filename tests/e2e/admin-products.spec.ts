import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  createBrand,
  createProduct,
  deleteProducts,
  type CreatedProduct,
} from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { expect, signInAsAdmin, test } from "./fixtures";

const products: { id: number; brandId: number }[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0)
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  await deleteProducts(db, products.splice(0));
});

const picture = (background: string) =>
  sharp({ create: { width: 800, height: 800, channels: 3, background } })
    .png()
    .toBuffer();

/** The admin list narrowed to one product by its name. */
async function findInAdmin(page: Page, name: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  return page.getByRole("row").filter({ hasText: name });
}

test("an admin creates a product with two pictures, reprices it, hides it and deletes it", async ({
  page,
  db,
  createUser,
}) => {
  const brand = await createBrand(db);
  const name = `Brisa E2E ${Date.now().toString(36)}`;
  await signInAsAdmin(page, await createUser({ role: "admin" }));

  await page.goto("/admin/products/new");
  await page.getByLabel("Nombre", { exact: true }).fill(name);
  await page.getByLabel("Marca").selectOption({ label: brand.name });
  await page.getByLabel("Precio (L)").fill("1,234.50");
  await page.getByLabel("Stock", { exact: true }).fill("12");
  await page.getByLabel("Descripción", { exact: true }).fill("Corta");
  await page.getByLabel(/Agregar imágenes/).setInputFiles([
    { name: "uno.png", mimeType: "image/png", buffer: await picture("#3366aa") },
    { name: "dos.png", mimeType: "image/png", buffer: await picture("#aa6633") },
  ]);
  // Uploaded while the rest of the form is still wrong: the pictures and the typing stay.
  await page.getByRole("button", { name: "Subir imágenes" }).click();
  await expect(page.getByRole("img", { name: "Imagen 2" })).toBeVisible();
  const chosenImages = () =>
    page
      .locator('input[type="hidden"][name="images"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const uploaded = await chosenImages();
  expect(uploaded).toHaveLength(2);
  await page.getByRole("button", { name: "Hacer principal la imagen 2" }).click();
  await expect.poll(chosenImages).toEqual([uploaded[1], uploaded[0]]);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Precio (L)")).toHaveValue("1,234.50");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("La descripción debe tener al menos 10 caracteres.")).toBeVisible();
  await page.getByLabel("Descripción", { exact: true }).fill("Una brisa marina para el verano.");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText("Producto creado")).toBeVisible();

  const created = await db
    .selectFrom("products")
    .select(["id", "brandId", "slug", "images"])
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  products.push(created);
  expect(JSON.parse(created.images)).toEqual([uploaded[1], uploaded[0]]);

  // In the catalogue, with its price and WebP pictures.
  await page.goto(`/catalog?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ hasText: name }).first();
  await expect(card).toContainText("L 1,234.50");
  const image = card.locator("img").first();
  await expect(image).toHaveAttribute("srcset", /\.webp 640w/);
  const src = await image.getAttribute("src");
  const served = await page.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");

  // A new price shows on the product page at the next request.
  const row = await findInAdmin(page, name);
  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await page.getByLabel("Precio (L)").fill("999");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Producto actualizado")).toBeVisible();
  await page.goto(`/product/${created.slug}`);
  await expect(page.getByText("L 999.00").first()).toBeVisible();

  // Hidden: gone from the catalogue.
  await (await findInAdmin(page, name)).getByRole("button", { name: `Ocultar ${name}` }).click();
  await expect(page.getByText("Producto oculto")).toBeVisible();
  await page.goto(`/catalog?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article").filter({ hasText: name })).toHaveCount(0);

  // Nobody bought it: it is deleted.
  const again = await findInAdmin(page, name);
  await again.getByText("Eliminar", { exact: true }).click();
  await again.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByText("Producto eliminado")).toBeVisible();
  const left = await db
    .selectFrom("products")
    .select("id")
    .where("id", "=", created.id)
    .executeTakeFirst();
  expect(left).toBeUndefined();
});

test("Enter in a field creates the product and 'Producto creado' shows on the list it lands on", async ({
  page,
  db,
  createUser,
}) => {
  const brand = await createBrand(db);
  const name = `Enter E2E ${Date.now().toString(36)}`;
  await signInAsAdmin(page, await createUser({ role: "admin" }));
  await page.goto("/admin/products/new");
  await page.getByLabel("Marca").selectOption({ label: brand.name });
  await page.getByLabel("Precio (L)").fill("850");
  await page.getByLabel("Descripción", { exact: true }).fill("Un cítrico fresco para el día.");
  await page.getByLabel("Nombre", { exact: true }).fill(name);
  await page.getByLabel("Nombre", { exact: true }).press("Enter");

  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("status").getByText("Producto creado")).toBeVisible();
  await expect(page.getByRole("status").getByText(name)).toBeVisible();
  products.push(
    await db
      .selectFrom("products")
      .select(["id", "brandId"])
      .where("name", "=", name)
      .executeTakeFirstOrThrow(),
  );
});

test("the long product form keeps its save button in reach at 1366×768", async ({
  page,
  createUser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsAdmin(page, await createUser({ role: "admin" }));
  await page.goto("/admin/products/new");
  const save = page.getByRole("button", { name: "Crear producto" });
  const formHeight = await page.locator("form#product").evaluate((form) => form.scrollHeight);
  expect(formHeight).toBeGreaterThan(768);
  // At the top of the form and halfway down, the button is on screen without scrolling to it.
  await expect(save).toBeInViewport({ ratio: 1 });
  await page.getByLabel("Descripción", { exact: true }).scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport({ ratio: 1 });
});

test("deleting a product someone bought hides it instead and says so", async ({
  page,
  db,
  createUser,
}) => {
  const product: CreatedProduct = await createProduct(db, { name: `Vendido ${Date.now()}` });
  products.push(product);
  const order = await createOrder(db, { lines: [{ product, quantity: 1 }], takeStock: false });
  orders.push(order.id);
  await signInAsAdmin(page, await createUser({ role: "admin" }));

  const row = await findInAdmin(page, product.name);
  await row.getByText("Eliminar", { exact: true }).click();
  await row.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByText(/se ocultó en lugar de eliminarse/)).toBeVisible();
  await expect((await findInAdmin(page, product.name)).getByText("Inactivo")).toBeVisible();
  const line = await db
    .selectFrom("orderItems")
    .select("productId")
    .where("orderId", "=", order.id)
    .executeTakeFirstOrThrow();
  expect(line.productId).toBe(product.id);
});
