import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as listAction, loader as listLoader } from "~/routes/admin.products";
import { action as formAction } from "~/routes/admin.products_.$productId/route";
import { PRODUCT_MESSAGES } from "~/models/catalog/product-form";
import { searchSuggestions } from "~/models/catalog/catalog.server";
import { db } from "~/utils/db.server";
import { IMAGE_MESSAGES, productImagesDir } from "~/models/catalog/product-images.server";
import { createBrand, createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import {
  formPost,
  get,
  ORIGIN,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";
import { productFormFields } from "../setup/product-form";

let admin: string;
beforeAll(async () => {
  admin = await signedInCookie((await createUser(db, { role: "admin" })).id);
});

const list = async (query: string) => {
  const response = await settle(() =>
    listLoader({ request: get(`/admin/products${query}`, admin), params: {}, context: {} }),
  );
  expect(response.status).toBe(200);
  return response.json();
};

const submit = (productId: string, request: Request) =>
  settle(() => formAction({ request, params: { productId }, context: {} }));

const post = (productId: string, fields: Record<string, string>) =>
  submit(productId, formPost(`/admin/products/${productId}`, fields, admin));

async function validFields(overrides: Record<string, string> = {}) {
  return productFormFields((await createBrand(db)).id, overrides);
}

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  const body = await response.json();
  return body.result.error as Record<string, string[]>;
}

describe("/admin/products list", () => {
  it("finds by brand or concentration, filters low stock and shows the §4 status", async () => {
    const brand = await createBrand(db, { name: `Casa Zafiro ${Date.now()}` });
    const low = await createProduct(db, { brandId: brand.id, stock: 3, concentration: "Parfum" });
    const out = await createProduct(db, { brandId: brand.id, stock: 0 });
    const hidden = await createProduct(db, { brandId: brand.id, stock: 50, isActive: 0 });
    const plenty = await createProduct(db, { brandId: brand.id, stock: 80 });

    const byBrand = await list(`?q=${encodeURIComponent(brand.name)}`);
    expect(byBrand.total).toBe(4);
    const statusOf = (id: number) =>
      byBrand.products.find((product: { id: number }) => product.id === id)?.status;
    expect(statusOf(low.id)).toBe("low_stock");
    expect(statusOf(out.id)).toBe("out_of_stock");
    expect(statusOf(hidden.id)).toBe("inactive");
    expect(statusOf(plenty.id)).toBe("active");

    const lowStock = await list(`?brand=${brand.id}&stock=low`);
    expect(lowStock.products.map((product: { id: number }) => product.id).sort()).toEqual(
      [low.id, out.id].sort(),
    );
    const byConcentration = await list(`?brand=${brand.id}&q=parfum`);
    expect(byConcentration.products.map((product: { id: number }) => product.id)).toContain(low.id);
  });
});

describe("product form: every rule and message of backoffice.md §5", () => {
  it("requires a brand", async () => {
    const errors = await errorsOf(await post("new", await validFields({ brandId: "" })));
    expect(errors.brandId).toEqual([PRODUCT_MESSAGES.brand]);
  });

  it.each(["0", "-5", "abc", "12$"])("refuses the price %s", async (price) => {
    const errors = await errorsOf(await post("new", await validFields({ price })));
    expect(errors.price).toEqual([PRODUCT_MESSAGES.price]);
  });

  it("wants the original price above the price", async () => {
    const errors = await errorsOf(
      await post("new", await validFields({ price: "1000", originalPrice: "900" })),
    );
    expect(errors.originalPrice).toEqual([PRODUCT_MESSAGES.originalPrice]);
  });

  it("refuses negative stock and minimum stock", async () => {
    const errors = await errorsOf(
      await post("new", await validFields({ stock: "-1", minStock: "-2" })),
    );
    expect(errors.stock).toEqual([PRODUCT_MESSAGES.stock]);
    expect(errors.minStock).toEqual([PRODUCT_MESSAGES.minStock]);
  });

  it("wants sizes without duplicates, the main one among them", async () => {
    const duplicate = await errorsOf(
      await post("new", await validFields({ availableSizes: "100ml, 50ml, 100ml" })),
    );
    expect(duplicate.availableSizes).toEqual([PRODUCT_MESSAGES.sizeDuplicate]);
    const none = await errorsOf(await post("new", await validFields({ availableSizes: " , " })));
    expect(none.availableSizes).toEqual([PRODUCT_MESSAGES.sizesRequired]);
    const mainMissing = await errorsOf(
      await post("new", await validFields({ size: "150ml", availableSizes: "50ml, 100ml" })),
    );
    expect(mainMissing.size).toEqual([PRODUCT_MESSAGES.mainSize]);
  });

  it("wants a description of at least 10 characters", async () => {
    const errors = await errorsOf(await post("new", await validFields({ description: "Corta" })));
    expect(errors.description).toEqual([PRODUCT_MESSAGES.description]);
  });

  it("keeps what was typed when it refuses", async () => {
    const response = await post("new", await validFields({ name: "Mi perfume", price: "0" }));
    const body = await response.json();
    expect(body.result.initialValue).toMatchObject({ name: "Mi perfume", stock: "7" });
  });

  it("creates the product in centavos with a slug from its name, searchable at once", async () => {
    const fields = await validFields({ name: "Ámbar Nocturno Édition", originalPrice: "1,500" });
    const response = await post("new", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/products");
    const { toast } = await readSession(sessionCookieOf(response, admin));
    expect(toast).toMatchObject({ type: "success", title: PRODUCT_MESSAGES.created });

    const product = await db
      .selectFrom("products")
      .selectAll()
      .where("name", "=", fields.name)
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      slug: "ambar-nocturno-edition",
      price: 125_050,
      originalPrice: 150_000,
      stock: 7,
      availableSizes: JSON.stringify(["50ml", "100ml"]),
      isActive: 1,
    });
    // The search index's triggers follow the products table.
    expect((await searchSuggestions("nocturno")).map((hit) => hit.slug)).toContain(product.slug);

    const again = await errorsOf(await post("new", { ...fields, name: "Ambar nocturno edition" }));
    expect(again.slug).toEqual([PRODUCT_MESSAGES.slugTaken]);
  });

  it("updates a product and says so", async () => {
    const product = await createProduct(db);
    const fields = await validFields({
      name: product.name,
      slug: product.slug,
      brandId: String(product.brandId),
      price: "999.99",
    });
    const response = await post(String(product.id), fields);
    expect(response.status).toBe(302);
    const { toast } = await readSession(sessionCookieOf(response, admin));
    expect(toast).toMatchObject({ title: PRODUCT_MESSAGES.updated });
    const saved = await db
      .selectFrom("products")
      .select("price")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(saved.price).toBe(99_999);
  });
});

