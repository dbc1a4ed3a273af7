import { sql, type Kysely } from "kysely";

/*
 * Issue 11: the storefront's lists stay flat as the catalogue grows.
 * - A brand's catalogue page, sorted, walked the whole (is_active, sort column) index of the
 *   shop and skipped every other brand's products: one index per sort, led by the brand, gives
 *   SQLite the brand's products already in order (the rowid after the sort column is the id
 *   tie-break). Partial, since the catalogue lists active products only.
 * - The home page's 'Ofertas' (the biggest saving first) read every active product and sorted
 *   the discounted ones on each visit: an index on the saving, over discounted products only,
 *   hands over the first eight. Its expression must stay the one discountedProducts orders by.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const SORT_COLUMNS = ["created_at", "sales_count", "price", "average_rating"];

export async function up(db: Kysely<unknown>) {
  for (const column of SORT_COLUMNS) {
    await sql
      .raw(
        `CREATE INDEX products_active_brand_${column}_idx ON products (brand_id, ${column}) ` +
          `WHERE is_active = 1`,
      )
      .execute(db);
  }
  await sql`CREATE INDEX products_discount_idx
    ON products (is_active, ((original_price - price) * 1.0 / original_price))
    WHERE original_price > price`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX products_discount_idx`.execute(db);
  for (const column of SORT_COLUMNS) {
    await sql.raw(`DROP INDEX products_active_brand_${column}_idx`).execute(db);
  }
}
