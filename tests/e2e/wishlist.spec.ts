import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

const made: CreatedProduct[] = [];
test.afterEach(async ({ db }) => {
  await deleteProducts(db, made.splice(0));
});

test.describe("favourites", () => {
  test("a signed-in shopper adds a favourite from the product page and removes it on /wishlist", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const product = await createProduct(db);
    made.push(product);
    const shopper = await createUser();
    await login(page, shopper);

    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: `Agregar ${product.name} a favoritos` }).click();
    await expect(page.getByRole("status").getByText("Agregado a favoritos")).toBeVisible();
    await expect(page.getByRole("link", { name: "Favoritos, 1" })).toBeVisible();
    await expect(
      page.getByRole("button", { name: `Quitar ${product.name} de favoritos` }),
    ).toHaveAttribute("aria-pressed", "true");
    const rows = () =>
      db.selectFrom("wishlistItems").select("productId").where("userId", "=", shopper.id).execute();
    expect(await rows()).toEqual([{ productId: product.id }]);

    await page.getByRole("link", { name: "Favoritos, 1" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: product.name })).toHaveAttribute(
      "href",
      `/product/${product.slug}`,
    );
    await main.getByRole("button", { name: `Eliminar ${product.name} de favoritos` }).click();
    await expect(page.getByRole("status").getByText("Removido de favoritos")).toBeVisible();
    await expect(main.getByText("No tienes productos en favoritos.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Favoritos, 0" })).toBeVisible();
    expect(await rows()).toEqual([]);
  });

  test("a visitor is asked to sign in and comes back to the product", async ({
    page,
    db,
    createUser,
  }) => {
    const product = await createProduct(db);
    made.push(product);
    const shopper = await createUser();

    await page.goto(`/product/${product.slug}`);
    await page.getByRole("button", { name: `Agregar ${product.name} a favoritos` }).click();
    await expect(page).toHaveURL(
      `/login?redirectTo=${encodeURIComponent(`/product/${product.slug}`)}`,
    );
    await expect(
      page.getByText("Debes iniciar sesión para agregar productos a favoritos"),
    ).toBeVisible();
    const count = await db
      .selectFrom("wishlistItems")
      .select("id")
      .where("productId", "=", product.id)
      .execute();
    expect(count).toEqual([]);

    await page.getByLabel("Correo electrónico", { exact: true }).fill(shopper.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(shopper.password);
    await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    await page.getByRole("button", { name: `Agregar ${product.name} a favoritos` }).click();
    await expect(page.getByRole("link", { name: "Favoritos, 1" })).toBeVisible();
  });

  test("/wishlist asks visitors to sign in", async ({ page }) => {
    await page.goto("/wishlist");
    await expect(
      page.getByRole("main").getByRole("link", { name: "Iniciar Sesión" }),
    ).toHaveAttribute("href", "/login?redirectTo=%2Fwishlist");
  });
});
