/**
 * A URL slug from a name: "Maison Francis Kurkdjian" → "maison-francis-kurkdjian", accents
 * folded ("Lancôme" → "lancome"). Client-safe, so a form could preview it. The demo seed
 * has its own copy (db/seed-data/products.ts) because db/ code never imports app code.
 */
export function slugify(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
