import { z } from "zod/v4";
import { centavos, defineCall } from "~/web/api/calls.server";
import { MAX_ID } from "~/utils/invariant";
import { pageSchema } from "~/web/api/lists.server";
import { checkedByForm, formProblem } from "~/web/api/problem.server";
import { PRODUCT_IMAGE_KEY_PATTERN, productImageUrl } from "~/utils/images";
import type { AdminProduct, listAdminProducts } from "~/models/catalog/admin-products.server";
import { BRAND_NAME_TAKEN, BrandFields } from "~/web/forms/brand-submission.server";
import type { AdminBrand, BrandInput, BrandWriteResult } from "~/models/catalog/brands.server";
import {
  CATALOG_TYPE_LABELS,
  CATEGORY_LABELS,
  GENDER_LABELS,
  moneyInputValue,
  OCCASIONS,
  PERFUME_TYPE_LABELS,
  PRODUCT_LIMITS,
  PRODUCT_WRITE_REFUSALS,
  SEASONS,
  type ProductWriteRefusal,
} from "~/models/catalog/product-form";
import { ProductFormSchema, type ProductFormValues } from "~/models/catalog/product-form.server";

/*
 * The back office's catalogue calls (backoffice.md §7: products and brands): the admin product
 * list, the product form's writes and the brand screens' writes, through the same model
 * functions and the same form schemas (rules and Spanish messages) as /admin/products and
 * /admin/brands. Money is in centavos, as everywhere in the API; the form's text fields
 * (lempiras, comma-separated lists, checkboxes) are what the JSON is turned into before the
 * form's schema checks it, so a rule lives in one place.
 */

const PRODUCTS_TAG = "Productos (admin)";
const BRANDS_TAG = "Marcas";

const keysOf = <T extends Record<string, string>>(labels: T) =>
  Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];

const category = z.enum(keysOf(CATEGORY_LABELS));
const gender = z.enum(keysOf(GENDER_LABELS));
const perfumeType = z.enum(keysOf(PERFUME_TYPE_LABELS));
const catalogType = z.enum(keysOf(CATALOG_TYPE_LABELS));

/** A list item the form types as "a, b, c": it cannot hold a comma. */
const listItem = z
  .string()
  .max(100)
  .refine((text) => !text.includes(","), "Cada elemento de la lista va sin comas.");

const imageKey = z
  .string()
  .regex(PRODUCT_IMAGE_KEY_PATTERN, "Clave de imagen no válida (16 caracteres hexadecimales).");

export const productBodySchema = z
  .object({
    name: z.string().max(PRODUCT_LIMITS.name),
    slug: z
      .string()
      .max(PRODUCT_LIMITS.slug)
      .optional()
      .describe("Opcional: se deriva del nombre cuando falta."),
    brandId: z.number().int().min(1).max(MAX_ID),
    category: category.optional().describe("`fragrance` cuando falta."),
    gender: gender.optional().describe("`unisex` cuando falta."),
    perfumeType: perfumeType.optional().describe("`designer` cuando falta."),
    catalogType: catalogType.optional().describe("`normal` cuando falta."),
    description: z.string().max(20_000).describe("Al menos 10 caracteres."),
    shortDescription: z.string().max(500).nullable().optional(),
    price: centavos.max(MAX_ID).describe("Centavos de lempira, mayor que 0."),
    originalPrice: centavos
      .max(MAX_ID)
      .nullable()
      .optional()
      .describe("Precio antes del descuento, en centavos; mayor que `price`."),
    stock: z.number().int().max(MAX_ID).optional().describe("0 cuando falta."),
    minStock: z.number().int().max(MAX_ID).optional().describe("5 cuando falta."),
    size: z.string().max(PRODUCT_LIMITS.size).describe("Uno de `availableSizes`."),
    availableSizes: z.array(listItem).max(50),
    concentration: z.string().max(50).nullable().optional(),
    topNotes: z.array(listItem).max(50).optional(),
    middleNotes: z.array(listItem).max(50).optional(),
    baseNotes: z.array(listItem).max(50).optional(),
    longevity: z.string().max(100).nullable().optional(),
    sillage: z.string().max(100).nullable().optional(),
    seasons: z
      .array(z.enum(SEASONS as [string, ...string[]]))
      .max(4)
      .optional(),
    occasions: z
      .array(z.enum(OCCASIONS as [string, ...string[]]))
      .max(5)
      .optional(),
    videoUrl: z.string().max(500).nullable().optional(),
    images: z
      .array(imageKey)
      .max(12)
      .optional()
      .describe(
        "Claves de imágenes ya guardadas (las sube la pantalla de administración; la API no sube imágenes). Al crear, ninguna cuando falta; al actualizar, las actuales cuando falta.",
      ),
    isActive: z.boolean().optional().describe("Visible en la tienda; `true` cuando falta."),
    isFeatured: z.boolean().optional(),
    isNew: z.boolean().optional(),
    isViral: z.boolean().optional(),
    isExclusive: z.boolean().optional(),
  })
  .meta({ id: "ProductInput" });

