import type { Page } from "@playwright/test";
import type { DB } from "../../db/connection";
import {
  createProduct,
  deleteProducts,
  type CreatedProduct,
  type ProductOverrides,
} from "../../seed/factories/catalog";
import { expect, hydrated, test } from "./fixtures";

const made: CreatedProduct[] = [];
test.afterEach(async ({ db }) => {
  await deleteProducts(db, made.splice(0));
});

async function product(db: DB, overrides: ProductOverrides = {}) {
  const created = await createProduct(db, overrides);
  made.push(created);
  return created;
}

async function putInCart(
  db: DB,
  userId: number,
  productId: number,
  size: string,
  quantity: number,
) {
  await db.insertInto("cartItems").values({ userId, productId, size, quantity }).execute();
}

function cartLines(db: DB, productIds: number[]) {
  return db
    .selectFrom("cartItems")
    .select(["productId", "userId", "size", "quantity"])
    .where("productId", "in", productIds)
    .orderBy("productId")
    .orderBy("size")
    .execute();
}

/** A cart line on the page (or in the drawer), named by product and size. */
const line = (page: Page, name: string, size: string) =>
  page.getByRole("listitem", { name: `${name} (${size})` });

const summary = (page: Page) => page.getByRole("region", { name: "Resumen del pedido" });

