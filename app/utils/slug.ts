/**
 * A URL slug from a name: "Maison Francis Kurkdjian" → "maison-francis-kurkdjian", accents
 * folded ("Lancôme" → "lancome"). Client-safe, so a form could preview it. Brands and products
 * created in the back office use it; the demo seed's catalogue keeps its frozen variant
 * (seed/data/products.ts, which also drops "°") so the demo URLs never change.
 */
export function slugify(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
