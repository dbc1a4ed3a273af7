import { z } from "zod";
import { slugify } from "~/utils/slug";
import type { CatalogType, Gender, PerfumeType, ProductCategory } from "#db/types";
import { isProductImageKey } from "~/utils/images";

/*
 * The product form of the back office (backoffice.md §3, §5, §9): one schema that conform runs in
 * the browser and the action runs on the server, so both show the same Spanish messages.
 * Client-safe. Money leaves the schema in integer centavos.
 */

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

const keysOf = <T extends Record<string, string>>(labels: T) =>
  Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];

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

const optionalText = (max: number) => z.string().trim().max(max).optional();
const count = (message: string) =>
  z.coerce.number({ invalid_type_error: message }).int(message).min(0, message);
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const ProductFormSchema = z
  .object({
    name: z.string({ required_error: PRODUCT_MESSAGES.name }).trim().min(1).max(200),
    slug: z
      .string()
      .trim()
      .max(250)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRODUCT_MESSAGES.slug)
      .optional(),
    brandId: z.coerce
      .number({
        required_error: PRODUCT_MESSAGES.brand,
        invalid_type_error: PRODUCT_MESSAGES.brand,
      })
      .int()
      .positive(PRODUCT_MESSAGES.brand),
    category: z.enum(keysOf(CATEGORY_LABELS)).default("fragrance"),
    gender: z.enum(keysOf(GENDER_LABELS)).default("unisex"),
    perfumeType: z.enum(keysOf(PERFUME_TYPE_LABELS)).default("designer"),
    catalogType: z.enum(keysOf(CATALOG_TYPE_LABELS)).default("normal"),
    description: z
      .string({ required_error: PRODUCT_MESSAGES.description })
      .trim()
      .min(10, PRODUCT_MESSAGES.description),
    shortDescription: optionalText(500),
    price: z.string({ required_error: PRODUCT_MESSAGES.price }).transform((text, context) => {
      const centavos = parseMoneyInput(text);
      if (centavos === null) {
        context.addIssue({ code: "custom", message: PRODUCT_MESSAGES.price });
        return z.NEVER;
      }
      return centavos;
    }),
    originalPrice: z
      .string()
      .optional()
      .transform((text, context) => {
        if (!text?.trim()) return null;
        const centavos = parseMoneyInput(text);
        if (centavos === null) {
          context.addIssue({ code: "custom", message: PRODUCT_MESSAGES.originalPrice });
          return z.NEVER;
        }
        return centavos;
      }),
    stock: count(PRODUCT_MESSAGES.stock).default(0),
    minStock: count(PRODUCT_MESSAGES.minStock).default(5),
    size: z.string({ required_error: PRODUCT_MESSAGES.mainSize }).trim().min(1).max(20),
    availableSizes: z.string({ required_error: PRODUCT_MESSAGES.sizesRequired }),
    concentration: optionalText(50),
    topNotes: z.string().optional().transform(splitList),
    middleNotes: z.string().optional().transform(splitList),
    baseNotes: z.string().optional().transform(splitList),
    longevity: optionalText(100),
    sillage: optionalText(100),
    seasons: z.array(z.enum(SEASONS as [string, ...string[]])).default([]),
    occasions: z.array(z.enum(OCCASIONS as [string, ...string[]])).default([]),
    videoUrl: z.string().trim().url().max(500).optional(),
    images: z.array(z.string().refine(isProductImageKey)).max(12).default([]),
    isActive: checkbox,
    isFeatured: checkbox,
    isNew: checkbox,
    isViral: checkbox,
    isExclusive: checkbox,
  })
  .transform((value, context) => {
    const sizes = splitList(value.availableSizes);
    if (sizes.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["availableSizes"],
        message: PRODUCT_MESSAGES.sizesRequired,
      });
    }
    if (new Set(sizes).size !== sizes.length) {
      context.addIssue({
        code: "custom",
        path: ["availableSizes"],
        message: PRODUCT_MESSAGES.sizeDuplicate,
      });
    }
    if (sizes.length > 0 && !sizes.includes(value.size)) {
      context.addIssue({ code: "custom", path: ["size"], message: PRODUCT_MESSAGES.mainSize });
    }
    if (value.originalPrice !== null && value.originalPrice <= value.price) {
      context.addIssue({
        code: "custom",
        path: ["originalPrice"],
        message: PRODUCT_MESSAGES.originalPrice,
      });
    }
    return {
      ...value,
      availableSizes: sizes,
      slug: value.slug || slugify(value.name).slice(0, 250),
    };
  });

export type ProductFormValues = z.output<typeof ProductFormSchema>;

/**
 * The image buttons (main, move, remove, upload) post the form back as typed, neither validated
 * nor saved: this schema accepts anything, so the browser lets them through and the server
 * replies with the values unchanged.
 */
export const AsTypedSchema = z.object({}).passthrough();
