import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { isProductImageKey } from "~/utils/images";
import { slugify } from "~/utils/slug";
import {
  CATALOG_TYPE_LABELS,
  CATEGORY_LABELS,
  GENDER_LABELS,
  OCCASIONS,
  PERFUME_TYPE_LABELS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  SEASONS,
  parseMoneyInput,
  splitList,
} from "./product-form";
import { requestedPage } from "~/utils/paging";

/*
 * What the back office's product screens accept (backoffice.md §3, §5, §9): the form's post, the
 * list's filters and its row buttons. Server only: the admin forms validate in the action and the
 * browser shows its reply (components/forms/server-form.ts), so zod never reaches an admin page.
 * Money leaves the form schema in integer centavos.
 */

const keysOf = <T extends Record<string, string>>(labels: T) =>
  Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];

const optionalText = (max: number) => z.string().trim().max(max).optional();
const count = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message);
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const ProductFormSchema = z
  .object({
    name: z.string({ error: PRODUCT_MESSAGES.name }).trim().min(1).max(PRODUCT_LIMITS.name),
    slug: z
      .string()
      .trim()
      .max(PRODUCT_LIMITS.slug)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRODUCT_MESSAGES.slug)
      .optional(),
    brandId: z.coerce
      .number({ error: PRODUCT_MESSAGES.brand })
      .int()
      .positive(PRODUCT_MESSAGES.brand),
    category: z.enum(keysOf(CATEGORY_LABELS)).default("fragrance"),
    gender: z.enum(keysOf(GENDER_LABELS)).default("unisex"),
    perfumeType: z.enum(keysOf(PERFUME_TYPE_LABELS)).default("designer"),
    catalogType: z.enum(keysOf(CATALOG_TYPE_LABELS)).default("normal"),
    description: z
      .string({ error: PRODUCT_MESSAGES.description })
      .trim()
      .min(10, PRODUCT_MESSAGES.description),
    shortDescription: optionalText(500),
    price: z.string({ error: PRODUCT_MESSAGES.price }).transform((text, context) => {
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
    size: z.string({ error: PRODUCT_MESSAGES.mainSize }).trim().min(1).max(PRODUCT_LIMITS.size),
    availableSizes: z.string({ error: PRODUCT_MESSAGES.sizesRequired }),
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

/** The form's post, checked: `submission.reply()` is what the form shows on failure. */
export function parseProductForm(formData: FormData) {
  return parseWithZod(formData, { schema: ProductFormSchema });
}

/**
 * The image buttons (main, move, remove, upload) post the form back as typed, neither validated
 * nor saved: the reply carries the values unchanged and no error.
 */
export function replyAsTyped(formData: FormData) {
  return parseWithZod(formData, { schema: z.object({}).passthrough() }).reply();
}

/** The list's URL (/admin/products?q=&category=&brand=&stock=low&page=): nonsense reads as unset. */
const ProductListFiltersSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.enum(keysOf(CATEGORY_LABELS)).nullable().catch(null),
  brand: z.coerce.number().int().positive().max(MAX_ID).nullable().catch(null),
  stock: z.enum(["low"]).nullable().catch(null),
  page: z.unknown().transform(requestedPage),
});

export function parseProductListFilters(params: URLSearchParams) {
  return ProductListFiltersSchema.parse(Object.fromEntries(params));
}

/** A row's 'Ocultar' / 'Mostrar' and 'Eliminar' buttons. */
export const ProductRowIntentSchema = z.object({
  intent: z.enum(["toggle", "delete"]),
  productId: z.coerce.number().int().positive().max(MAX_ID),
});
