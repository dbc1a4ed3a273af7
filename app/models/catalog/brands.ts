/* Client-safe rules of a brand, shared by the brand form (the browser) and its parser (the server). */

export const BRAND_NAME_MAX = 100;

/** The brand form's fields, for its component (brand-submission.server.ts checks its schema has them). */
export type BrandFormField = "name" | "description" | "country" | "isActive" | "logo";

/** Why a brand in use cannot go: products keep their brand (the column is ON DELETE RESTRICT). */
export function brandInUseMessage(name: string, productCount: number) {
  const products = productCount === 1 ? "1 producto la usa" : `${productCount} productos la usan`;
  return `No se puede eliminar la marca «${name}»: ${products}. Cambia la marca de esos productos o elimínalos primero.`;
}
