/*
 * The one paging rule for every paginated list (issue 20): a page number that is missing, not a
 * number, below 1 or fractional reads as a whole page number (1 at the least), and one past the
 * last page shows the last page. Lists count their rows, then read one window of them.
 */

/** Pages past this are no list of ours: the offset stays far from what SQL can hold. */
const MAX_PAGE = 1_000_000;

/** The page a URL or a form asks for (`?page=`): a whole number of at least 1, else 1. */
export function requestedPage(value: unknown): number {
  const page = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.trunc(page), MAX_PAGE);
}

export type PageWindow = {
  /** The page shown: the requested one clamped to 1..pageCount. */
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  limit: number;
  offset: number;
};

/** Where the requested page of `total` rows lies. */
export function pageBounds(total: number, requested: unknown, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requestedPage(requested), pageCount);
  return { page, pageCount, pageSize, total, limit: pageSize, offset: (page - 1) * pageSize };
}

export type Page<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of a list: `count` counts every row that matches (a COUNT(*) may come back as a
 * number, a string or a bigint depending on the database), `rows` reads the window.
 */
export async function paginate<Row>({
  page,
  pageSize,
  count,
  rows,
}: {
  page: unknown;
  pageSize: number;
  count: () => Promise<number | string | bigint>;
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
}): Promise<Page<Row>> {
  const window = pageBounds(Number(await count()), page, pageSize);
  return {
    rows: await rows(window),
    total: window.total,
    page: window.page,
    pageCount: window.pageCount,
    pageSize,
  };
}
