import { z } from "zod/v4";
import { paginate, pageBounds } from "~/utils/paging";

/*
 * Every list the API answers is paged the same way (issue 25): `?page=` (from 1) and `?limit=`
 * (20 by default, at most 100), answered as `{ items, page, pageCount, total, limit }`. The
 * paging rule is the pages' own (app/utils/paging.ts): a page past the last shows the last.
 */

export const MAX_LIMIT = 100;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe("Página, desde 1."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(20)
    .describe(`Elementos por página (máximo ${MAX_LIMIT}).`),
});

export type PageQuery = z.output<typeof pageQuery>;

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    limit: z.number().int(),
  });
}

export type ApiPage<Item> = {
  items: Item[];
  page: number;
  pageCount: number;
  total: number;
  limit: number;
};

/** One page of a list the database counts and windows (paginate's two queries). */
export async function listPage<Row>(
  query: PageQuery,
  count: () => Promise<number | string | bigint>,
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>,
): Promise<ApiPage<Row>> {
  const page = await paginate({ page: query.page, pageSize: query.limit, count, rows });
  return {
    items: page.rows,
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    limit: query.limit,
  };
}

/** One page of a list a model already read whole (a wishlist, a user's notifications). */
export function pageOfList<Row>(query: PageQuery, list: readonly Row[]): ApiPage<Row> {
  const window = pageBounds(list.length, query.page, query.limit);
  return {
    items: list.slice(window.offset, window.offset + window.limit),
    page: window.page,
    pageCount: window.pageCount,
    total: window.total,
    limit: query.limit,
  };
}