export type ProductBody = z.output<typeof productBodySchema>;

export const productUpdateSchema = productBodySchema
  .partial()
  .meta({ id: "ProductUpdate" })
  .describe(
    "El producto entero (los mismos campos obligatorios que al crearlo), o solo `{isActive}` para ocultarlo o mostrarlo.",
  );

export type ProductUpdate = z.output<typeof productUpdateSchema>;

/**
 * The JSON as the product form posts it (lempiras, "a, b" lists, "on" checkboxes, empty fields
 * absent as conform leaves them), checked by the form's own schema: the same rules, the same
 * messages. `images` when the body has none: the product's current pictures (an update).
 */
export function productFormValues(body: ProductUpdate, currentImages: string[]): ProductFormValues {
  const text = (value: string | null | undefined) =>
    value === null || value === undefined || value === "" ? undefined : value;
  const list = (items: string[] | undefined) => (items ? items.join(", ") : undefined);
  const box = (value: boolean | undefined) => (value ? "on" : undefined);
  return checkedByForm(ProductFormSchema, {
    name: text(body.name),
    slug: text(body.slug),
    brandId: body.brandId,
    category: body.category,
    gender: body.gender,
    perfumeType: body.perfumeType,
    catalogType: body.catalogType,
    description: text(body.description),
    shortDescription: text(body.shortDescription),
    price: body.price === undefined ? undefined : moneyInputValue(body.price),
    originalPrice:
      body.originalPrice === undefined || body.originalPrice === null
        ? undefined
        : moneyInputValue(body.originalPrice),
    stock: body.stock,
    minStock: body.minStock,
    size: text(body.size),
    availableSizes: text(list(body.availableSizes)),
    concentration: text(body.concentration),
    topNotes: list(body.topNotes),
    middleNotes: list(body.middleNotes),
    baseNotes: list(body.baseNotes),
    longevity: text(body.longevity),
    sillage: text(body.sillage),
    seasons: body.seasons,
    occasions: body.occasions,
    videoUrl: text(body.videoUrl),
    images: body.images ?? currentImages,
    isActive: box(body.isActive ?? true),
    isFeatured: box(body.isFeatured),
    isNew: box(body.isNew),
    isViral: box(body.isViral),
    isExclusive: box(body.isExclusive),
  });
}

/** The model's refusals after the schema passed, worded as the form words them. */
export function productWriteProblem(refusal: ProductWriteRefusal) {
  const { field, message } = PRODUCT_WRITE_REFUSALS[refusal];
  return formProblem([{ path: field, message }]);
}

const nullableText = z.string().nullable();

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brandId: z.number().int(),
    category,
    gender,
    perfumeType,
    catalogType,
    description: z.string(),
    shortDescription: nullableText,
    price: centavos,
    originalPrice: centavos.nullable(),
    stock: z.number().int(),
    minStock: z.number().int(),
    size: z.string(),
    availableSizes: z.array(z.string()),
    concentration: nullableText,
    topNotes: z.array(z.string()),
    middleNotes: z.array(z.string()),
    baseNotes: z.array(z.string()),
    longevity: nullableText,
    sillage: nullableText,
    seasons: z.array(z.string()),
    occasions: z.array(z.string()),
    videoUrl: nullableText,
    images: z.array(z.string()).describe("Claves de las imágenes, la principal primero."),
    imageUrls: z.array(z.string()).describe("Rutas de las imágenes (640 px)."),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    isNew: z.boolean(),
    isViral: z.boolean(),
    isExclusive: z.boolean(),
  })
  .meta({ id: "AdminProduct" });

export function toAdminProduct(product: AdminProduct): z.output<typeof adminProductSchema> {
  const { seasonRecommendation: _seasons, occasionRecommendation: _occasions, ...rest } = product;
  return { ...rest, imageUrls: product.images.map((key) => productImageUrl(key)) };
}

export const adminProductRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brandName: z.string(),
    size: z.string(),
    gender,
    perfumeType,
    catalogType,
    concentration: nullableText,
    price: centavos,
    originalPrice: centavos.nullable(),
    stock: z.number().int(),
    image: z.string().nullable().describe("Ruta de la imagen principal (640 px), o null."),
    isActive: z.boolean(),
    status: z.enum(["inactive", "out_of_stock", "low_stock", "active"]),
    tags: z.array(z.string()),
  })
  .meta({ id: "AdminProductRow" });

type AdminProductListRow = Awaited<ReturnType<typeof listAdminProducts>>["products"][number];

