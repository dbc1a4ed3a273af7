import { currentPageVersion, MAX_AGE_MS } from "./page-cache.server";

/*
 * Issue 11: a signed-in shopper's page cannot come from the page cache (decision 067), but most
 * of what it reads is the same for everyone: a catalogue page for a URL, the brands, a product
 * and its related products and reviews. Such a query's result is kept per catalogue version
 * (`page_cache_version`, bumped by triggers in the same transaction as any write to products,
 * brands, settings, content pages, reviews or the reviewers' names), so a result is used only
 * while nothing it was read from has changed, in any worker process (decision 071). A sale bumps
 * it only when a product sells out or comes back (decision 115): a shared result shows a
 * product's stock as in stock or 'Agotado', never its exact count, and its 'Más vendidos'
 * order is read again at most MAX_AGE_MS later.
 * Only queries that take no shopper may be shared: personal data (cart, favourites,
 * notifications) is always read for the request.
 */

const MAX_ENTRIES = 500;

type Entry<Result> = { version: number; at: number; result: Promise<Result> };

/** Freezes what is shared between requests, so a caller that mutates it fails loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * `load`, answered from memory while the catalogue version is the one it was read at. The key
 * is the arguments as JSON. Concurrent callers of a missing key share one query; a failed query
 * is forgotten; a result older than `maxAgeMs` is read again. The result is frozen: callers copy
 * what they change.
 */
export function sharedQuery<Args extends unknown[], Result>(
  load: (...args: Args) => Promise<Result>,
  maxEntries = MAX_ENTRIES,
  maxAgeMs = MAX_AGE_MS,
): (...args: Args) => Promise<Result> {
  const entries = new Map<string, Entry<Result>>();
  return async (...args) => {
    const key = JSON.stringify(args);
    // Read before the query: a write committed meanwhile leaves this entry already stale.
    const version = await currentPageVersion();
    const now = Date.now();
    const entry = entries.get(key);
    if (entry?.version === version && now - entry.at < maxAgeMs) {
      entries.delete(key);
      entries.set(key, entry);
      return entry.result;
    }
    const result = load(...args).then(deepFreeze);
    entries.delete(key);
    entries.set(key, { version, at: now, result });
    result.catch(() => {
      if (entries.get(key)?.result === result) entries.delete(key);
    });
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return result;
  };
}
