import crypto from "node:crypto";
import sharp from "sharp";
import {
  createBrand,
  createProduct,
  deleteProducts,
  type CreatedProduct,
} from "../../seed/factories/catalog";
import { expect, test } from "./fixtures";

const products: CreatedProduct[] = [];
const brandNames: string[] = [];
test.afterEach(async ({ db }) => {
  await deleteProducts(db, products.splice(0));
  if (brandNames.length > 0)
    await db.deleteFrom("brands").where("name", "in", brandNames.splice(0)).execute();
});

/** A name no other test (nor the other project, running at the same time) uses. */
function uniqueName(prefix: string) {
  const name = `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
  brandNames.push(name);
  return name;
}

test.describe("brands admin", () => {
  test.beforeEach(async ({ page, createUser, login }) => {
    await login(page, await createUser({ role: "admin" }));
  });

  test("an admin creates, edits and deletes a brand", async ({ page }) => {
    // Ten page loads in one flow: more than the default budget on a busy two-core machine.
    test.slow();
    const name = uniqueName("Casa Prueba");
    const renamed = uniqueName("Casa Renombrada");

    await page.goto("/admin/brands");
    await page.getByRole("link", { name: "Nueva marca" }).click();
    await page.getByRole("button", { name: "Crear marca" }).click();
    await expect(page.getByRole("alert").getByText("Campo requerido")).toBeVisible();
    await expect(page.getByText("El nombre de la marca es obligatorio.")).toBeVisible();

    await page.getByLabel("Nombre", { exact: true }).fill(name);
    await page.getByLabel("Descripción").fill("Perfumería artesanal de prueba.");
    await page.getByLabel("País").fill("Honduras");
    await page.getByLabel("Logo").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 240, height: 80, channels: 3, background: "#225588" },
      })
        .png()
        .toBuffer(),
    });
    await page.getByRole("button", { name: "Crear marca" }).click();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(page.getByRole("status").getByText("Marca creada")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar marcas por nombre" }).fill(name);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Perfumería artesanal de prueba.")).toBeVisible();
    await expect(page.getByText("0 productos")).toBeVisible();
    // The logo was stored as WebP and is served from the brands folder.
    const logo = page.getByRole("img", { name: `Logo de ${name}` });
    await expect(logo).toHaveAttribute("src", /^\/images\/brands\/[a-f0-9]{16}-192\.webp$/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      192,
    );

    await page.getByRole("link", { name: `Editar ${name}` }).click();
    await expect(page.getByLabel("País")).toHaveValue("Honduras");
    await page.getByLabel("Nombre", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(page.getByRole("status").getByText("Marca actualizada")).toBeVisible();

    // The table view is a link: it keeps the search and works without JS.
    await page.goto(`/admin/brands?q=${encodeURIComponent(renamed)}`);
    await page.getByRole("link", { name: "Tabla" }).click();
    await expect(page).toHaveURL(/view=table/);
    const row = page.getByRole("row", { name: new RegExp(renamed) });
    await expect(
      row.getByRole("cell", { name: renamed.toLowerCase().replace(/ /g, "-") }),
    ).toBeVisible();

    await row.getByRole("link", { name: `Eliminar ${renamed}` }).click();
    await expect(page.getByText(`¿Seguro que quieres eliminar la marca ${renamed}?`)).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await expect(page.getByRole("status").getByText("Marca eliminada")).toBeVisible();
    await page.goto(`/admin/brands?q=${encodeURIComponent(renamed)}`);
    await expect(page.getByText("No se encontraron marcas.")).toBeVisible();
  });

  test("deleting a brand that products use is refused", async ({ page, db }) => {
    const brand = await createBrand(db, { name: uniqueName("Casa En Uso") });

    // The confirmation was shown while the brand was free; a product takes it meanwhile.
    await page.goto(`/admin/brands?q=${encodeURIComponent(brand.name)}`);
    await page.getByRole("link", { name: `Eliminar ${brand.name}` }).click();
    const confirm = page.getByRole("button", { name: "Sí, eliminar" });
    await expect(confirm).toBeVisible();
    products.push(await createProduct(db, { brandId: brand.id }));
    await confirm.click();

    const refusal = `No se puede eliminar la marca «${brand.name}»: 1 producto la usa. Cambia la marca de esos productos o elimínalos primero.`;
    await expect(page.getByRole("alert").getByText("Error al eliminar la marca")).toBeVisible();
    // The page, shown again, says so and no longer offers to delete.
    await expect(page.getByRole("alert").filter({ hasText: /^No se puede/ })).toHaveText(refusal);
    await expect(confirm).toHaveCount(0);

    await page.goto(`/admin/brands?q=${encodeURIComponent(brand.name)}`);
    await expect(page.getByRole("heading", { name: brand.name })).toBeVisible();
    await expect(page.getByText("1 producto ·")).toBeVisible();
  });
});
