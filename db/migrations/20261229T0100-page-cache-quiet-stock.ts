import { sql, type Kysely } from "kysely";
import { onPostgres } from "./dialect";

/*
 * Issue 23 (decision 115): a sale no longer makes every shared page stale. The checkout takes
 * stock and adds to `sales_count`, and a denied or cancelled order gives them back (with
 * `updated_at`); during a campaign that is a write a second. Those writes now bump
 * `page_cache_version` only when they change what a product card shows: stock crossing zero
 * ('Agotado', the in-stock filter and counts). A product page shows its exact stock ('N
 * disponibles'), so the page cache keeps the stock each stored product page was rendered with
 * and compares it on every hit; the 'Más vendidos' order (`sales_count`) is bounded by the
 * cache's maximum age instead.
 *
 * Every other column of `products` still bumps on UPDATE. A column added to `products` later
 * must be added to this list by a new migration: tests/unit/page-cache-version.test.ts fails
 * until it is.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const BUMP = "UPDATE page_cache_version SET version = version + 1 WHERE id = 1";

/** What a shared page shows of a product, every column but the quiet ones. */
const SHOWN_COLUMNS = [
  "id",
  "name",
  "slug",
  "brand_id",
  "category",
  "gender",
  "perfume_type",
  "catalog_type",
  "description",
  "short_description",
  "price",
  "original_price",
  "min_stock",
  "size",
  "available_sizes",
  "concentration",
  "top_notes",
  "middle_notes",
  "base_notes",
  "longevity",
  "sillage",
  "season_recommendation",
  "occasion_recommendation",
  "images",
  "video_url",
  "is_active",
  "is_featured",
  "is_new",
  "is_viral",
  "is_exclusive",
  "average_rating",
  "review_count",
  "created_at",
];

export async function up(db: Kysely<unknown>) {
  if (onPostgres(db)) return upPostgres(db);
  await sql`DROP TRIGGER page_cache_products_update`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER page_cache_products_update AFTER UPDATE OF ${SHOWN_COLUMNS.join(", ")} ON products BEGIN ${BUMP}; END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER page_cache_products_sold_out AFTER UPDATE OF stock ON products WHEN (old.stock > 0) IS NOT (new.stock > 0) BEGIN ${BUMP}; END`,
    )
    .execute(db);
}

/** PostgreSQL (issue 24): the same two triggers on migration 0200's function. */
async function upPostgres(db: Kysely<unknown>) {
  const bump = "FOR EACH ROW EXECUTE FUNCTION bump_page_cache_version()";
  await sql`DROP TRIGGER page_cache_products_update ON products`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER page_cache_products_update AFTER UPDATE OF ${SHOWN_COLUMNS.join(", ")} ON products ${bump}`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER page_cache_products_sold_out AFTER UPDATE OF stock ON products FOR EACH ROW WHEN ((old.stock > 0) IS DISTINCT FROM (new.stock > 0)) EXECUTE FUNCTION bump_page_cache_version()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (onPostgres(db)) {
    const bump = "FOR EACH ROW EXECUTE FUNCTION bump_page_cache_version()";
    await sql`DROP TRIGGER page_cache_products_sold_out ON products`.execute(db);
    await sql`DROP TRIGGER page_cache_products_update ON products`.execute(db);
    await sql
      .raw(`CREATE TRIGGER page_cache_products_update AFTER UPDATE ON products ${bump}`)
      .execute(db);
    return;
  }
  await sql`DROP TRIGGER page_cache_products_sold_out`.execute(db);
  await sql`DROP TRIGGER page_cache_products_update`.execute(db);
  await sql
    .raw(`CREATE TRIGGER page_cache_products_update AFTER UPDATE ON products BEGIN ${BUMP}; END`)
    .execute(db);
}
