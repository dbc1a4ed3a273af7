import crypto from "node:crypto";
import type { CmsPage } from "#db/types";
import { expect, test } from "./fixtures";

/*
 * backoffice.md §2 "CMS" end to end: an admin edits a policy page and the storefront follows,
 * with everything the allow-list refuses gone; deactivated, the page shows its built-in text.
 * The two projects run side by side on one store, so each edits its own page and puts it back.
 */
const PAGES = {
  js: {
    key: "privacy",
    path: "/privacy",
    alias: "/privacidad",
    builtIn: "Información que recopilamos",
  },
  nojs: { key: "cookies", path: "/cookies", alias: "/terminos", builtIn: "Cookies que utilizamos" },
} as const;

let saved: CmsPage | undefined;
let savedKey: string | undefined;

test.afterEach(async ({ db }) => {
  if (!savedKey) return;
  await db.deleteFrom("cmsPages").where("key", "=", savedKey).execute();
  if (saved)
    await db
      .insertInto("cmsPages")
      .values({ ...saved, id: undefined })
      .execute();
  savedKey = undefined;
});

test.describe("content pages admin", () => {
  test("an admin edits a page, the store follows; deactivated, the built-in text is back", async ({
    page,
    db,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    test.slow();
    const target = PAGES[javaScriptEnabled ? "js" : "nojs"];
    const startTitle = `Página inicial ${crypto.randomBytes(3).toString("hex")}`;
    const newTitle = `Página editada ${crypto.randomBytes(3).toString("hex")}`;
    saved = await db
      .selectFrom("cmsPages")
      .selectAll()
      .where("key", "=", target.key)
      .executeTakeFirst();
    savedKey = target.key;
    await db
      .insertInto("cmsPages")
      .values({ key: target.key, title: startTitle, content: "<p>Texto inicial</p>", isActive: 1 })
      .onConflict((conflict) =>
        conflict
          .column("key")
          .doUpdateSet({ title: startTitle, content: "<p>Texto inicial</p>", isActive: 1 }),
      )
      .execute();

    await login(page, await createUser({ role: "admin" }));
    await page.goto("/admin/cms");
    const tabs = page.getByRole("navigation", { name: "Secciones del contenido" });
    await expect(tabs.getByRole("link", { name: "Textos Legales" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await tabs.getByRole("link", { name: "Todas las Páginas" }).click();
    await expect(page).toHaveURL(/\/admin\/cms\/all$/);
    await expect(page.getByText("Texto inicial")).toBeVisible();
    await tabs.getByRole("link", { name: "Textos Legales" }).click();
    await expect(page).toHaveURL(/\/admin\/cms$/);

    await page.getByRole("link", { name: `Editar ${startTitle}` }).click();
    await expect(page.getByLabel("Título")).toHaveValue(startTitle);
    await page.getByLabel("Título").fill(newTitle);
    await page
      .getByLabel("Contenido (HTML)")
      .fill(
        `<h2>Nuestro compromiso</h2><p>Cuidamos tus datos.</p><script>document.title = "hackeado"</script>` +
          `<img src="x" onerror="document.title='hackeado'"><a href="javascript:alert(1)">Premio</a>` +
          `<iframe src="https://example.com/"></iframe>`,
      );
    await page.getByLabel("Meta descripción").fill("a".repeat(301));
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(
      page.getByText("La meta descripción no puede tener más de 300 caracteres."),
    ).toBeVisible();
    // The admin's words are still there to correct.
    await expect(page.getByLabel("Título")).toHaveValue(newTitle);
    await page.getByLabel("Meta descripción").fill("Cómo cuidamos tus datos.");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page).toHaveURL(/\/admin\/cms$/);
    await expect(page.getByRole("status").getByText("Página actualizada")).toBeVisible();

    await page.goto(target.path);
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestro compromiso" })).toBeVisible();
    await expect(page.getByText("Cuidamos tus datos.")).toBeVisible();
    await expect(page.getByText(/Última actualización:/)).toBeVisible();
    const main = page.locator("main");
    await expect(main.locator("script, iframe, img, [onerror]")).toHaveCount(0);
    await expect(main.getByText("Premio")).not.toHaveAttribute("href", /.*/);
    expect(await page.title()).not.toBe("hackeado");

    await page.goto("/admin/cms");
    await page.getByRole("button", { name: `Desactivar ${newTitle}` }).click();
    await expect(page.getByRole("status").getByText("Página actualizada")).toBeVisible();
    await expect(page.getByRole("button", { name: `Activar ${newTitle}` })).toBeVisible();

    await page.goto(target.path);
    await expect(page.getByRole("heading", { level: 1, name: newTitle })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: target.builtIn })).toBeVisible();
    await expect(page.getByText("Cuidamos tus datos.")).toHaveCount(0);
  });

  test("the clean Spanish addresses redirect and keep the query string", async ({
    page,
    javaScriptEnabled,
  }) => {
    const response = await page.goto("/devoluciones?utm_source=e2e");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/devoluciones\?utm_source=e2e$/);
    await expect(page).toHaveURL(/\/returns\?utm_source=e2e$/);
    const alias = PAGES[javaScriptEnabled ? "js" : "nojs"].alias;
    await page.goto(alias);
    await expect(page).toHaveURL(alias === "/privacidad" ? /\/privacy$/ : /\/terms$/);
    await page.goto("/seguimiento");
    await expect(page).toHaveURL(/\/track-order$/);
    await expect(page.getByRole("button", { name: "Buscar pedido" })).toBeVisible();
  });
});
