import { db } from "~/utils/db.server";

/** An active content page by key (terms, privacy, cookies, returns, faq, warranty, tracking). */
export async function getActiveCmsPage(key: string) {
  return db
    .selectFrom("cmsPages")
    .select(["key", "title", "content", "metaDescription", "updatedAt"])
    .where("key", "=", key)
    .where("isActive", "=", 1)
    .executeTakeFirst();
}
