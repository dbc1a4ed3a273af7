import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { PRODUCT_IMAGE_KEY_PATTERN } from "~/utils/images";
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
const wholeNumber = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_ID, message);
/** Centavos of lempira, more than 0. */
const money = (message: string) => wholeNumber(message, 1);
/** One item of a list the form types as "a, b, c", so it holds no comma. */
const listItem = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((text) => !text.includes(","), "Cada elemento de la lista va sin comas.");
const list = z.array(listItem).max(50);

/**
 * Each field's rule on its value, with its Spanish message: money in centavos, lists as arrays,
 * switches as booleans. The form reads its text into these values (`ProductFormSchema`), and
 * the JSON API takes them as they are (web/api/calls/catalog-admin.server.ts), so a rule and
 * its message are written once. The rules across fields are `productRules`.
 */
export const ProductFields = {
  name: z
    .string({ error: PRODUCT_MESSAGES.name })
    .trim()
    .min(1, PRODUCT_MESSAGES.name)
    .max(PRODUCT_LIMITS.name),
  slug: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.slug)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRODUCT_MESSAGES.slug)
    .optional(),
  brandId: wholeNumber(PRODUCT_MESSAGES.brand, 1),
  category: z.enum(keysOf(CATEGORY_LABELS)).optional(),
  gender: z.enum(keysOf(GENDER_LABELS)).optional(),
  perfumeType: z.enum(keysOf(PERFUME_TYPE_LABELS)).optional(),
  catalogType: z.enum(keysOf(CATALOG_TYPE_LABELS)).optional(),
  description: z
    .string({ error: PRODUCT_MESSAGES.description })
    .trim()
    .min(10, PRODUCT_MESSAGES.description)
    .max(PRODUCT_LIMITS.description),
  shortDescription: optionalText(PRODUCT_LIMITS.shortDescription),
  price: money(PRODUCT_MESSAGES.price),
  originalPrice: money(PRODUCT_MESSAGES.originalPrice).nullish(),
  stock: wholeNumber(PRODUCT_MESSAGES.stock, 0).optional(),
  minStock: wholeNumber(PRODUCT_MESSAGES.minStock, 0).optional(),
  size: z
    .string({ error: PRODUCT_MESSAGES.mainSize })
    .trim()
    .min(1, PRODUCT_MESSAGES.mainSize)
    .max(PRODUCT_LIMITS.size),
  availableSizes: list
    .min(1, PRODUCT_MESSAGES.sizesRequired)
    .refine((sizes) => new Set(sizes).size === sizes.length, PRODUCT_MESSAGES.sizeDuplicate),
  concentration: optionalText(50),
  topNotes: list.optional(),
  middleNotes: list.optional(),
  baseNotes: list.optional(),
  longevity: optionalText(100),
  sillage: optionalText(100),
  seasons: z
    .array(z.enum(SEASONS as [string, ...string[]]))
    .max(SEASONS.length)
    .optional(),
  occasions: z
    .array(z.enum(OCCASIONS as [string, ...string[]]))
    .max(OCCASIONS.length)
    .optional(),
  videoUrl: z.string().trim().url().max(500).optional(),
  images: z
    .array(z.string().regex(PRODUCT_IMAGE_KEY_PATTERN, PRODUCT_MESSAGES.imageKey))
    .max(12)
    .optional(),
  isActive: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  isNew: z.boolean().optional(),
  isViral: z.boolean().optional(),
  isExclusive: z.boolean().optional(),
};

type OptionalText = "shortDescription" | "concentration" | "longevity" | "sillage" | "videoUrl";

/** The fields once each passed, before the rules across them; the API's texts may be null. */
type ProductInput = Omit<z.output<z.ZodObject<typeof ProductFields>>, OptionalText> & {
  [Key in OptionalText]?: string | null;
};

