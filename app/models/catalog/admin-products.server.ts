import { sql, type Kysely } from "kysely";
import type { Database, ProductCategory } from "#db/types";
import { db } from "~/utils/db.server";
import type { ProductWriteRefusal } from "./product-form";
import type { ProductValues } from "./product-form.server";
import { parseList } from "./products.server";
import { getSettings } from "~/models/settings/settings.server";
import { paginate } from "~/utils/paging";
import { contains } from "~/utils/sql.server";

/*
 * The products screen of the back office (backoffice.md §2–§5): the paginated list with its
 * filters, the product behind the edit form, and the writes. Inactive products are included
 * everywhere here; the storefront reads through catalog.server.ts and products.server.ts.
 */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export type AdminProductFilters = {
  q: string;
  category: ProductCategory | null;
  brandId: number | null;
  lowStock: boolean;
  page: number;
  /** Rows per page: the screen's 25 unless the API asks for its `limit`. */
  pageSize?: number;
};

export type AdminProductStatus = "inactive" | "out_of_stock" | "low_stock" | "active";

/** backoffice.md §4, with the low-stock line at the store's `stockThreshold` setting. */
export function productStatus(
  product: { isActive: boolean; stock: number },
  stockThreshold: number,
): AdminProductStatus {
  if (!product.isActive) return "inactive";
  if (product.stock <= 0) return "out_of_stock";
  if (product.stock <= stockThreshold) return "low_stock";
  return "active";
}

