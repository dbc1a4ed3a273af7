import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { cmsText, sanitizeCmsHtml } from "~/utils/sanitize-html.server";
import {
  CMS_PAGES,
  CMS_PREVIEW_LENGTH,
  isCmsPageKey,
  type CmsPageSummary,
  type CmsTab,
} from "./cms";

type Executor = Kysely<Database>;

/*
 * Content pages (backoffice.md §2 "CMS"). Their HTML is cleaned by the one allow-list
 * (utils/sanitize-html.server.ts) when it is saved and again whenever it is read, so a row
 * written around this module (a migration, a restore, a hand-edit) never reaches a page unclean.
 */

export type CmsPageInput = {
  title: string;
  content: string;
  metaDescription: string | null;
  isActive: boolean;
};

/** The preview of backoffice.md §2: the first 500 characters of what a reader sees. */
function previewOf(html: string) {
  const text = cmsText(html);
  return text.length > CMS_PREVIEW_LENGTH ? `${text.slice(0, CMS_PREVIEW_LENGTH)}…` : text;
}

/**
 * The pages of an admin tab. A tab lists each of its known keys, stored or not (a key with no
 * row shows the storefront's built-in text until it is saved); "all" adds any other stored key.
 */
export async function listCmsPages(
  tab: CmsTab,
  executor: Executor = db,
): Promise<CmsPageSummary[]> {
  const rows = await executor
    .selectFrom("cmsPages")
    .select(["key", "title", "content", "isActive", "updatedAt"])
    .orderBy("key")
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row]));
  const known = Object.entries(CMS_PAGES)
    .filter(([, page]) => tab === "all" || page.tab === tab)
    .map(([key]) => key);
  const others =
    tab === "all" ? rows.map((row) => row.key).filter((key) => !isCmsPageKey(key)) : [];
  return [...known, ...others].map((key) => {
    const row = stored.get(key);
    return {
      key,
      title: row?.title ?? (isCmsPageKey(key) ? CMS_PAGES[key].label : key),
      path: isCmsPageKey(key) ? CMS_PAGES[key].path : null,
      stored: Boolean(row),
      isActive: row ? row.isActive === 1 : false,
      updatedAt: row?.updatedAt ?? null,
      preview: row ? previewOf(row.content) : "",
    };
  });
}

/** A page to edit: its stored row, or an empty page for a known key not saved yet. */
export async function getCmsPage(key: string, executor: Executor = db) {
  const row = await executor
    .selectFrom("cmsPages")
    .select(["key", "title", "content", "metaDescription", "isActive", "updatedAt"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (row) {
    return {
      ...row,
      content: sanitizeCmsHtml(row.content),
      isActive: row.isActive === 1,
      stored: true,
    };
  }
  if (!isCmsPageKey(key)) return undefined;
  return {
    key,
    title: CMS_PAGES[key].label,
    content: "",
    metaDescription: null,
    isActive: false,
    updatedAt: null,
    stored: false,
  };
}

/**
 * Saves a page (inserting a known key the first time), its HTML cleaned. Unknown keys that
 * are not stored are "not-found": the storefront has no page that would read them.
 */
export async function saveCmsPage(key: string, input: CmsPageInput, executor: Executor = db) {
  const now = new Date().toISOString();
  const values = {
    title: input.title,
    content: sanitizeCmsHtml(input.content),
    metaDescription: input.metaDescription,
    isActive: input.isActive ? (1 as const) : (0 as const),
    updatedAt: now,
  };
  const saved = isCmsPageKey(key)
    ? await executor
        .insertInto("cmsPages")
        .values({ key, ...values, createdAt: now })
        .onConflict((conflict) => conflict.column("key").doUpdateSet(values))
        .returning(["key", "title", "isActive"])
        .executeTakeFirstOrThrow()
    : await executor
        .updateTable("cmsPages")
        .set(values)
        .where("key", "=", key)
        .returning(["key", "title", "isActive"])
        .executeTakeFirst();
  if (!saved) return { ok: false, error: "not-found" } as const;
  return { ok: true, page: { ...saved, isActive: saved.isActive === 1 } } as const;
}

/** The active switch of a stored page (the rest of the page is kept). */
export async function setCmsPageActive(key: string, active: boolean, executor: Executor = db) {
  const updated = await executor
    .updateTable("cmsPages")
    .set({ isActive: active ? 1 : 0, updatedAt: new Date().toISOString() })
    .where("key", "=", key)
    .returning(["key", "title"])
    .executeTakeFirst();
  if (!updated) return { ok: false, error: "not-found" } as const;
  return { ok: true, page: updated } as const;
}

/** An active content page by key (terms, privacy, cookies, returns, faq, warranty, tracking). */
export async function getActiveCmsPage(key: string, executor: Executor = db) {
  const page = await executor
    .selectFrom("cmsPages")
    .select(["key", "title", "content", "metaDescription", "updatedAt"])
    .where("key", "=", key)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return page ? { ...page, content: sanitizeCmsHtml(page.content) } : undefined;
}
