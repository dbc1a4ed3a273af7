import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { slugify } from "~/utils/slug";
import { contains } from "~/utils/sql.server";

type Trx = Transaction<Database>;

/** A brand as the admin screens show it, with how many products (of any status) use it. */
export type AdminBrand = NonNullable<Awaited<ReturnType<typeof getBrand>>>;

/** The columns the admin screens read, and the count of products using the brand. */
function selectAdminBrand() {
  return db.selectFrom("brands").select(({ selectFrom }) => [
    "brands.id",
    "brands.name",
    "brands.slug",
    "brands.description",
    "brands.logoUrl",
    "brands.country",
    "brands.isActive",
    "brands.createdAt",
    selectFrom("products")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .whereRef("products.brandId", "=", "brands.id")
      .as("productCount"),
  ]);
}

type AdminBrandRow = Awaited<
  ReturnType<ReturnType<typeof selectAdminBrand>["executeTakeFirstOrThrow"]>
>;

function toAdminBrand({ isActive, productCount, ...row }: AdminBrandRow) {
  return { ...row, isActive: isActive === 1, productCount: Number(productCount ?? 0) };
}

/**
 * The back office's brand list: every brand (active or not) whose name contains `search`, A–Z,
 * each with its product count. The storefront's filter list is `listBrands` in catalog.server.ts.
 */
export async function listAdminBrands({ search = "" }: { search?: string } = {}) {
  const term = search.trim();
  let query = selectAdminBrand().orderBy("brands.name");
  if (term) {
    query = query.where(({ ref }) => contains(db, ref("brands.name"), term));
  }
  return (await query.execute()).map(toAdminBrand);
}

/** One brand for its edit and delete screens, or null. */
export async function getBrand(id: number) {
  const row = await selectAdminBrand().where("brands.id", "=", id).executeTakeFirst();
  return row ? toAdminBrand(row) : null;
}

export type BrandInput = {
  name: string;
  description: string | null;
  country: string | null;
  isActive: boolean;
  /**
   * D8: the URL of a logo file stored under DATA_DIR. `undefined` keeps the current logo, so
   * a form without a logo field never erases one.
   */
  logoUrl?: string | null;
};

export type BrandWriteResult =
  | { ok: true; brand: { id: number; name: string; slug: string } }
  | { ok: false; error: "name-taken" | "not-found" };

/**
 * The name is unique whatever its case. The column's NOCASE only folds ASCII ("Casa Ámbar" and
 * "casa ámbar" would both pass it), so names are compared folded here; brands are few.
 */
async function nameTaken(trx: Trx, name: string, exceptId?: number) {
  const fold = (text: string) => text.normalize("NFC").toLocaleLowerCase("es");
  let query = trx.selectFrom("brands").select("name");
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const names = await query.execute();
  return names.some((row) => fold(row.name) === fold(name));
}

/**
 * A free slug for the name: "dior", else "dior-2", "dior-3"… Two names can fold to one slug
 * ("Lancôme" and "Lancome!"), and a name that has no letters or digits still needs one.
 */
async function freeSlug(trx: Trx, name: string, exceptId?: number) {
  const base = slugify(name).slice(0, 100) || "marca";
  let query = trx
    .selectFrom("brands")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

function columns(input: BrandInput) {
  return {
    name: input.name,
    description: input.description,
    country: input.country,
    isActive: input.isActive ? (1 as const) : (0 as const),
    ...(input.logoUrl === undefined ? {} : { logoUrl: input.logoUrl }),
  };
}

export async function createBrand(input: BrandInput): Promise<BrandWriteResult> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.name)) return { ok: false, error: "name-taken" };
    const brand = await trx
      .insertInto("brands")
      .values({ ...columns(input), slug: await freeSlug(trx, input.name) })
      .returning(["id", "name", "slug"])
      .executeTakeFirstOrThrow();
    return { ok: true, brand };
  });
}

/** The slug follows the name only when the name changes, so unchanged brands keep their URLs. */
export async function updateBrand(id: number, input: BrandInput): Promise<BrandWriteResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("brands")
      .select(["name", "slug"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return { ok: false, error: "not-found" };
    if (await nameTaken(trx, input.name, id)) return { ok: false, error: "name-taken" };
    const slug = current.name === input.name ? current.slug : await freeSlug(trx, input.name, id);
    const brand = await trx
      .updateTable("brands")
      .set({ ...columns(input), slug, updatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .returning(["id", "name", "slug"])
      .executeTakeFirstOrThrow();
    return { ok: true, brand };
  });
}

export type DeleteBrandResult =
  | { ok: true; name: string }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "in-use"; productCount: number };

/**
 * Products reference their brand (ON DELETE RESTRICT): a brand in use is refused with the
 * number of products that use it, counted in the same transaction as the delete.
 */
export async function deleteBrand(id: number): Promise<DeleteBrandResult> {
  return db.transaction().execute(async (trx) => {
    const brand = await trx
      .selectFrom("brands")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!brand) return { ok: false, error: "not-found" };
    const { count } = await trx
      .selectFrom("products")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .where("brandId", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return { ok: false, error: "in-use", productCount: Number(count) };
    await trx.deleteFrom("brands").where("id", "=", id).execute();
    return { ok: true, name: brand.name };
  });
}