test.describe("cart", () => {
  test("a visitor's cart joins the account's at sign-in, without passing the stock", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const scarce = await product(db, { stock: 3 });
    const other = await product(db);
    const shopper = await createUser();
    await putInCart(db, shopper.id, scarce.id, "100ml", 2);

    // As a visitor: two 50 ml of the scarce perfume and one of another.
    await page.goto(`/product/${scarce.slug}`);
    await page.getByRole("radio", { name: /^50ml/ }).check();
    await page.getByLabel(/^Cantidad/).fill("2");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByLabel("Carrito, 2 artículos", { exact: true })).toBeVisible();
    await page.goto(`/product/${other.slug}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByLabel("Carrito, 3 artículos", { exact: true })).toBeVisible();

    await page.goto("/cart");
    await expect(line(page, scarce.name, "50ml")).toBeVisible();
    await expect(line(page, other.name, "100ml")).toBeVisible();

    await login(page, shopper);
    await page.goto("/cart");
    // Stock 3: the account's two 100 ml leave room for one of the visitor's two 50 ml.
    await expect(
      line(page, scarce.name, "100ml").getByRole("spinbutton", { name: /^Cantidad de/ }),
    ).toHaveValue("2");
    await expect(
      line(page, scarce.name, "50ml").getByRole("spinbutton", { name: /^Cantidad de/ }),
    ).toHaveValue("1");
    await expect(
      line(page, other.name, "100ml").getByRole("spinbutton", { name: /^Cantidad de/ }),
    ).toHaveValue("1");
    await expect(page.getByLabel("Carrito, 4 artículos", { exact: true })).toBeVisible();
    expect(await cartLines(db, [scarce.id, other.id])).toEqual([
      { productId: scarce.id, userId: shopper.id, size: "100ml", quantity: 2 },
      { productId: scarce.id, userId: shopper.id, size: "50ml", quantity: 1 },
      { productId: other.id, userId: shopper.id, size: "100ml", quantity: 1 },
    ]);
  });

  test("the cart page changes quantities, removes lines and empties the cart", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const cheap = await product(db, { price: 50_000, stock: 3 });
    const bigger = await product(db, { price: 100_000 });
    const third = await product(db);
    const shopper = await createUser();
    await putInCart(db, shopper.id, cheap.id, "100ml", 1);
    await putInCart(db, shopper.id, bigger.id, "50ml", 1);
    await putInCart(db, shopper.id, third.id, "100ml", 1);
    await login(page, shopper);
    await page.goto("/cart");

    await page.getByRole("button", { name: `Eliminar ${third.name} (100ml)` }).click();
    await expect(page.getByRole("status").getByText("Producto eliminado")).toBeVisible();
    await expect(line(page, third.name, "100ml")).toHaveCount(0);

    // L 500 + L 800: standard shipping and the free-shipping note.
    await expect(summary(page)).toContainText("SubtotalL 1,300.00");
    await expect(summary(page)).toContainText("EnvíoL 150.00");
    await expect(summary(page)).toContainText("Impuestos (ISV 15%)L 195.00");
    await expect(summary(page)).toContainText("TotalL 1,645.00");
    await expect(summary(page)).toContainText("Agrega L 700.00 más para envío gratis");
    await expect(page.getByRole("link", { name: "Proceder al Checkout" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await expect(page.getByRole("link", { name: "Continuar Comprando" })).toBeVisible();
    await expect(page.getByText("Productos 100% originales")).toBeVisible();

    const cheapLine = line(page, cheap.name, "100ml");
    const quantity = cheapLine.getByRole("spinbutton", { name: /^Cantidad de/ });
    const plus = cheapLine.getByRole("button", { name: /^Aumentar cantidad/ });
    await plus.click();
    await expect(quantity).toHaveValue("2");
    await expect(summary(page)).toContainText("Agrega L 200.00 más para envío gratis");
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await expect(cheapLine.getByText("Stock máximo: 3 unidades")).toBeVisible();
    await expect(plus).toBeDisabled();
    await expect(summary(page)).toContainText("EnvíoGratis");
    await expect(summary(page)).not.toContainText("para envío gratis");

    // A typed quantity past the stock: the server's message (§8 'unidades disponibles').
    await quantity.fill("5");
    await cheapLine.getByRole("button", { name: "Actualizar" }).click();
    await expect(cheapLine.getByRole("alert")).toContainText("Stock insuficiente");
    await expect(cheapLine.getByRole("alert")).toContainText("unidades disponibles");
    await expect(quantity).toHaveValue("5");
    await quantity.fill("1");
    await cheapLine.getByRole("button", { name: "Actualizar" }).click();
    await expect(quantity).toHaveValue("1");
    await expect(cheapLine.getByRole("alert")).toHaveCount(0);
    await cheapLine.getByRole("button", { name: /^Disminuir cantidad/ }).click();
    await expect(line(page, cheap.name, "100ml")).toHaveCount(0);

    const biggerLine = line(page, bigger.name, "50ml");
    await biggerLine.getByRole("spinbutton", { name: /^Cantidad de/ }).fill("2");
    await biggerLine.getByRole("button", { name: "Actualizar" }).click();
    await expect(summary(page)).toContainText("SubtotalL 1,600.00");
    expect(await cartLines(db, [cheap.id, bigger.id, third.id])).toEqual([
      { productId: bigger.id, userId: shopper.id, size: "50ml", quantity: 2 },
    ]);

    // 'Vaciar carrito' asks first; 'Cancelar' keeps the cart.
    await page.getByRole("link", { name: "Vaciar carrito" }).click();
    const confirm = page.getByRole("region", { name: "¿Vaciar el carrito?" });
    await expect(confirm).toContainText("Se quitarán 2 productos");
    await confirm.getByRole("link", { name: "Cancelar" }).click();
    await expect(confirm).toHaveCount(0);
    expect(await cartLines(db, [cheap.id, bigger.id, third.id])).toHaveLength(1);
    await page.getByRole("link", { name: "Vaciar carrito" }).click();
    await confirm.getByRole("button", { name: "Sí, vaciar carrito" }).click();
    await expect(page.getByRole("status").getByText("Carrito limpiado")).toBeVisible();
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
    await expect(page.getByLabel("Carrito, 0 artículos", { exact: true })).toBeVisible();
    expect(await cartLines(db, [cheap.id, bigger.id, third.id])).toEqual([]);
  });

  test("a typed 0 removes a line", async ({ page, db }) => {
    const perfume = await product(db);
    await page.goto(`/product/${perfume.slug}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByLabel("Carrito, 1 artículo", { exact: true })).toBeVisible();
    await page.goto("/cart");
    const perfumeLine = line(page, perfume.name, "100ml");
    await perfumeLine.getByRole("spinbutton", { name: /^Cantidad de/ }).fill("0");
    await perfumeLine.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByRole("status").getByText("Producto eliminado")).toBeVisible();
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
  });

  test("a code applied on the cart discounts its total and carries into checkout", async ({
    page,
    db,
  }) => {
    const perfume = await product(db, { price: 300_000 });
    const code = `CARRITO${Date.now().toString(36)}`.toUpperCase();
    await db
      .insertInto("promoCodes")
      .values({ code, discountType: "fixed", discountValue: 50_000 })
      .execute();
    await page.goto(`/product/${perfume.slug}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByLabel("Carrito, 1 artículo", { exact: true })).toBeVisible();
    await page.goto("/cart");
    await page.getByLabel("Código de cupón").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByRole("status").getByText("¡Cupón aplicado!")).toBeVisible();
    // L 3,000 + free shipping + L 450 ISV − L 500 = L 2,950.
    await expect(summary(page).getByText("−L 500.00", { exact: true })).toBeVisible();
    await expect(summary(page).getByText("L 2,950.00", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Proceder al Checkout" }).click();
    await expect(page.getByRole("button", { name: `Quitar el cupón ${code}` })).toBeVisible();
    await page.goto("/cart");
    await page.getByRole("button", { name: `Quitar el cupón ${code}` }).click();
    await expect(page.getByRole("status").getByText("Cupón removido")).toBeVisible();
    await expect(summary(page).getByText("L 3,450.00", { exact: true })).toBeVisible();
  });

  test("a catalogue card adds one unit of the main size", async ({ page, db }) => {
    const perfume = await product(db);
    await page.goto(`/catalog?search=${encodeURIComponent(perfume.name)}`);
    await page.getByRole("button", { name: `Agregar ${perfume.name} al carrito` }).click();
    await expect(page.getByRole("status").getByText("Agregado al carrito")).toBeVisible();
    await expect(page.getByLabel("Carrito, 1 artículo", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/catalog\?search=/);
    expect(await cartLines(db, [perfume.id])).toEqual([
      { productId: perfume.id, userId: null, size: "100ml", quantity: 1 },
    ]);
  });

  test("'Agregar al carrito' and the drawer's '+' keep the focus and announce the change", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const perfume = await product(db, { stock: 5 });
    await page.goto(`/product/${perfume.slug}`);
    if (javaScriptEnabled) await hydrated(page);
    const add = page.getByRole("button", { name: "Agregar al carrito" });
    await add.focus();
    await page.keyboard.press("Enter");
    // The toaster's live region says it (after the page's reload without JavaScript).
    await expect(page.getByRole("status").filter({ hasText: "Agregado al carrito" })).toHaveCount(
      1,
    );
    if (!javaScriptEnabled) return;
    await expect(add).toBeFocused();

    await page.getByLabel("Carrito, 1 artículo", { exact: true }).click();
    const drawer = page.getByRole("dialog", { name: /^Carrito de Compras/ });
    const more = drawer.getByRole("button", { name: /^Aumentar cantidad/ });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Carrito de Compras (2)" })).toBeVisible();
    await expect(more).toBeFocused();
    await expect(
      drawer.getByRole("listitem", { name: `${perfume.name} (100ml)` }).getByRole("status"),
    ).not.toBeEmpty();
  });

  test("the header's cart opens the drawer with JS, and is a link to /cart without", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const perfume = await product(db, { stock: 2 });
    await page.goto(`/product/${perfume.slug}`);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const cart = page.getByLabel("Carrito, 1 artículo", { exact: true });
    await expect(cart).toBeVisible();

    if (!javaScriptEnabled) {
      await cart.click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(line(page, perfume.name, "100ml")).toBeVisible();
      return;
    }

    // A marker on the window proves that nothing below reloads the page.
    await page.evaluate(() => Object.assign(window, { __sinRecarga: true }));
    await cart.click();
    await expect(page.getByRole("dialog", { name: "Carrito de Compras (1)" })).toBeVisible();
    const drawer = page.getByRole("dialog", { name: /^Carrito de Compras/ });
    await expect(page.getByRole("button", { name: "Cerrar carrito" })).toBeFocused();
    const drawerLine = drawer.getByRole("listitem", { name: `${perfume.name} (100ml)` });
    await expect(drawerLine).toContainText("L 2,000.00");

    await drawerLine.getByRole("button", { name: /^Aumentar cantidad/ }).click();
    await expect(page.getByRole("dialog", { name: "Carrito de Compras (2)" })).toBeVisible();
    await expect(drawerLine).toContainText("L 4,000.00");
    await expect(drawerLine.getByText("Stock máximo: 2 unidades")).toBeVisible();
    await expect(drawerLine.getByRole("button", { name: /^Aumentar cantidad/ })).toBeDisabled();
    await expect(page.getByLabel("Carrito, 2 artículos", { exact: true })).toHaveCount(1);

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByLabel("Carrito, 2 artículos", { exact: true })).toBeFocused();

    await page.getByLabel("Carrito, 2 artículos", { exact: true }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Eliminar ${perfume.name} (100ml)` })
      .click();
    await expect(page.getByRole("dialog").getByText("Tu carrito está vacío")).toBeVisible();
    await expect(
      page.getByRole("dialog").getByRole("link", { name: "Ir al Catálogo" }),
    ).toBeVisible();
    expect(await page.evaluate(() => "__sinRecarga" in window)).toBe(true);
    expect(await cartLines(db, [perfume.id])).toEqual([]);
  });
});
