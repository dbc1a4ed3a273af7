import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { CMS_CONTENT_MAX, CMS_META_DESCRIPTION_MAX, CMS_TITLE_MAX } from "./cms";
import type { CmsPageInput } from "./cms.server";

/*
 * The content-page form's post (backoffice.md §2 "CMS", §5). Server only: the form shows the
 * action's reply (components/forms/server-form.ts). The HTML itself is not judged here: whatever
 * the admin pastes is cleaned by the allow-list when saved (cms.server.ts).
 */

export const CMS_PAGE_MESSAGES = {
  titleRequired: "El título es obligatorio.",
  titleLength: `El título no puede tener más de ${CMS_TITLE_MAX} caracteres.`,
  contentLength: `El contenido no puede tener más de ${CMS_CONTENT_MAX.toLocaleString("es-HN")} caracteres.`,
  metaDescriptionLength: `La meta descripción no puede tener más de ${CMS_META_DESCRIPTION_MAX} caracteres.`,
} as const;

/** The page's text fields with their rules and messages: the form's and PUT /api/cms/pages/{key}'s. */
export const CmsPageFields = {
  title: z
    .string({ error: CMS_PAGE_MESSAGES.titleRequired })
    .trim()
    .min(1, CMS_PAGE_MESSAGES.titleRequired)
    .max(CMS_TITLE_MAX, CMS_PAGE_MESSAGES.titleLength),
  content: z.string().max(CMS_CONTENT_MAX, CMS_PAGE_MESSAGES.contentLength),
  metaDescription: z
    .string()
    .trim()
    .max(CMS_META_DESCRIPTION_MAX, CMS_PAGE_MESSAGES.metaDescriptionLength),
};

export const CmsPageFormSchema = z.object({
  title: CmsPageFields.title,
  content: CmsPageFields.content.default(""),
  metaDescription: CmsPageFields.metaDescription.optional(),
  isActive: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

/** The form's post, checked: the refused form's `reply` for the page to show, or `input` to save. */
export function readCmsPageSubmission(formData: FormData) {
  const submission = parseWithZod(formData, { schema: CmsPageFormSchema });
  if (submission.status !== "success") {
    return { ok: false, reply: submission.reply() } as const;
  }
  const { title, content, metaDescription, isActive } = submission.value;
  const input: CmsPageInput = {
    title,
    content,
    metaDescription: metaDescription || null,
    isActive,
  };
  return { ok: true, input } as const;
}