describe("product images (D8)", () => {
  async function multipart(fields: Record<string, string>, files: File[]) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append("newImages", file);
    return new Request(`${ORIGIN}/admin/products/new`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: admin },
      body,
    });
  }

  it("stores WebP widths under content-addressed names and keeps them through an error", async () => {
    const png = await sharp({
      create: { width: 900, height: 700, channels: 3, background: "#c08040" },
    })
      .withMetadata({ exif: { IFD0: { Copyright: "secreto" } } })
      .png()
      .toBuffer();
    const fields = await validFields({ description: "Corta" });
    const response = await submit(
      "new",
      await multipart(fields, [
        new File([new Uint8Array(png)], "foto.png"),
        new File([new TextEncoder().encode("%PDF-1.7 no image")], "foto.jpg", {
          type: "image/jpeg",
        }),
      ]),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.newImages).toEqual([IMAGE_MESSAGES.notImage]);
    expect(body.result.error.description).toEqual([PRODUCT_MESSAGES.description]);
    expect(body.images).toHaveLength(1);
    const [key] = body.images;
    for (const width of [160, 320, 640]) {
      const file = path.join(productImagesDir(), `${key}-${width}.webp`);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: width });
      expect(meta.exif).toBeUndefined();
    }

    // The admin fixes the description: the picture already uploaded is saved with the product.
    const saved = await post("new", { ...fields, description: "Ahora sí, larga.", images: key });
    expect(saved.status).toBe(302);
    const product = await db
      .selectFrom("products")
      .select("images")
      .where("name", "=", fields.name)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(product.images)).toEqual([key]);
  });

  it("refuses a file over 5 MB", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    const response = await submit(
      "new",
      await multipart(await validFields(), [new File([big], "grande.jpg")]),
    );
    const body = await response.json();
    expect(body.result.error.newImages).toEqual([IMAGE_MESSAGES.tooLarge]);
  });

  it("reorders without validating or saving: the chosen picture becomes the main one", async () => {
    const fields = await validFields({ description: "x" });
    const body = new URLSearchParams(fields);
    body.append("images", "aaaaaaaaaaaaaaaa");
    body.append("images", "bbbbbbbbbbbbbbbb");
    body.append("imageAction", "main:bbbbbbbbbbbbbbbb");
    const response = await submit(
      "new",
      new Request(`${ORIGIN}/admin/products/new`, {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          Cookie: admin,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      }),
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.images).toEqual(["bbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaa"]);
    expect(data.result.error).toBeUndefined();
    expect(data.result.initialValue).toMatchObject({ description: "x" });
  });
});

describe("Ocultar / Mostrar and Eliminar", () => {
  const act = (fields: Record<string, string>) =>
    settle(() =>
      listAction({
        request: formPost("/admin/products", fields, admin),
        params: {},
        context: {},
      }),
    );
  const isActive = async (id: number) =>
    (await db.selectFrom("products").select("isActive").where("id", "=", id).executeTakeFirst())
      ?.isActive;

  it("toggles visibility", async () => {
    const product = await createProduct(db);
    await act({ intent: "toggle", productId: String(product.id) });
    expect(await isActive(product.id)).toBe(0);
    await act({ intent: "toggle", productId: String(product.id) });
    expect(await isActive(product.id)).toBe(1);
  });

  it("deletes a product no order names", async () => {
    const product = await createProduct(db);
    const response = await act({ intent: "delete", productId: String(product.id) });
    const { toast } = await readSession(sessionCookieOf(response, admin));
    expect(toast).toMatchObject({ title: PRODUCT_MESSAGES.deleted });
    expect(await isActive(product.id)).toBeUndefined();
  });

  it("hides a sold product instead, tells the admin, and the order keeps its line", async () => {
    const product = await createProduct(db);
    const order = await createOrder(db, { lines: [{ product, quantity: 1 }] });
    const response = await act({ intent: "delete", productId: String(product.id) });
    const { toast } = await readSession(sessionCookieOf(response, admin));
    expect(toast).toMatchObject({ description: PRODUCT_MESSAGES.hiddenInsteadOfDeleted });
    expect(await isActive(product.id)).toBe(0);
    const line = await db
      .selectFrom("orderItems")
      .select("productId")
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(line.productId).toBe(product.id);
  });
});
