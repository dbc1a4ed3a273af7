import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/v4";
import { adminCatalogCalls } from "~/web/api/calls/catalog-admin.server";
import { catalogCalls } from "~/web/api/calls/catalog.server";
import { cmsCalls } from "~/web/api/calls/content-cms.server";
import { createMessage } from "~/models/content/messages.server";
import { messageCalls } from "~/web/api/calls/content-messages.server";
import { reviewAdminCalls } from "~/web/api/calls/reviews-admin.server";
import { settingsCalls } from "~/web/api/calls/settings.server";
import { getAdminProduct, listAdminProducts } from "~/models/catalog/admin-products.server";
import { listAdminBrands } from "~/models/catalog/brands.server";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../../seed/factories/catalog";
import { createOrder } from "../../../seed/factories/orders";
import { createReview } from "../../../seed/factories/reviews";
import { storeSettings } from "../../../seed/factories/settings";
import { createUser } from "../../../seed/factories/users";
import { callers, useAdminRefusals, useApiServer } from "../../setup/api-client";

/*
 * The back office's catalogue and settings over the API (issue 25, backoffice.md §7): the same
 * model functions and form rules as /admin/products, /admin/brands and /admin/settings.
 */

const api = useApiServer();

let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  who = await callers();
});
const expectRefused = useAdminRefusals(api);

function productBody(brandId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: `Api Admin ${crypto.randomUUID().slice(0, 8)}`,
    brandId,
    description: "Una fragancia fresca y luminosa.",
    price: 125_050,
    stock: 7,
    minStock: 2,
    size: "100ml",
    availableSizes: ["50ml", "100ml"],
    concentration: "Eau de Parfum",
    topNotes: ["Bergamota", "Limón"],
    seasons: ["Verano"],
    ...overrides,
  };
}

