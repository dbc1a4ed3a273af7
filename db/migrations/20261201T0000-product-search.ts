import { sql, type Kysely } from "kysely";

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

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
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
