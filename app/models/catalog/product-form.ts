import type { CatalogType, Gender, PerfumeType, ProductCategory } from "#db/types";

/*
 * The words and choices of the back office's product screens (backoffice.md §3, §5, §8, §9) and
 * the money helpers the form and its schema share. Client-safe and free of zod: the schemas that
 * check a post live in product-form.server.ts, since the admin forms validate on the server only.
 */

/** What the product form's inputs take, as its schema checks them (decision 091). */
export const PRODUCT_LIMITS = {
  name: 200,
  slug: 250,
  size: 20,
  description: 20_000,
  shortDescription: 500,
} as const;

export const PRODUCT_MESSAGES = {
  name: "El nombre del producto es obligatorio.",
  brand: "Debes seleccionar una marca.",
  price: "Por favor ingresa un precio válido mayor a 0.",
  originalPrice: "El precio original debe ser mayor al precio actual.",
  stock: "El stock no puede ser negativo.",
  minStock: "El stock mínimo no puede ser negativo.",
  sizesRequired: "Agrega al menos un tamaño.",
  sizeDuplicate: "Este tamaño ya existe en la lista.",
  mainSize: "El tamaño principal debe estar en la lista de tamaños.",
  description: "La descripción debe tener al menos 10 caracteres.",
  slug: "El slug solo puede tener minúsculas, números y guiones.",
  imageKey: "Clave de imagen no válida (16 caracteres hexadecimales).",
  slugTaken: "Ya existe un producto con este slug.",
  created: "Producto creado",
  updated: "Producto actualizado",
  deleted: "Producto eliminado",
  createFailed: "Error al crear el producto",
  updateFailed: "Error al actualizar el producto",
  deleteFailed: "Error al eliminar el producto",
  hiddenInsteadOfDeleted:
    "El producto aparece en pedidos, así que se ocultó en lugar de eliminarse: el historial de pedidos conserva sus líneas.",
  toggleFailed: "Error al cambiar estado del producto",
} as const;

/** A product write refused after its form passed (admin-products.server.ts). */
export type ProductWriteRefusal = "slug-taken" | "unknown-brand";

/** Each refusal where the form shows it: its field and message, for the screen and the API. */
export const PRODUCT_WRITE_REFUSALS = {
  "slug-taken": { field: "slug", message: PRODUCT_MESSAGES.slugTaken },
  "unknown-brand": { field: "brandId", message: PRODUCT_MESSAGES.brand },
} as const satisfies Record<ProductWriteRefusal, { field: string; message: string }>;

export const CATEGORY_LABELS = {
  fragrance: "Perfumes",
  skincare: "Cuidado de la Piel",
  makeup: "Maquillaje",
  haircare: "Cuidado del Cabello",
  bodycare: "Cuidado Corporal",
  accessories: "Accesorios",
} as const satisfies Record<ProductCategory, string>;

export const GENDER_LABELS = {
  masculine: "Masculino",
  feminine: "Femenino",
  unisex: "Unisex",
} as const satisfies Record<Gender, string>;

export const PERFUME_TYPE_LABELS = {
  designer: "Diseñador",
  niche: "Nicho",
} as const satisfies Record<PerfumeType, string>;

export const CATALOG_TYPE_LABELS = {
  normal: "Normal",
  custom_order: "Por encargo",
} as const satisfies Record<CatalogType, string>;

export const CONCENTRATIONS = ["Eau de Toilette", "Eau de Parfum", "Parfum", "Eau de Cologne"];
export const SEASONS = ["Primavera", "Verano", "Otoño", "Invierno"];
export const OCCASIONS = ["Día", "Noche", "Oficina", "Citas", "Eventos especiales"];

/** "1,250.50" → 125050 centavos; null when it is not a positive amount of digits, dot, comma. */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[\d.,]+$/.test(trimmed)) return null;
  const amount = Number(trimmed.replace(/,/g, ""));
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return Math.round(amount * 100);
}

/** 125050 → "1250.50", the way the form shows a stored price. */
export function moneyInputValue(centavos: number | null) {
  return centavos === null ? "" : (centavos / 100).toFixed(2);
}

/** "Bergamota, Limón" → ["Bergamota", "Limón"]. */
export function splitList(text: string | undefined) {
  return (text ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}