describe("GET /api/products?admin=true", () => {
  it("serves /admin/products' list (inactive included) with its filters and a page size", async () => {
    const brand = await createBrand(db, { name: `Lista Admin ${Date.now()}` });
    const hidden = await createProduct(db, { brandId: brand.id, isActive: 0, stock: 50 });
    const low = await createProduct(db, { brandId: brand.id, stock: 1 });
    const answer = await api.get(`/api/products?admin=true&brandId=${brand.id}&limit=1`, {
      as: who.asAdmin,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("etag")).toBeNull();
    expect(answer.body).toMatchObject({ page: 1, pageCount: 2, total: 2, limit: 1 });

    const all = await api.get(`/api/products?admin=true&brandId=${brand.id}`, { as: who.asAdmin });
    const page = await listAdminProducts({
      q: "",
      category: null,
      brandId: brand.id,
      lowStock: false,
      page: 1,
    });
    expect(all.body.items.map((p: { id: number }) => p.id)).toEqual(page.products.map((p) => p.id));
    expect(all.body.items).toContainEqual(
      expect.objectContaining({ id: hidden.id, isActive: false, status: "inactive" }),
    );

    const lowOnly = await api.get(`/api/products?admin=true&brandId=${brand.id}&lowStock=true`, {
      as: who.adminSession,
    });
    expect(lowOnly.body.items.map((p: { id: number }) => p.id)).toEqual([low.id]);

    // The public list of the same brand leaves the hidden product out.
    const pub = await api.get(`/api/products?brandId=${brand.id}`);
    expect(pub.body.items.map((p: { id: number }) => p.id)).toEqual([low.id]);
  });

  it("is refused to anyone but an admin", async () => {
    await expectRefused("GET", "/api/products?admin=true");
  });
});

describe("POST /api/products", () => {
  it("creates what the form creates, and the product page and the catalogue show it", async () => {
    const brand = await createBrand(db, { name: `Alta Api ${Date.now()}` });
    const body = productBody(brand.id, { originalPrice: 150_000, isNew: true });
    const answer = await api.call("POST", "/api/products", { as: who.asAdmin, body });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: body.name,
      slug: expect.stringMatching(/^api-admin-/),
      price: 125_050,
      originalPrice: 150_000,
      availableSizes: ["50ml", "100ml"],
      topNotes: ["Bergamota", "Limón"],
      isActive: true,
      isNew: true,
      isFeatured: false,
      images: [],
    });
    expect(await getAdminProduct(answer.body.id)).toMatchObject({
      name: body.name,
      price: 125_050,
      stock: 7,
    });

    const detail = await api.get(`/api/products/slug/${answer.body.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: answer.body.id,
      price: 125_050,
      brandName: brand.name,
    });
    const page = await api.get(`/product/${answer.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(body.name);
    const list = await api.get(`/api/products?brandId=${brand.id}`);
    expect(list.body.items.map((p: { id: number }) => p.id)).toEqual([answer.body.id]);
  });

  it("refuses with the form's Spanish messages and saves nothing", async () => {
    const brand = await createBrand(db);
    const before = await db.selectFrom("products").select(db.fn.countAll().as("n")).execute();
    const bad = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(brand.id, {
        name: "",
        price: 0,
        description: "corta",
      }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe("Revisa los datos enviados.");
    expect(bad.body.errors).toMatchObject({
      name: ["El nombre del producto es obligatorio."],
      price: ["Por favor ingresa un precio válido mayor a 0."],
      description: ["La descripción debe tener al menos 10 caracteres."],
    });
    // The form's rules across fields, once each field passes.
    const sizes = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(brand.id, { size: "30ml", originalPrice: 100 }),
    });
    expect(sizes.status).toBe(422);
    expect(sizes.body.errors).toEqual({
      size: ["El tamaño principal debe estar en la lista de tamaños."],
      originalPrice: ["El precio original debe ser mayor al precio actual."],
    });

    // The form's field rules on the JSON's values: counts, lists (no comma, no repeated size).
    const fields = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(brand.id, {
        stock: -1,
        topNotes: ["Bergamota, Limón"],
        availableSizes: ["50ml", "50ml"],
        size: "50ml",
      }),
    });
    expect(fields.status).toBe(422);
    expect(fields.body.errors).toEqual({
      stock: ["El stock no puede ser negativo."],
      "topNotes.0": ["Cada elemento de la lista va sin comas."],
      availableSizes: ["Este tamaño ya existe en la lista."],
    });

    const unknownBrand = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(999_999),
    });
    expect(unknownBrand.status).toBe(422);
    expect(unknownBrand.body.errors).toEqual({ brandId: ["Debes seleccionar una marca."] });

    const first = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(brand.id, { slug: `slug-api-${Date.now()}` }),
    });
    const taken = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: productBody(brand.id, { slug: first.body.slug }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: ["Ya existe un producto con este slug."] });

    const wrongTypes = await api.call("POST", "/api/products", {
      as: who.asAdmin,
      body: { name: 5, price: "caro", images: ["../etc/passwd"] },
    });
    expect(wrongTypes.status).toBe(422);
    expect(Object.keys(wrongTypes.body.errors)).toEqual(
      expect.arrayContaining(["name", "price", "images.0"]),
    );

    const after = await db.selectFrom("products").select(db.fn.countAll().as("n")).execute();
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
  });

  it("is refused to anyone but an admin", async () => {
    const brand = await createBrand(db);
    await expectRefused("POST", "/api/products", productBody(brand.id));
  });
});

describe("PUT and DELETE /api/products/{id}", () => {
  it("saves the whole product, keeping its pictures when the body has none", async () => {
    const brand = await createBrand(db);
    const product = await createProduct(db, {
      brandId: brand.id,
      images: JSON.stringify(["0123456789abcdef"]),
    });
    const body = productBody(brand.id, { name: "Renombrado por la API", stock: 3, price: 99_900 });
    const answer = await api.call("PUT", `/api/products/${product.id}`, { as: who.asAdmin, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: product.id,
      name: "Renombrado por la API",
      stock: 3,
      price: 99_900,
      images: ["0123456789abcdef"],
      imageUrls: ["/images/products/0123456789abcdef-640.webp"],
    });
    const read = await api.get(`/api/products/${product.id}`, { as: who.asAdmin });
    expect(read.body).toEqual(answer.body);

    const partial = await api.call("PUT", `/api/products/${product.id}`, {
      as: who.asAdmin,
      body: { name: "Solo el nombre" },
    });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.price).toEqual(["Por favor ingresa un precio válido mayor a 0."]);
    expect((await getAdminProduct(product.id))!.name).toBe("Renombrado por la API");
  });

  it("hides and shows a product with only {isActive}, as the list's button does", async () => {
    const product = await createProduct(db);
    for (const isActive of [false, false, true]) {
      const answer = await api.call("PUT", `/api/products/${product.id}`, {
        as: who.asAdmin,
        body: { isActive },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.isActive).toBe(isActive);
      const page = await api.get(`/api/products/slug/${product.slug}`);
      expect(page.status).toBe(isActive ? 200 : 404);
    }
  });

  it("deletes an unsold product and hides one that orders name, as the screen does", async () => {
    const unsold = await createProduct(db);
    const deleted = await api.call("DELETE", `/api/products/${unsold.id}`, { as: who.asAdmin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ outcome: "deleted", detail: "Producto eliminado" });
    expect(await getAdminProduct(unsold.id)).toBeNull();

    const sold = await createProduct(db);
    await createOrder(db, { userId: who.customer.id, lines: [{ product: sold }] });
    const hidden = await api.call("DELETE", `/api/products/${sold.id}`, { as: who.asAdmin });
    expect(hidden.status).toBe(200);
    expect(hidden.body.outcome).toBe("hidden");
    expect(hidden.body.detail).toMatch(/^El producto aparece en pedidos/);
    expect((await getAdminProduct(sold.id))!.isActive).toBe(false);

    const missing = await api.call("DELETE", `/api/products/${unsold.id}`, { as: who.asAdmin });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Producto no encontrado");
    const nonsense = await api.call("PUT", "/api/products/abc", {
      as: who.asAdmin,
      body: { isActive: true },
    });
    expect(nonsense.status).toBe(404);
  });

  it("is refused to anyone but an admin, and changes nothing", async () => {
    const product = await createProduct(db);
    await expectRefused("GET", `/api/products/${product.id}`);
    await expectRefused("PUT", `/api/products/${product.id}`, { isActive: false });
    await expectRefused("DELETE", `/api/products/${product.id}`);
    expect((await getAdminProduct(product.id))!.isActive).toBe(true);
  });
});

