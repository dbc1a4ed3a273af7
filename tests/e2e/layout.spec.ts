import { expect, hydrated, test } from "./fixtures";

test.describe("store header", () => {
  test("the theme toggle cycles light → dark → system and the server renders it", async ({
    page,
  }) => {
    await page.goto("/terms");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\b(light|dark)\b/);

    await page.getByRole("button", { name: "Cambiar tema (actual: Sistema)" }).first().click();
    await expect(html).toHaveClass(/\blight\b/);
    await expect(page).toHaveURL(/\/terms$/);

    await page.getByRole("button", { name: "Cambiar tema (actual: Claro)" }).first().click();
    await expect(html).toHaveClass(/\bdark\b/);

    // A fresh load keeps the choice (cookie), with no flash of the other theme.
    const response = await page.goto("/faq");
    expect(await response?.text()).toMatch(/<html[^>]*class="dark"/);
  });

  test("the search box submits to the catalogue", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search");
    await search.getByLabel("Buscar perfumes").fill("kenzo");
    await search.getByLabel("Buscar perfumes").press("Enter");
    await expect(page).toHaveURL(/\/catalog\?search=kenzo$/);
  });

  test("the mobile menu opens without JavaScript and offers the account links", async ({
    page,
    createUser,
    login,
  }) => {
    const customer = await createUser({ firstName: "Rosa" });
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, customer);
    await page.getByLabel("Abrir menú").click();
    const menu = page.locator("details[open]");
    await expect(menu.getByRole("link", { name: "Favoritos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Perfil" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Mis Pedidos" })).toBeVisible();
    await menu.getByRole("button", { name: "Cerrar Sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("details[open]")).toHaveCount(0);
    await page.getByLabel("Abrir menú").click();
    await expect(
      page.locator("details[open]").getByRole("link", { name: "Iniciar Sesión" }),
    ).toBeVisible();
  });

  test("the phone menu lists the store's sections; with JS, Escape closes it, Tab stays inside and the focus goes back", async ({
    page,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, await createUser({ firstName: "Rosa" }));
    const button = page.getByLabel("Abrir menú");
    await button.click();
    const menu = page.locator("details[open]");
    for (const name of ["Catálogo", "Marcas", "Por encargo", "Seguimiento", "Mis puntos"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    if (!javaScriptEnabled) {
      // A <details>: its button closes it again.
      await button.click();
      await expect(page.locator("details[open]")).toHaveCount(0);
      return;
    }
    // Tab twenty times: the focus never leaves the open menu.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((details) => details.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.locator("details[open]")).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test("the footer shows the store's contact details and policy links", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Términos" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Seguimiento" })).toHaveAttribute(
      "href",
      "/track-order",
    );
    await expect(footer).toContainText("L 2,000.00");
    // Decision 159: with JS the columns stay as the server sent them, and their links still
    // navigate in the page, as a <Link> does: the document is not loaded again.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    if (javaScriptEnabled) await hydrated(page);
    await footer.getByRole("link", { name: "Devoluciones" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      /Devoluciones|Política de Devoluciones/,
    );
    expect(documents).toHaveLength(javaScriptEnabled ? 0 : 1);
    // A modified click is the browser's own (a new tab), as on any link.
    if (javaScriptEnabled) {
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        footer.getByRole("link", { name: "FAQ", exact: true }).click({ modifiers: ["Control"] }),
      ]);
      await expect(tab).toHaveURL(/\/faq$/);
      await tab.close();
      await expect(page).toHaveURL(/\/returns$/);
    }
  });

  test("a footer drawn after a navigation into the store loads its columns", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "a client-side navigation");
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "Perfumería de Lujo" }).click();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Términos" })).toHaveAttribute("href", "/terms");
    await expect(footer).toContainText("L 2,000.00");
    await footer.getByRole("link", { name: "Seguimiento" }).click();
    await expect(page).toHaveURL(/\/track-order$/);
  });
});

test.describe("error screens", () => {
  test("a failure met while browsing shows the store's screen, whose code loads then", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Decision 112: the error screens' code is not part of the page; it loads when one is shown.
    test.skip(!javaScriptEnabled, "a client-side navigation");
    await page.goto("/terms");
    await page.waitForLoadState("networkidle");
    await page.route(/\/faq\?_data=/, (route) => route.fulfill({ status: 500, body: "fallo" }));
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Algo salió mal" })).toBeVisible();
    await expect(page.getByText("Ocurrió un error inesperado.")).toBeVisible();
  });
});