export function toAdminProductRow({ image, ...row }: AdminProductListRow) {
  return { ...row, image: image ? productImageUrl(image) : null };
}

export const adminProductPageSchema = pageSchema(adminProductRowSchema).meta({
  id: "AdminProductPage",
});

const productOutcomeSchema = z.object({
  outcome: z
    .enum(["deleted", "hidden"])
    .describe(
      "`hidden`: el producto aparece en pedidos, así que se ocultó en lugar de eliminarse (como en la pantalla).",
    ),
  detail: z.string(),
});

/** The form's fields (`BrandFields`); an empty or null text is none, a missing logo unchanged. */
export const brandBodySchema = z
  .object({
    name: BrandFields.name,
    description: BrandFields.description.nullable().optional(),
    logoUrl: z
      .string()
      .regex(/^\/images\/brands\/[0-9a-f]{16}-192\.webp$/, "Logo no válido.")
      .nullable()
      .optional()
      .describe(
        "Ruta de un logo ya guardado (/images/brands/…-192.webp), o null para quitarlo; sin cambios cuando falta. La API no sube logos: se suben en la pantalla de marcas.",
      ),
    country: BrandFields.country.nullable().optional(),
    isActive: z.boolean().optional().describe("`true` cuando falta."),
  })
  .meta({ id: "BrandInput" });

export type BrandBody = z.output<typeof brandBodySchema>;

export const adminBrandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: nullableText,
    logoUrl: nullableText,
    country: nullableText,
    isActive: z.boolean(),
    productCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "AdminBrand" });

/** The body as createBrand and updateBrand take it. */
export function brandInputOf(body: BrandBody): BrandInput {
  return {
    name: body.name,
    description: body.description || null,
    country: body.country || null,
    isActive: body.isActive ?? true,
    logoUrl: body.logoUrl,
  };
}

/** A name taken is the form's message beside the name (422); a missing brand, 404. */
export function brandWriteProblem(result: Extract<BrandWriteResult, { ok: false }>) {
  if (result.error === "name-taken") {
    return formProblem([{ path: "name", message: BRAND_NAME_TAKEN }]);
  }
  return null;
}

export function toAdminBrand(brand: AdminBrand): z.output<typeof adminBrandSchema> {
  return brand;
}

const id = { id: "integer" } as const;

export const adminCatalogCalls = {
  createProduct: defineCall({
    method: "POST",
    path: "/api/products",
    tag: PRODUCTS_TAG,
    summary: "Crear un producto",
    description:
      "Las mismas reglas y mensajes que el formulario de /admin/products/new. Las imágenes son claves ya guardadas.",
    access: "admin",
    body: productBodySchema,
    response: adminProductSchema,
    status: 201,
  }),
  product: defineCall({
    method: "GET",
    path: "/api/products/{id}",
    tag: PRODUCTS_TAG,
    summary: "Un producto, como lo edita el formulario (inactivo incluido)",
    access: "admin",
    params: id,
    response: adminProductSchema,
    errors: [404],
  }),
  updateProduct: defineCall({
    method: "PUT",
    path: "/api/products/{id}",
    tag: PRODUCTS_TAG,
    summary: "Guardar un producto entero, o solo mostrarlo u ocultarlo",
    description:
      "Con el producto entero, lo que guarda el formulario de edición. Con solo `{isActive}`, el botón Ocultar/Mostrar de la lista.",
    access: "admin",
    params: id,
    body: productUpdateSchema,
    response: adminProductSchema,
    errors: [404],
  }),
  deleteProduct: defineCall({
    method: "DELETE",
    path: "/api/products/{id}",
    tag: PRODUCTS_TAG,
    summary: "Eliminar un producto (o, si tiene pedidos, ocultarlo)",
    access: "admin",
    params: id,
    response: productOutcomeSchema,
    errors: [404],
  }),
  createBrand: defineCall({
    method: "POST",
    path: "/api/brands",
    tag: BRANDS_TAG,
    summary: "Crear una marca",
    access: "admin",
    body: brandBodySchema,
    response: adminBrandSchema,
    status: 201,
  }),
  updateBrand: defineCall({
    method: "PUT",
    path: "/api/brands/{id}",
    tag: BRANDS_TAG,
    summary: "Guardar una marca",
    access: "admin",
    params: id,
    body: brandBodySchema,
    response: adminBrandSchema,
    errors: [404],
  }),
  deleteBrand: defineCall({
    method: "DELETE",
    path: "/api/brands/{id}",
    tag: BRANDS_TAG,
    summary: "Eliminar una marca sin productos",
    description: "Una marca que usan productos no se elimina (409), como en la pantalla.",
    access: "admin",
    params: id,
    status: 204,
    errors: [404, 409],
  }),
};
