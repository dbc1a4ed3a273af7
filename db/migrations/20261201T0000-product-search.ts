import { sql, type Kysely } from "kysely";
import { either, onPostgres } from "./dialect";

/*
 * Catalogue search (storefront §2: every word must appear in the name, brand, description,
 * gender or type), case- and accent-insensitive and indexed, so a search over 10,000
 * products never scans them.
 *
 * An FTS5 table with unicode61 remove_diacritics 2 folds case and accents ('limon' finds
 * 'limón'); the catalogue queries every word as a prefix ('flor*' finds 'Flower'). It is
 * contentless (the text lives in products and brands; contentless_delete lets the triggers
 * replace rows) and keyed by products.id as its rowid. Gender and type are indexed in
 * English and Spanish, since shoppers type 'masculino' or 'nicho'.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const keywords = (row: string) => `(CASE ${row}.gender
    WHEN 'masculine' THEN 'masculine masculino masculinos hombre caballero'
    WHEN 'feminine' THEN 'feminine femenino femeninos mujer dama'
    ELSE 'unisex' END)
  || ' ' ||
  (CASE ${row}.perfume_type WHEN 'niche' THEN 'niche nicho' ELSE 'designer diseñador' END)`;

const insertProduct = (row: string, brandName: string) =>
  `INSERT INTO product_search (rowid, name, brand, description, keywords)
  VALUES (${row}.id, ${row}.name, ${brandName}, ${row}.description, ${keywords(row)});`;

const statements = [
  `CREATE VIRTUAL TABLE product_search USING fts5(
  name, brand, description, keywords,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
)`,

  `CREATE TRIGGER product_search_after_insert AFTER INSERT ON products BEGIN
  ${insertProduct("new", "(SELECT name FROM brands WHERE id = new.brand_id)")}
END`,

  `CREATE TRIGGER product_search_after_update
AFTER UPDATE OF name, brand_id, description, gender, perfume_type ON products BEGIN
  DELETE FROM product_search WHERE rowid = old.id;
  ${insertProduct("new", "(SELECT name FROM brands WHERE id = new.brand_id)")}
END`,

  `CREATE TRIGGER product_search_after_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_search WHERE rowid = old.id;
END`,

  // A renamed brand re-indexes its products.
  `CREATE TRIGGER product_search_after_brand_rename AFTER UPDATE OF name ON brands BEGIN
  DELETE FROM product_search WHERE rowid IN (SELECT id FROM products WHERE brand_id = new.id);
  INSERT INTO product_search (rowid, name, brand, description, keywords)
  SELECT p.id, p.name, new.name, p.description, ${keywords("p")}
  FROM products p WHERE p.brand_id = new.id;
END`,

  // Products that exist before this migration.
  `INSERT INTO product_search (rowid, name, brand, description, keywords)
  SELECT p.id, p.name, b.name, p.description, ${keywords("p")}
  FROM products p JOIN brands b ON b.id = p.brand_id`,
];

/*
 * PostgreSQL (issue 24): the same words, in a tsvector per product kept by triggers, folded by
 * `unaccent` and the 'simple' configuration (lower case, no stemming, as unicode61 does), and
 * weighted name > brand > description and keywords, as bm25's weights rank them on SQLite. A
 * product's row goes with it (ON DELETE CASCADE).
 */
const document = (row: string, brandName: string) => `
  setweight(to_tsvector('simple', unaccent(coalesce(${row}.name, ''))), 'A') ||
  setweight(to_tsvector('simple', unaccent(coalesce(${brandName}, ''))), 'B') ||
  setweight(to_tsvector('simple', unaccent(coalesce(${row}.description, ''))), 'C') ||
  setweight(to_tsvector('simple', unaccent(${keywords(row)})), 'D')`;

const postgresStatements = [
  `CREATE EXTENSION IF NOT EXISTS unaccent`,
  `CREATE TABLE product_search (
  product_id INTEGER PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  document tsvector NOT NULL
)`,
  `CREATE INDEX product_search_document_idx ON product_search USING gin (document)`,
  `CREATE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, document)
  VALUES (new.id, ${document("new", "(SELECT name FROM brands WHERE id = new.brand_id)")})
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER product_search_after_insert AFTER INSERT ON products
FOR EACH ROW EXECUTE FUNCTION product_search_refresh()`,
  `CREATE TRIGGER product_search_after_update
AFTER UPDATE OF name, brand_id, description, gender, perfume_type ON products
FOR EACH ROW EXECUTE FUNCTION product_search_refresh()`,
  `CREATE FUNCTION product_search_brand_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search s SET document = ${document("p", "new.name")}
  FROM products p WHERE p.brand_id = new.id AND s.product_id = p.id;
  RETURN NULL;
END $$`,
  `CREATE TRIGGER product_search_after_brand_rename AFTER UPDATE OF name ON brands
FOR EACH ROW EXECUTE FUNCTION product_search_brand_rename()`,
  `INSERT INTO product_search (product_id, document)
  SELECT p.id, ${document("p", "b.name")}
  FROM products p JOIN brands b ON b.id = p.brand_id`,
];

export async function up(db: Kysely<unknown>) {
  await either(db, { sqlite: statements, postgres: postgresStatements });
}

export async function down(db: Kysely<unknown>) {
  if (onPostgres(db)) {
    await sql`DROP TABLE IF EXISTS product_search`.execute(db);
    await sql`DROP TRIGGER IF EXISTS product_search_after_insert ON products`.execute(db);
    await sql`DROP TRIGGER IF EXISTS product_search_after_update ON products`.execute(db);
    await sql`DROP TRIGGER IF EXISTS product_search_after_brand_rename ON brands`.execute(db);
    await sql`DROP FUNCTION IF EXISTS product_search_refresh, product_search_brand_rename`.execute(
      db,
    );
    return;
  }
  for (const trigger of [
    "product_search_after_insert",
    "product_search_after_update",
    "product_search_after_delete",
    "product_search_after_brand_rename",
  ]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  await sql.raw("DROP TABLE IF EXISTS product_search").execute(db);
}
