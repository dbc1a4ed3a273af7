import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 42 (decision 169): the SAR's authorised ranges and the fiscal documents numbered from
 * them.
 * - `fiscal_ranges`: one authorisation (its CAI), for invoices or credit notes: the numbers'
 *   prefix, the first and last correlative, the next one to take, the deadline for issuing
 *   (ISO-8601 UTC, its last moment), and when it was retired. Never edited once a number of it
 *   is used: `next_number` only moves forward, by the issuing statement.
 * - `fiscal_documents`: an invoice or a credit note, its number (unique, and unique within its
 *   range), the order it is for, the invoice a credit note reverses, the buyer, and `snapshot`:
 *   the document as issued (JSON), which nothing changes afterwards.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE fiscal_ranges (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    cai TEXT NOT NULL,
    prefix TEXT NOT NULL,
    first_number INTEGER NOT NULL CHECK (first_number >= 1),
    last_number INTEGER NOT NULL CHECK (last_number >= first_number AND last_number <= 99999999),
    next_number INTEGER NOT NULL CHECK (next_number >= first_number AND next_number <= last_number + 1),
    deadline TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    retired_at TEXT,
    UNIQUE (prefix, first_number)
  )`,
  );
  await run(
    db,
    `CREATE TABLE fiscal_documents (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    number TEXT NOT NULL UNIQUE,
    range_id INTEGER NOT NULL REFERENCES fiscal_ranges (id),
    correlative INTEGER NOT NULL,
    order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
    reverses_id INTEGER REFERENCES fiscal_documents (id),
    issued_at TEXT NOT NULL,
    buyer_name TEXT NOT NULL,
    buyer_rtn TEXT,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot)),
    UNIQUE (range_id, correlative)
  )`,
  );
  await sql`CREATE INDEX fiscal_documents_order_idx ON fiscal_documents (order_id)`.execute(db);
  await sql`CREATE INDEX fiscal_documents_issued_idx ON fiscal_documents (issued_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("fiscal_documents").execute();
  await db.schema.dropTable("fiscal_ranges").execute();
}