export async function listAdminProducts(filters: AdminProductFilters) {
  const { stockThreshold } = await getSettings();
  let query = db.selectFrom("products").innerJoin("brands", "brands.id", "products.brandId");
  if (filters.q) {
    const text = filters.q;
    query = query.where(({ or, ref }) =>
      or([
        contains(db, ref("products.name"), text),
        contains(db, ref("brands.name"), text),
        contains(db, ref("products.concentration"), text),
      ]),
    );
  }
  if (filters.category) query = query.where("products.category", "=", filters.category);
  if (filters.brandId) query = query.where("products.brandId", "=", filters.brandId);
  if (filters.lowStock) query = query.where("products.stock", "<=", stockThreshold);

  const { rows, ...window } = await paginate({
    page: filters.page,
    pageSize: filters.pageSize ?? ADMIN_PRODUCTS_PAGE_SIZE,
    count: async () =>
      (await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow())
        .total,
    rows: ({ limit, offset }) =>
      query
        .select([
          "products.id",
          "products.name",
          "products.slug",
          "products.size",
          "products.gender",
          "products.perfumeType",
          "products.catalogType",
          "products.concentration",
          "products.price",
          "products.originalPrice",
          "products.stock",
          "products.images",
          "products.isActive",
          "products.isFeatured",
          "products.isNew",
          "products.isViral",
          "products.isExclusive",
          "brands.name as brandName",
        ])
        .orderBy("products.createdAt", "desc")
        .orderBy("products.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });

  const products = rows.map(
    ({ images, isActive, isFeatured, isNew, isViral, isExclusive, ...row }) => {
      const active = isActive === 1;
      return {
        ...row,
        image: parseList(images)[0] ?? null,
        isActive: active,
        status: productStatus({ isActive: active, stock: row.stock }, stockThreshold),
        tags: [
          isFeatured === 1 && "Destacado",
          isNew === 1 && "Nuevo",
          isViral === 1 && "Viral",
          isExclusive === 1 && "Exclusivo",
        ].filter((tag): tag is string => Boolean(tag)),
      };
    },
  );
  return { products, ...window };
}

/** Every brand for the filter and the form's select, active ones and not. */
export function listBrandOptions() {
  return db.selectFrom("brands").select(["id", "name"]).orderBy("name").execute();
}

/** The product behind the edit form, lists parsed and flags as booleans; null when missing. */
export async function getAdminProduct(id: number) {
  const row = await db
    .selectFrom("products")
    .select([
      "id",
      "name",
      "slug",
      "brandId",
      "category",
      "gender",
      "perfumeType",
      "catalogType",
      "description",
      "shortDescription",
      "price",
      "originalPrice",
      "stock",
      "minStock",
      "size",
      "availableSizes",
      "concentration",
      "topNotes",
      "middleNotes",
      "baseNotes",
      "longevity",
      "sillage",
      "seasonRecommendation",
      "occasionRecommendation",
      "images",
      "videoUrl",
      "isActive",
      "isFeatured",
      "isNew",
      "isViral",
      "isExclusive",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    availableSizes: parseList(row.availableSizes),
    topNotes: parseList(row.topNotes),
    middleNotes: parseList(row.middleNotes),
    baseNotes: parseList(row.baseNotes),
    seasons: parseList(row.seasonRecommendation),
    occasions: parseList(row.occasionRecommendation),
    images: parseList(row.images),
    isActive: row.isActive === 1,
    isFeatured: row.isFeatured === 1,
    isNew: row.isNew === 1,
    isViral: row.isViral === 1,
    isExclusive: row.isExclusive === 1,
  };
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

export type ProductWriteRefused = { ok: false; error: ProductWriteRefusal };

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function toColumns(values: ProductValues) {
  return {
    name: values.name,
    slug: values.slug,
    brandId: values.brandId,
    category: values.category,
    gender: values.gender,
    perfumeType: values.perfumeType,
    catalogType: values.catalogType,
    description: values.description,
    shortDescription: values.shortDescription || null,
    price: values.price,
    originalPrice: values.originalPrice,
    stock: values.stock,
    minStock: values.minStock,
    size: values.size,
    availableSizes: JSON.stringify(values.availableSizes),
    concentration: values.concentration || null,
    topNotes: JSON.stringify(values.topNotes),
    middleNotes: JSON.stringify(values.middleNotes),
    baseNotes: JSON.stringify(values.baseNotes),
    longevity: values.longevity || null,
    sillage: values.sillage || null,
    seasonRecommendation: JSON.stringify(values.seasons),
    occasionRecommendation: JSON.stringify(values.occasions),
    // Left out, the pictures stay as they are (an update).
    ...(values.images ? { images: JSON.stringify(values.images) } : {}),
    videoUrl: values.videoUrl || null,
    isActive: flag(values.isActive),
    isFeatured: flag(values.isFeatured),
    isNew: flag(values.isNew),
    isViral: flag(values.isViral),
    isExclusive: flag(values.isExclusive),
  };
}

async function writeRefusal(
  values: ProductValues,
  productId: number | null,
  executor: Kysely<Database>,
): Promise<ProductWriteRefused | null> {
  const brand = await executor
    .selectFrom("brands")
    .select("id")
    .where("id", "=", values.brandId)
    .executeTakeFirst();
  if (!brand) return { ok: false, error: "unknown-brand" };
  let taken = executor.selectFrom("products").select("id").where("slug", "=", values.slug);
  if (productId !== null) taken = taken.where("id", "!=", productId);
  if (await taken.executeTakeFirst()) return { ok: false, error: "slug-taken" };
  return null;
}

/** Creates a product; refused for a slug in use or a brand that does not exist. */
export async function createAdminProduct(
  values: ProductValues,
  executor = db,
): Promise<{ ok: true; id: number } | ProductWriteRefused> {
  return executor.transaction().execute(async (trx) => {
    const refused = await writeRefusal(values, null, trx);
    if (refused) return refused;
    const { id } = await trx
      .insertInto("products")
      .values(toColumns({ ...values, images: values.images ?? [] }))
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id } as const;
  });
}

/**
 * Saves the form over a product (its pictures kept when `images` is left out); refused as create
 * is, or "not-found" when it does not exist.
 */
export async function updateAdminProduct(
  id: number,
  values: ProductValues,
  executor = db,
): Promise<{ ok: true } | ProductWriteRefused | { ok: false; error: "not-found" }> {
  return executor.transaction().execute(async (trx) => {
    const refused = await writeRefusal(values, id, trx);
    if (refused) return refused;
    const result = await trx
      .updateTable("products")
      .set({ ...toColumns(values), updatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? { ok: true } : { ok: false, error: "not-found" };
  });
}

/** Ocultar / Mostrar: the new visibility, or null when the product does not exist. */
export async function toggleProductActive(id: number, executor = db) {
  const row = await executor
    .updateTable("products")
    .set({ isActive: sql<0 | 1>`1 - is_active`, updatedAt: new Date().toISOString() })
    .where("id", "=", id)
    .returning("isActive")
    .executeTakeFirst();
  return row ? row.isActive === 1 : null;
}

/** The API's `{isActive}` (PUT /api/products/{id}): the visibility set, not flipped; null when missing. */
export async function setProductActive(id: number, active: boolean, executor = db) {
  const row = await executor
    .updateTable("products")
    .set({ isActive: flag(active), updatedAt: new Date().toISOString() })
    .where("id", "=", id)
    .returning("isActive")
    .executeTakeFirst();
  return row ? row.isActive === 1 : null;
}

/**
 * 'Eliminar': a product that any order names is hidden instead, so order history keeps its
 * lines and their product link (order_items.product_id would otherwise be set to null).
 */
export async function deleteOrHideProduct(
  id: number,
  executor = db,
): Promise<"deleted" | "hidden" | "not_found"> {
  return executor.transaction().execute(async (trx) => {
    const sold = await trx
      .selectFrom("orderItems")
      .select("id")
      .where("productId", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (sold) {
      const hidden = await trx
        .updateTable("products")
        .set({ isActive: 0, updatedAt: new Date().toISOString() })
        .where("id", "=", id)
        .executeTakeFirst();
      return hidden.numUpdatedRows > 0n ? "hidden" : "not_found";
    }
    const deleted = await trx.deleteFrom("products").where("id", "=", id).executeTakeFirst();
    return deleted.numDeletedRows > 0n ? "deleted" : "not_found";
  });
}
