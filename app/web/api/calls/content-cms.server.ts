import { z } from "zod/v4";
import { defineCall, switchesOnly } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { CMS_PAGES, isCmsPageKey } from "~/models/content/cms";
import { CMS_PAGE_MESSAGES, CmsPageFields } from "~/models/content/cms-page-form.server";
import type { CmsPageInput, getActiveCmsPage, getCmsPage } from "~/models/content/cms.server";

/*
 * The content pages' calls (backoffice.md §7 "CMS"): what /terms, /faq, /track-order… show
 * (active pages, for anyone) and what /admin/cms edits (every page, for admins), through
 * cms.server.ts, whose one allow-list cleans the HTML on save and on read, and the CMS form's
 * schema for the rules and messages.
 */

const TAG = "Páginas";

export const cmsPageSchema = z
  .object({
    key: z.string(),
    title: z.string(),
    content: z.string().describe("HTML limpio (la lista permitida de la tienda)."),
    metaDescription: z.string().nullable(),
    isActive: z.boolean(),
    stored: z
      .boolean()
      .describe(
        "false: una página conocida aún no guardada (la tienda muestra su texto predeterminado).",
      ),
    path: z.string().nullable().describe("La página de la tienda que la muestra."),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "CmsPage" });

type CmsPage = z.output<typeof cmsPageSchema>;

const pathOf = (key: string) => (isCmsPageKey(key) ? CMS_PAGES[key].path : null);

export function toCmsPage(page: NonNullable<Awaited<ReturnType<typeof getCmsPage>>>): CmsPage {
  return { ...page, path: pathOf(page.key) };
}

export function toActiveCmsPage(
  page: NonNullable<Awaited<ReturnType<typeof getActiveCmsPage>>>,
): CmsPage {
  return { ...page, isActive: true, stored: true, path: pathOf(page.key) };
}

/**
 * The form's fields (`CmsPageFields`), each optional so that `{isActive}` alone switches a page;
 * any other body is the whole page, and its title is required, as the form requires it.
 */
export const cmsPageUpdateSchema = z
  .object({
    title: CmsPageFields.title.optional(),
    content: CmsPageFields.content.optional(),
    metaDescription: CmsPageFields.metaDescription.nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => body.title !== undefined || switchesOnly(body), {
    path: ["title"],
    message: CMS_PAGE_MESSAGES.titleRequired,
    // A title sent and refused already has its message.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "title"),
  })
  .meta({ id: "CmsPageInput" })
  .describe(
    "La página entera (`title` obligatorio; `content`, `metaDescription` e `isActive` vacíos o falsos cuando faltan), o solo `{isActive}`.",
  );

/** The whole page as saveCmsPage takes it. */
export function cmsPageInputOf(body: z.output<typeof cmsPageUpdateSchema>): CmsPageInput {
  return {
    title: body.title!,
    content: body.content ?? "",
    metaDescription: body.metaDescription || null,
    isActive: body.isActive ?? false,
  };
}

export const cmsCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/cms/pages",
    tag: TAG,
    summary: "Las páginas de contenido",
    description:
      "Para cualquiera, las activas; para un administrador, todas las de /admin/cms (las conocidas aún no guardadas incluidas).",
    access: "public",
    query: pageQuery,
    response: pageSchema(cmsPageSchema),
  }),
  one: defineCall({
    method: "GET",
    path: "/api/cms/pages/{key}",
    tag: TAG,
    summary: "Una página de contenido (tracking, returns, faq, warranty, terms…)",
    description: "Para cualquiera, solo si está activa; un administrador la ve siempre.",
    access: "public",
    params: { key: "string" },
    response: cmsPageSchema,
    errors: [404],
  }),
  update: defineCall({
    method: "PUT",
    path: "/api/cms/pages/{key}",
    tag: TAG,
    summary: "Guardar una página, o solo activarla o desactivarla",
    access: "admin",
    params: { key: "string" },
    body: cmsPageUpdateSchema,
    response: cmsPageSchema,
    errors: [404],
  }),
};
