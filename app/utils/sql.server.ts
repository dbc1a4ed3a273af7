import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { isPostgres } from "#db/connection";

/*
 * The few expressions SQLite and PostgreSQL spell differently (issue 24), so that a model's
 * query reads the same on both. Each takes the database (or transaction) the query runs on:
 * the seed and the factories pass their own.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * `value` contains `text` anywhere, ignoring case, with `text`'s own % and _ taken literally:
 * LIKE on SQLite (which folds ASCII letters), ILIKE on PostgreSQL (whose LIKE does not fold).
 */
export function contains(
  db: AnyDb,
  value: Expression<string | null>,
  text: string,
): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return isPostgres(db)
    ? sql<SqlBool>`${value} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`${value} LIKE ${pattern} ESCAPE '\\'`;
}

/** The larger of two numbers (SQLite's scalar `max`, PostgreSQL's `greatest`). */
export function larger(
  db: AnyDb,
  a: Expression<number>,
  b: Expression<number>,
): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** The first item of a JSON list kept as text (a product's first picture), or null. */
export function firstOfJsonList(db: AnyDb, list: Expression<string>): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql<string | null>`(${list}::json ->> 0)`
    : sql<string | null>`json_extract(${list}, '$[0]')`;
}

/** "2026-11": the month an ISO-8601 UTC instant (as the schema stores them) falls in at UTC−6. */
export function monthAtUtcMinus6(db: AnyDb, instant: Expression<string>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char((${instant})::timestamptz AT TIME ZONE 'UTC' - interval '6 hours', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${instant}, '-6 hours')`;
}

/**
 * Whether `error` is a UNIQUE constraint refusing a row (two accounts taking one e-mail at
 * once): SQLite's `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL's `23505`.
 */
export function isUniqueViolation(error: unknown) {
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