describe("brands", () => {
  it("answers the public list to anyone (with its ETag) and /admin/brands' list to an admin", async () => {
    const hidden = await createBrand(db, { name: `Marca Oculta ${Date.now()}`, isActive: 0 });
    await createProduct(db, { brandId: hidden.id });
    const pub = await api.get("/api/brands", { as: who.asCustomer });
    expect(pub.headers.get("etag")).toBeTruthy();
    expect(pub.body.map((b: { id: number }) => b.id)).not.toContain(hidden.id);
    expect(Object.keys(pub.body[0]).sort()).toEqual(["id", "name"]);

    const admin = await api.get("/api/brands", { as: who.asAdmin });
    expect(admin.headers.get("etag")).toBeNull();
    expect(admin.body).toEqual((await listAdminBrands()).map((brand) => ({ ...brand })));
    expect(admin.body).toContainEqual(
      expect.objectContaining({ id: hidden.id, slug: hidden.slug, productCount: 1 }),
    );
  });

  it("creates, updates and deletes a brand with the screen's rules", async () => {
    const name = `Casa Api ${Date.now()}`;
    const created = await api.call("POST", "/api/brands", {
      as: who.asAdmin,
      body: { name, description: "Una casa de prueba.", logoUrl: null },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, isActive: true, productCount: 0, logoUrl: null });

    const again = await api.call("POST", "/api/brands", {
      as: who.asAdmin,
      body: { name: name.toUpperCase() },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      name: ["Ya existe una marca con ese nombre. Elige otro nombre."],
    });
    const blank = await api.call("POST", "/api/brands", { as: who.asAdmin, body: { name: " " } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: ["El nombre de la marca es obligatorio."] });
    const badLogo = await api.call("POST", "/api/brands", {
      as: who.asAdmin,
      body: { name: "Otra", logoUrl: "https://example.com/x.png" },
    });
    expect(badLogo.status).toBe(422);

    const logo = "/images/brands/0123456789abcdef-192.webp";
    const updated = await api.call("PUT", `/api/brands/${created.body.id}`, {
      as: who.asAdmin,
      body: { name: `${name} Renombrada`, logoUrl: logo },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: `${name} Renombrada`, logoUrl: logo });
    expect(updated.body.slug).not.toBe(created.body.slug);
    expect(updated.body.description).toBeNull();

    const used = await createBrand(db, { name: `En Uso ${Date.now()}` });
    await createProduct(db, { brandId: used.id });
    const inUse = await api.call("DELETE", `/api/brands/${used.id}`, { as: who.asAdmin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.detail).toBe(
      `No se puede eliminar la marca «${used.name}»: 1 producto la usa. Cambia la marca de esos productos o elimínalos primero.`,
    );

    const deleted = await api.call("DELETE", `/api/brands/${created.body.id}`, { as: who.asAdmin });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const gone = await api.call("PUT", `/api/brands/${created.body.id}`, {
      as: who.asAdmin,
      body: { name: "Nada" },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Marca no encontrada");
  });

  it("is refused to anyone but an admin, and changes nothing", async () => {
    const brand = await createBrand(db);
    await expectRefused("POST", "/api/brands", { name: `Nunca ${Date.now()}` });
    await expectRefused("PUT", `/api/brands/${brand.id}`, { name: "Nunca" });
    await expectRefused("DELETE", `/api/brands/${brand.id}`);
    const still = await db
      .selectFrom("brands")
      .select("name")
      .where("id", "=", brand.id)
      .executeTakeFirst();
    expect(still?.name).toBe(brand.name);
  });
});

describe("settings", () => {
  let original: Awaited<ReturnType<typeof storeSettings>>;
  beforeAll(async () => {
    original = await storeSettings(db);
  });
  afterAll(async () => {
    const restore: Record<string, string> = {
      contactEmail: original.contactEmail,
      shipping_cost: (original.shipping_cost / 100).toFixed(2),
      notifyLowStock: String(original.notifyLowStock),
      stockThreshold: String(original.stockThreshold),
    };
    await updateSettings(restore);
  });

  it("shows the public settings to anyone and all of them to an admin", async () => {
    const pub = await api.get("/api/settings");
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      maintenanceMode: original.maintenanceMode,
      contactEmail: original.contactEmail,
      contactPhone: original.contactPhone,
      shipping_cost: original.shipping_cost,
    });
    expect(pub.body).not.toHaveProperty("orders_email");
    expect(pub.body).not.toHaveProperty("stockThreshold");

    const admin = await api.get("/api/settings", { as: who.asAdmin });
    expect(admin.body).toEqual({ ...original });

    const entries = await api.get("/api/enhanced-settings?limit=100");
    expect(entries.status).toBe(200);
    expect(entries.body.items).toContainEqual(
      expect.objectContaining({
        key: "shipping_cost",
        value: (original.shipping_cost / 100).toFixed(2),
      }),
    );
    expect(entries.body.items.map((e: { key: string }) => e.key)).not.toContain("orders_email");
    const all = await api.get("/api/enhanced-settings?limit=100", { as: who.asAdmin });
    expect(all.body.total).toBe(Object.keys(original).length);
  });

  it("saves the whole object through the screen's rule, and the settings screen shows it", async () => {
    const current = (await api.get("/api/settings", { as: who.asAdmin })).body;
    const email = `api-${Date.now()}@perfumeria.hn`;
    const answer = await api.call("PUT", "/api/settings", {
      as: who.asAdmin,
      body: { ...current, contactEmail: email, shipping_cost: 17_550 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ contactEmail: email, shipping_cost: 17_550 });

    const screen = await api.get("/admin/settings/contact", { as: who.adminSession });
    expect(screen.status).toBe(200);
    expect(screen.text).toContain(`value="${email}"`);
    const shipping = await api.get("/admin/settings/shipping", { as: who.adminSession });
    expect(shipping.text).toContain('value="175.50"');

    const bad = await api.call("PUT", "/api/settings", {
      as: who.asAdmin,
      body: { ...current, contactEmail: "no-es-correo", shipping_cost: -5, stockThreshold: -1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      contactEmail: ["Correo electrónico inválido"],
      shipping_cost: ["Escribe un monto en lempiras (por ejemplo 150 o 150.50)."],
      stockThreshold: [expect.stringMatching(/^Debe ser \d+ o más\.$/)],
    });
    const missing = await api.call("PUT", "/api/settings", {
      as: who.asAdmin,
      body: { contactEmail: email },
    });
    expect(missing.status).toBe(422);
    expect((await storeSettings(db)).shipping_cost).toBe(17_550);
  });

  it("saves some keys by name, only known keys and valid values", async () => {
    const answer = await api.call("PUT", "/api/admin-emergency-settings", {
      as: who.asAdmin,
      body: {
        settings: [
          { key: "notifyLowStock", value: String(!original.notifyLowStock) },
          { key: "stockThreshold", value: "9" },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed.sort()).toEqual(["notifyLowStock", "stockThreshold"]);
    expect(await storeSettings(db)).toMatchObject({
      notifyLowStock: !original.notifyLowStock,
      stockThreshold: 9,
    });

    const bad = await api.call("PUT", "/api/admin-emergency-settings", {
      as: who.asAdmin,
      body: {
        settings: [
          { key: "noExiste", value: "1" },
          { key: "maintenanceMode", value: "quizás" },
          { key: "stockThreshold", value: "-3" },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      "settings.0.key": ["Ajuste desconocido."],
      "settings.1.value": ["Escribe true o false."],
      "settings.2.value": [expect.stringMatching(/^Debe ser \d+ o más\.$/)],
    });
    expect((await storeSettings(db)).stockThreshold).toBe(9);
  });

  it("refuses the writes to anyone but an admin, and changes nothing", async () => {
    const current = (await api.get("/api/settings", { as: who.asAdmin })).body;
    await expectRefused("PUT", "/api/settings", { ...current, contactEmail: "x@y.hn" });
    await expectRefused("PUT", "/api/admin-emergency-settings", {
      settings: [{ key: "maintenanceMode", value: "true" }],
    });
    expect(await storeSettings(db)).toMatchObject({
      maintenanceMode: current.maintenanceMode,
      contactEmail: current.contactEmail,
    });
  });
});

it("documents the back office's calls in the OpenAPI document", async () => {
  const doc = await api.get("/api/openapi.json");
  expect(doc.status).toBe(200);
  expect(Object.keys(doc.body.paths["/api/products"]).sort()).toEqual(["get", "post"]);
  for (const path of [
    "/api/products/{id}",
    "/api/brands/{id}",
    "/api/reviews-working",
    "/api/reviews/{id}/approve",
    "/api/messages/{id}/reply",
    "/api/settings",
    "/api/enhanced-settings",
    "/api/admin-emergency-settings",
    "/api/cms/pages/{key}",
  ]) {
    expect(doc.body.paths, path).toHaveProperty([path]);
  }
  const reference = await api.get("/api/docs");
  expect(reference.status).toBe(200);
  for (const tag of [
    "Productos (admin)",
    "Marcas",
    "Reseñas (admin)",
    "Mensajes",
    "Ajustes",
    "Páginas",
  ]) {
    expect(reference.text).toContain(tag);
  }
});

describe("answers as documented", () => {
  /** zod strips what a schema does not name: parsing back to the same body means nothing extra. */
  function expectDocumented(schema: z.ZodType | undefined, body: unknown) {
    const parsed = schema!.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toEqual(body);
  }

  it("matches each call's response schema, every field named and typed", async () => {
    const brand = await createBrand(db);
    const product = await createProduct(db, { brandId: brand.id, isActive: 0 });
    const author = await createUser(db);
    await createReview(db, { productId: product.id, userId: author.id });
    await createMessage({
      name: "Luis",
      email: "luis@correo.hn",
      subject: "Hola",
      message: "Un mensaje de prueba para la lista.",
    });
    const admin = { as: who.asAdmin };
    const answers: [z.ZodType | undefined, string][] = [
      [catalogCalls.products.response, "/api/products?admin=true"],
      [catalogCalls.products.response, "/api/products"],
      [adminCatalogCalls.product.response, `/api/products/${product.id}`],
      [catalogCalls.brands.response, "/api/brands"],
      [reviewAdminCalls.list.response, "/api/reviews-working"],
      [messageCalls.list.response, "/api/messages"],
      [settingsCalls.get.response, "/api/settings"],
      [settingsCalls.enhanced.response, "/api/enhanced-settings"],
      [cmsCalls.list.response, "/api/cms/pages"],
    ];
    for (const [schema, path] of answers) {
      const answer = await api.get(path, admin);
      expect(answer.status, path).toBe(200);
      expectDocumented(schema, answer.body);
    }
    for (const [schema, path] of answers.filter(([, path]) => !path.includes("admin"))) {
      const answer = await api.get(path, { as: who.asCustomer });
      if (answer.status === 200) expectDocumented(schema, answer.body);
    }
    const brands = await api.get("/api/brands", admin);
    const one = brands.body.find((b: { id: number }) => b.id === brand.id);
    const saved = await api.call("PUT", `/api/brands/${brand.id}`, {
      ...admin,
      body: { name: one.name, description: "Descripción" },
    });
    expectDocumented(adminCatalogCalls.updateBrand.response, saved.body);
    const message = (await api.get("/api/messages", admin)).body.items[0];
    const read = await api.call("PUT", `/api/messages/${message.id}/read`, admin);
    expectDocumented(messageCalls.read.response, read.body);
    const review = (await api.get("/api/reviews-working?status=pending", admin)).body.items[0];
    const approved = await api.call("PUT", `/api/reviews/${review.id}/approve`, admin);
    expectDocumented(reviewAdminCalls.approve.response, approved.body);
    const page = await api.get("/api/cms/pages/terms", admin);
    expectDocumented(cmsCalls.one.response, page.body);
  });
});
