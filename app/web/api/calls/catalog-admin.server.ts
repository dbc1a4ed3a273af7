import { z } from "zod/v4";
import { centavos, defineCall, switchesOnly } from "~/web/api/calls.server";
import { pageSchema } from "~/web/api/lists.server";
import { formProblem } from "~/web/api/problem.server";
import { productImageUrl } from "~/utils/images";
import type { AdminProduct, listAdminProducts } from "~/models/catalog/admin-products.server";
import { BRAND_NAME_TAKEN, BrandFields } from "~/web/forms/brand-submission.server";
import type { AdminBrand, BrandInput, BrandWriteResult } from "~/models/catalog/brands.server";
import {
  CATALOG_TYPE_LABELS,
  CATEGORY_LABELS,
  GENDER_LABELS,
  PERFUME_TYPE_LABELS,
  PRODUCT_WRITE_REFUSALS,
  type ProductWriteRefusal,
} from "~/models/catalog/product-form";
import { ProductFields, productRules } from "~/models/catalog/product-form.server";

/*
 * The back office's catalogue calls (backoffice.md §7: products and brands): the admin product
 * list, the product form's writes and the brand screens' writes, through the same model
 * functions and the same fields (rules and Spanish messages) as /admin/products and
 * /admin/brands. Money is in centavos, as everywhere in the API: the form reads its lempiras,
 * "a, b" lists and checkboxes into the values the JSON carries as they are, so a rule lives in
 * one place (`ProductFields`, `BrandFields`).
 */

const PRODUCTS_TAG = "Productos (admin)";
const BRANDS_TAG = "Marcas";

const keysOf = <T extends Record<string, string>>(labels: T) =>
  Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];

const category = z.enum(keysOf(CATEGORY_LABELS));
const gender = z.enum(keysOf(GENDER_LABELS));
const perfumeType = z.enum(keysOf(PERFUME_TYPE_LABELS));
const catalogType = z.enum(keysOf(CATALOG_TYPE_LABELS));

/**
 * The product form's fields (`ProductFields`) as JSON: money in centavos, lists as arrays,
 * switches as booleans, and a text field may be null. The same rules and messages, and the
 * same rules across fields (`productRules`).
 */
const productShape = {
  ...ProductFields,
  slug: ProductFields.slug.describe("Opcional: se deriva del nombre cuando falta."),
  category: ProductFields.category.describe("`fragrance` cuando falta."),
  gender: ProductFields.gender.describe("`unisex` cuando falta."),
  perfumeType: ProductFields.perfumeType.describe("`designer` cuando falta."),
  catalogType: ProductFields.catalogType.describe("`normal` cuando falta."),
  description: ProductFields.description.describe("Al menos 10 caracteres."),
  shortDescription: ProductFields.shortDescription.nullable(),
  price: ProductFields.price.describe("Centavos de lempira, mayor que 0."),
  originalPrice: ProductFields.originalPrice.describe(
    "Precio antes del descuento, en centavos; mayor que `price`.",
  ),
  stock: ProductFields.stock.describe("0 cuando falta."),
  minStock: ProductFields.minStock.describe("5 cuando falta."),
  size: ProductFields.size.describe("Uno de `availableSizes`."),
  concentration: ProductFields.concentration.nullable(),
  longevity: ProductFields.longevity.nullable(),
  sillage: ProductFields.sillage.nullable(),
  videoUrl: ProductFields.videoUrl.nullable(),
  images: ProductFields.images.describe(
    "Claves de imágenes ya guardadas (las sube la pantalla de administración; la API no sube imágenes). Al crear, ninguna cuando falta; al actualizar, las actuales cuando falta.",
  ),
  isActive: ProductFields.isActive.describe("Visible en la tienda; `true` cuando falta."),
};

export const productBodySchema = z
  .object(productShape)
  .transform(productRules)
  .meta({ id: "ProductInput" });

/**
 * PUT: the whole product, checked as POST checks it, or only `{isActive}`, the list's switch.
 * The fields are each checked first; a body that is more than the switch is then the product.
 */
export const productUpdateSchema = z
  .object(productShape)
  .partial()
  .transform((body, context) => {
    if (switchesOnly(body)) return { switchTo: body.isActive! } as const;
    const whole = productBodySchema.safeParse(body);
    if (whole.success) return { product: whole.data } as const;
    for (const issue of whole.error.issues) context.addIssue({ ...issue, code: "custom" });
    return z.NEVER;
  })
  .meta({ id: "ProductUpdate" })
  .describe(
    "El producto entero (los mismos campos obligatorios que al crearlo), o solo `{isActive}` para ocultarlo o mostrarlo.",
  );

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
