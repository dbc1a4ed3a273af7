import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

const made: CreatedProduct[] = [];
test.afterEach(async ({ db }) => {
  await deleteProducts(db, made.splice(0));
});

test.describe("product page", () => {
  test("a signed-in shopper picks a size, sees its price and adds it to the cart", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const product = await createProduct(db, { stock: 5 });
    made.push(product);
    const shopper = await createUser();
    await login(page, shopper);

    await page.goto(`/product/${product.slug}`);
    await expect(page).toHaveTitle(`${product.name} | Perfumería de Lujo`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${product.name} | Perfumería de Lujo`,
    );
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

    // The main size is chosen at first: its price is the one shown.
    await expect(page.getByRole("radio", { name: /^100ml/ })).toBeChecked();
    await expect(page.locator('[data-size="100ml"]')).toContainText("L 2,000.00");
    // Issue 39: the price with the 15 % ISV the cart will add, beside the price before it.
    await expect(page.locator('[data-size="100ml"]')).toContainText("Con ISV: L 2,300.00");
    await expect(page.locator('[data-size="50ml"]')).toBeHidden();

    await page.getByRole("radio", { name: /^50ml/ }).check();
    await expect(page.locator('[data-size="50ml"]')).toBeVisible();
    await expect(page.locator('[data-size="50ml"]')).toContainText("L 1,600.00");
    await expect(page.locator('[data-size="50ml"]')).toContainText("Con ISV: L 1,840.00");
    await expect(page.locator('[data-size="100ml"]')).toBeHidden();

    await expect(page.getByText("(5 disponibles)")).toBeVisible();
    // backoffice.md §9: at the low-stock threshold (5) the page says how many are left.
    await expect(page.getByText("Quedan 5 unidades")).toBeVisible();
    await page.getByLabel(/^Cantidad/).fill("2");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();

    await expect(page.getByRole("status").getByText("Producto agregado")).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Agregado al carrito");
    await expect(page.getByRole("status")).toContainText("L 1,600.00");
    await expect(page.getByLabel("Carrito, 2 artículos", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    const lines = await db
      .selectFrom("cartItems")
      .select(["size", "quantity", "sessionId"])
      .where("userId", "=", shopper.id)
      .where("productId", "=", product.id)
      .execute();
    expect(lines).toEqual([{ size: "50ml", quantity: 2, sessionId: null }]);
  });

  test("on a 360 px phone the toast after 'Agregar al carrito' lies over none of the page's controls", async ({
    page,
    db,
  }) => {
    const product = await createProduct(db, { stock: 5 });
    made.push(product);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/product/${product.slug}`);
    const add = page.getByRole("button", { name: "Agregar al carrito" });
    await add.scrollIntoViewIfNeeded();
    // With JS the page stays where it is: mark what the shopper can see and reach right now.
    // Without JS the post comes back as a new page, where every control counts.
    await page.evaluate(toastCover, "mark");
    await add.click();

    const toast = page.getByRole("status").filter({ hasText: "Agregado al carrito" });
    await expect(toast).toBeVisible();
    await expect(page.getByLabel("Carrito, 1 artículo", { exact: true })).toBeVisible();
    // It is a row of the sticky header, not a layer over the page.
    const [toastBox, headerBox] = await Promise.all([
      toast.boundingBox(),
      page.locator("header").first().boundingBox(),
    ]);
    expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y);
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(headerBox!.y + headerBox!.height);
    expect(await page.evaluate(toastCover, "check")).toEqual([]);
  });

  test("a visitor's cart lives on the session and shows in the header", async ({ page, db }) => {
    const product = await createProduct(db);
    made.push(product);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole("radio", { name: /^150ml/ }).check();
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByLabel("Carrito, 1 artículo", { exact: true })).toBeVisible();
    const lines = await db
      .selectFrom("cartItems")
      .select(["userId", "size", "quantity"])
      .where("productId", "=", product.id)
      .execute();
    expect(lines).toEqual([{ userId: null, size: "150ml", quantity: 1 }]);
  });

  test("an out-of-stock product cannot be added ('Producto agotado')", async ({ page, db }) => {
    const soldOut = await db
      .selectFrom("products")
      .select(["slug"])
      .where("stock", "=", 0)
      .where("isActive", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await page.goto(`/product/${soldOut.slug}`);
    await expect(page.getByText("Producto agotado", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Agregar al carrito" })).toBeDisabled();

    // Sold out while the shopper was looking: the server refuses and nothing is stored.
    const product = await createProduct(db, { stock: 1 });
    made.push(product);
    await page.goto(`/product/${product.slug}`);
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", product.id).execute();
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Producto agotado" })).toBeVisible();
    await expect(page.getByLabel("Carrito, 0 artículos", { exact: true })).toBeVisible();
    const lines = await db
      .selectFrom("cartItems")
      .select("id")
      .where("productId", "=", product.id)
      .execute();
    expect(lines).toEqual([]);
  });

  test("the tabs switch by link and show the approved reviews", async ({
    page,
    db,
    createUser,
  }) => {
    const product = await createProduct(db, {
      shortDescription: "Un perfume creado por las pruebas.",
    });
    made.push(product);
    const author = await createUser({ firstName: "Valeria" });
    await db
      .insertInto("reviews")
      .values({
        productId: product.id,
        userId: author.id,
        rating: 5,
        comment: "Dura todo el día.",
        isApproved: 1,
      })
      .execute();
    await page.goto(`/product/${product.slug}`);
    const tabs = page.getByRole("navigation", { name: "Secciones del producto" });
    await expect(tabs.getByRole("link", { name: "Descripción" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByText("Un perfume creado por las pruebas.").first()).toBeVisible();
    await tabs.getByRole("link", { name: /Reseñas/ }).click();
    await expect(page).toHaveURL(/\?tab=resenas#detalles$/);
    await expect(tabs.getByRole("link", { name: /Reseñas/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByText("Dura todo el día.")).toBeVisible();
    await expect(page.getByText(/^Valeria ·/)).toBeVisible();
    await expect(page.getByText("5.0 de 5 · 1 reseña")).toBeVisible();
  });

  test("an unknown product answers 404 'Producto no encontrado'", async ({ page }) => {
    const response = await page.goto("/product/este-perfume-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Producto no encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al catálogo" })).toBeVisible();
  });

  test("asking and sharing on WhatsApp; sharing copies the link where there is no share sheet", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const product = await createProduct(db);
    made.push(product);
    await page.goto(`/product/${product.slug}`);
    const whatsapp = page.getByRole("link", { name: "Compartir por WhatsApp" });
    await expect(whatsapp).toHaveAttribute("href", new RegExp(`wa\\.me/.*${product.slug}`));
    // Decision 101: a question to the shop's WhatsApp (the settings' "+504 9988-7766") about
    // this perfume, its name and absolute link typed in.
    const ask = page.getByRole("link", { name: /^Preguntar por WhatsApp/ });
    await expect(ask).toHaveAttribute("target", "_blank");
    const href = new URL((await ask.getAttribute("href")) ?? "");
    expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/50499887766");
    expect(href.searchParams.get("text")).toBe(
      `Hola, quisiera más información sobre ${product.name}: ${new URL(page.url()).origin}/product/${product.slug}`,
    );
    if (!javaScriptEnabled) {
      // Without JS a share button could do nothing: only the plain links are offered.
      await expect(page.getByRole("button", { name: "Compartir" })).toHaveCount(0);
      return;
    }
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    const messages: string[] = [];
    page.on("dialog", (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Compartir" }).click();
    await expect.poll(() => messages).toEqual(["Enlace copiado al portapapeles"]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/product/${product.slug}$`),
    );
  });
});

test.describe("delivery estimate (decision 099)", () => {
  test("a department shows the shipping cost and days, by a GET form or in place", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    const product = await createProduct(db, { price: 100_000 });
    made.push(product);
    await page.goto(`/product/${product.slug}`);
    const block = page.getByRole("region", { name: "Envío a tu departamento" });
    await block.getByLabel("Departamento").selectOption("Cortés");
    if (!javaScriptEnabled) await block.getByRole("button", { name: "Calcular envío" }).click();
    await expect(block.getByText("Envío estándar a Cortés")).toBeVisible();
    // Decision 158: Cortés is a fast zone; its window is said as dates (unit-tested exactly).
    await expect(block).toContainText(
      /1-2 días hábiles: llega entre el \p{L}+\s\d{1,2}( de \p{L}+)? y el \p{L}+\s\d{1,2} de \p{L}+/u,
    );
    await expect(block).toContainText("L 150.00");
    await expect(block).toContainText("Envío express a Cortés");
    await expect(block).toContainText("L 300.00");
    // Without JS the page itself answered; with JS it stayed where it was.
    if (javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    else await expect(page).toHaveURL(/\?departamento=Cort%C3%A9s/);
    await expect(block.getByLabel("Departamento")).toHaveValue("Cortés");
  });

  test("a department chosen before the JavaScript arrives is estimated once it does", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "about hydration");
    const product = await createProduct(db, { price: 100_000 });
    made.push(product);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/product/${product.slug}`, { waitUntil: "domcontentloaded" });
    const block = page.getByRole("region", { name: "Envío a tu departamento" });
    await block.getByLabel("Departamento").selectOption("Yoro");
    release();
    await expect(block.getByText("Envío estándar a Yoro")).toBeVisible();
    await expect(block.getByLabel("Departamento")).toHaveValue("Yoro");
  });
});

test.describe("Modo ligero (decision 098)", () => {
  test("turned on from the footer, the related cards wait for 'Ver imagen'; turned off again", async ({
    page,
    db,
    javaScriptEnabled,
  }) => {
    // Pictures by key only: the HTML is what is checked, not the files.
    const product = await createProduct(db, { images: JSON.stringify(["0123456789abcdef"]) });
    const related = await createProduct(db, {
      brandId: product.brandId,
      images: JSON.stringify(["fedcba9876543210"]),
    });
    made.push(product, related);
    await page.goto(`/product/${product.slug}`);
    const card = page.getByRole("article").filter({ hasText: related.name });
    await expect(card.getByText("Ver imagen")).toHaveCount(0);

    await page.getByRole("button", { name: "Activar modo ligero" }).click();
    await expect(page.getByRole("button", { name: "Desactivar modo ligero" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    const show = card.getByText("Ver imagen");
    await expect(show).toBeVisible();
    if (javaScriptEnabled) {
      await show.click();
      await expect(card.locator("img")).toHaveAttribute("src", /-160\.webp$/);
    } else {
      await expect(card.getByRole("link", { name: "Ver imagen" })).toHaveAttribute(
        "href",
        /-160\.webp$/,
      );
    }

    await page.getByRole("button", { name: "Desactivar modo ligero" }).click();
    await expect(page.getByRole("button", { name: "Activar modo ligero" })).toBeVisible();
    await expect(card.getByText("Ver imagen")).toHaveCount(0);
  });
});

/**
 * Runs in the page. "mark": tags the controls whose centre is on screen and not under anything
 * (the header). "check": the names of the controls whose centre a toast now lies
 * over, among those tagged before the click (JS: the page stayed where it was), or among all
 * of the page's when the post brought a new page (no JS).
 */
function toastCover(step: string) {
  const selector =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";
  const centre = (element: Element) => {
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
    return document.elementFromPoint(x, y);
  };
  if (step === "mark") {
    for (const control of document.querySelectorAll(selector)) {
      const top = centre(control);
      if (top && (control.contains(top) || top.closest("label")?.contains(control))) {
        control.setAttribute("data-reachable", "");
      }
    }
    return [];
  }
  const marked = [...document.querySelectorAll("[data-reachable]")];
  const controls = marked.length > 0 ? marked : [...document.querySelectorAll(selector)];
  return controls.flatMap((control) => {
    const toast = centre(control)?.closest("[role=status], [role=alert]");
    if (!toast || toast.contains(control)) return [];
    return [control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName];
  });
}