/**
 * The rules across fields, once every field passed (the main size among the sizes, the
 * original price above the price), and what a field left out means: the slug from the name,
 * the form's defaults, a blank or null text as none. `images` left out stays left out: an
 * update keeps the product's pictures (the form always sends them; the API may not).
 */
export function productRules(value: ProductInput, context: z.RefinementCtx) {
  const originalPrice = value.originalPrice ?? null;
  if (!value.availableSizes.includes(value.size)) {
    context.addIssue({ code: "custom", path: ["size"], message: PRODUCT_MESSAGES.mainSize });
  }
  if (originalPrice !== null && originalPrice <= value.price) {
    context.addIssue({
      code: "custom",
      path: ["originalPrice"],
      message: PRODUCT_MESSAGES.originalPrice,
    });
  }
  const text = (field: string | null | undefined) => field || undefined;
  return {
    ...value,
    slug: value.slug || slugify(value.name).slice(0, PRODUCT_LIMITS.slug),
    category: value.category ?? "fragrance",
    gender: value.gender ?? "unisex",
    perfumeType: value.perfumeType ?? "designer",
    catalogType: value.catalogType ?? "normal",
    shortDescription: text(value.shortDescription),
    originalPrice,
    stock: value.stock ?? 0,
    minStock: value.minStock ?? 5,
    concentration: text(value.concentration),
    topNotes: value.topNotes ?? [],
    middleNotes: value.middleNotes ?? [],
    baseNotes: value.baseNotes ?? [],
    longevity: text(value.longevity),
    sillage: text(value.sillage),
    seasons: value.seasons ?? [],
    occasions: value.occasions ?? [],
    videoUrl: text(value.videoUrl),
    isActive: value.isActive ?? true,
    isFeatured: value.isFeatured ?? false,
    isNew: value.isNew ?? false,
    isViral: value.isViral ?? false,
    isExclusive: value.isExclusive ?? false,
  };
}

/** A product as the form and the API give it to admin-products.server.ts. */
export type ProductValues = ReturnType<typeof productRules>;

/** The form's amount in lempiras ("1,250.50") as centavos; text that is no amount fails `rule`. */
const lempiras = <Rule extends z.ZodType<unknown, number | null | undefined>>(
  text: z.ZodType<string | undefined>,
  rule: Rule,
) =>
  text
    .transform((typed): number | null | undefined =>
      typed?.trim() ? (parseMoneyInput(typed) ?? Number.NaN) : null,
    )
    .pipe(rule);
/** The form's number as typed ("12"): absent stays absent, for the rule's default. */
const typedNumber = <Rule extends z.ZodType<unknown, number | undefined>>(rule: Rule) =>
  z
    .string()
    .optional()
    .transform((typed) => (typed === undefined ? undefined : Number(typed)))
    .pipe(rule);
/** The form's "a, b, c" as a list. */
const typedList = <Rule extends z.ZodType<unknown, string[] | undefined>>(rule: Rule) =>
  z
    .string()
    .optional()
    .transform((typed): string[] | undefined => splitList(typed))
    .pipe(rule);
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** The product form's post: its text read into `ProductFields`, then `productRules`. */
export const ProductFormSchema = z
  .object({
    ...ProductFields,
    brandId: typedNumber(ProductFields.brandId),
    price: lempiras(z.string({ error: PRODUCT_MESSAGES.price }), ProductFields.price),
    originalPrice: lempiras(z.string().optional(), ProductFields.originalPrice),
    stock: typedNumber(ProductFields.stock),
    minStock: typedNumber(ProductFields.minStock),
    availableSizes: typedList(ProductFields.availableSizes),
    topNotes: typedList(ProductFields.topNotes),
    middleNotes: typedList(ProductFields.middleNotes),
    baseNotes: typedList(ProductFields.baseNotes),
    images: ProductFields.images.default([]),
    isActive: checkbox,
    isFeatured: checkbox,
    isNew: checkbox,
    isViral: checkbox,
    isExclusive: checkbox,
  })
  .transform(productRules);

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
