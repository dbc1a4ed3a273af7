import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { approveReview, createReview } from "../../seed/factories/reviews";
import { expect, test } from "./fixtures";

const products: CreatedProduct[] = [];
test.afterEach(async ({ db }) => {
  // A product's reviews go with it (ON DELETE CASCADE).
  await deleteProducts(db, products.splice(0));
});

const reviewsTab = (slug: string) => `/product/${slug}?tab=resenas#detalles`;

test.describe("reviews admin", () => {
  test("an admin approves, answers and deletes a review; the product page follows", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    // Many page loads in one flow: more than the default budget on a busy two-core machine.
    test.slow();
    const product = await createProduct(db);
    products.push(product);
    const earlier = await createReview(db, {
      productId: product.id,
      userId: (await createUser({ firstName: "Marta" })).id,
      rating: 5,
      comment: "Mi perfume de siempre.",
    });
    await approveReview(db, earlier.id);
    const author = await createUser({ firstName: "Valeria" });
    const moderated = await createReview(db, {
      productId: product.id,
      userId: author.id,
      rating: 3,
      comment: "Aroma agradable, dura poco.",
    });
    const valeria = page.getByRole("article", { name: "Reseña de Valeria" });

    await page.goto(reviewsTab(product.slug));
    await expect(page.getByRole("link", { name: "Reseñas (1)" })).toBeVisible();
    await expect(valeria).toHaveCount(0);

    await login(page, await createUser({ role: "admin" }));
    await page.goto("/admin/reviews");
    await page.getByLabel("Producto").fill(product.name);
    await page.getByLabel("Estado").selectOption("pending");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/status=pending/);
    const row = page.getByRole("row").filter({ hasText: "Aroma agradable, dura poco." });
    await expect(row.getByText("Pendiente")).toBeVisible();
    await expect(page.getByText("Mi perfume de siempre.")).toHaveCount(0);

    await row.getByRole("button", { name: /^Aprobar la reseña de Valeria/ }).click();
    await expect(page.getByRole("status").getByText("Reseña aprobada")).toBeVisible();
    // Back on the pending list it came from, where it is no longer pending.
    await expect(page).toHaveURL(/status=pending/);
    await expect(page.getByText("No se encontraron reseñas")).toBeVisible();

    await page.goto(`/admin/reviews?product=${encodeURIComponent(product.name)}`);
    await expect(page.getByText("2 reseñas")).toBeVisible();
    await page.getByRole("link", { name: /^Ver detalle de la reseña de Valeria/ }).click();
    await expect(page.getByRole("heading", { name: `Reseña de ${product.name}` })).toBeVisible();
    await expect(page.getByText("Aprobada", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Aprobar reseña" })).toHaveCount(0);

    await page.getByRole("button", { name: "Responder" }).click();
    await expect(page.getByRole("alert").getByText("Error al agregar respuesta")).toBeVisible();
    await expect(page.getByText("La respuesta no puede estar vacía.")).toBeVisible();
    await page
      .getByLabel("Respuesta", { exact: true })
      .fill("¡Gracias, Valeria! Prueba la versión intensa.");
    await page.getByRole("button", { name: "Responder" }).click();
    await expect(page.getByRole("status").getByText("Respuesta agregada")).toBeVisible();

    await page.goto(reviewsTab(product.slug));
    await expect(page.getByRole("link", { name: "Reseñas (2)" })).toBeVisible();
    await expect(valeria).toContainText("Aroma agradable, dura poco.");
    await expect(valeria).toContainText("Respuesta de la tienda");
    await expect(valeria).toContainText("¡Gracias, Valeria! Prueba la versión intensa.");

    await page.goto(`/admin/reviews/${moderated.id}`);
    await page.getByRole("link", { name: "Eliminar reseña" }).click();
    await expect(page.getByRole("heading", { name: "Eliminar reseña" })).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await expect(page.getByRole("status").getByText("Reseña eliminada")).toBeVisible();

    await page.goto(reviewsTab(product.slug));
    await expect(page.getByRole("link", { name: "Reseñas (1)" })).toBeVisible();
    await expect(valeria).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Reseña de Marta" })).toBeVisible();
  });
});
