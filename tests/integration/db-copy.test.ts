import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDb,
  createPostgresDb,
  databasePath,
  migrateToLatest,
  openSqlite,
  type DB,
} from "#db/connection";
import { CopyError, copyStore, NOT_COPIED, type CopyProgress } from "#db/copy-store";
import { createProduct } from "#seed/factories/catalog";
import { attachProof } from "#seed/factories/orders";
import { createUser } from "#seed/factories/users";
import { seed } from "#seed/seed";
import { DOCUMENT_TITLES } from "~/models/invoicing/document";
import { sampleContent } from "../setup/fiscal-samples";
import { issueDocument } from "~/models/invoicing/numbering.server";
import { addRange } from "~/models/invoicing/ranges.server";
import {
  postgresInstalled,
  startPostgres,
  type PostgresServer,
} from "../../scripts/postgres-server";
import { startServer } from "../setup/http-server";
import { runScript } from "../setup/run-script";

/*
 * Issue 24, item 4 (decision 122): `npm run db:copy` moves a SQLite store into an empty
 * PostgreSQL database. On a real PostgreSQL server started here and the demo store (plus the
 * rows the seed does not write: a payment proof, a session, an e-mail, a token, a job's run).
 */

// Outside CI a machine without PostgreSQL skips these (scripts/ensure-postgres.sh installs it).
const runnable = postgresInstalled() || Boolean(process.env.CI);
if (!runnable) {
  console.warn(
    "db-copy.test.ts: PostgreSQL is not installed, skipped (run scripts/ensure-postgres.sh).",
  );
}

let server: PostgresServer;
let admin: DB;
let dataDir: string;
let source: DB;
const targets: DB[] = [];

/** A new, empty database on the test server. */
async function newTarget() {
  const name = `store_${crypto.randomBytes(4).toString("hex")}`;
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin);
  const db = createPostgresDb(server.url(name), { slowQueryMs: 0, max: 2 });
  targets.push(db);
  return { db, url: server.url(name) };
}

/** A copy of the source store in its own folder, to spoil without touching the source. */
async function sourceCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-dbcopy-src-"));
  await sql`VACUUM INTO ${databasePath(dir)}`.execute(source);
  return { dir, db: createDb(openSqlite(databasePath(dir)), { slowQueryMs: 0 }) };
}

async function addRowsTheSeedLacks(db: DB) {
  const user = await createUser(db, { email: "josé.núñez@example.com", firstName: "José Ñúñez" });
  await createProduct(db, {
    name: "Limón Fraîche Édition",
    description: "Notas de limón, azahar y cedro",
  });
  const order = await db.selectFrom("orders").select("id").executeTakeFirstOrThrow();
  await attachProof(db, { orderId: order.id });
  const now = new Date().toISOString();
  await db
    .insertInto("sessions")
    .values({
      sid: "sesión-de-prueba",
      sess: JSON.stringify({ userId: user.id, cart: "ñandú" }),
      expire: new Date(Date.now() + 86_400_000).toISOString(),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
    })
    .execute();
  await db
    .insertInto("outboxEmails")
    .values({
      messageId: "<prueba@perfumeria.hn>",
      kind: "order_received",
      toAddress: "josé.núñez@example.com",
      replyTo: null,
      subject: "Recibimos tu pedido — gracias",
      html: "<p>¡Gracias!</p>",
      text: "¡Gracias!",
      orderId: order.id,
      nextAttemptAt: now,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto("userTokens")
    .values({
      userId: user.id,
      purpose: "password_reset",
      tokenHash: "ab".repeat(32),
      expiresAt: now,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto("jobRuns")
    .values({ job: "loyalty-expiry", period: "2026-11-26", startedAt: now, finishedAt: now })
    .execute();
  await db
    .insertInto("rateLimits")
    .values({ scope: "login", key: "203.0.113.9", count: 2, resetAt: Date.now() + 60_000 })
    .execute();
  await addFiscalDocuments(db, order.id);
}

/**
 * Decision 173: an invoice of the order and the credit note that reverses it (which names it:
 * the table refers to itself), each from its own range.
 */
async function addFiscalDocuments(db: DB, orderId: string) {
  for (const [kind, prefix] of [
    ["invoice", "000-001-01-"],
    ["credit_note", "000-001-03-"],
  ] as const) {
    const range = await addRange(
      {
        kind,
        cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
        prefix,
        first: 1,
        last: 100,
        deadline: new Date(Date.now() + 365 * 86_400_000),
        createdBy: null,
      },
      new Date(),
      db,
    );
    if (!range.ok) throw new Error(range.message);
  }
  const content = (kind: "invoice" | "credit_note") =>
    sampleContent({
      kind,
      title: DOCUMENT_TITLES[kind],
      buyer: { name: "José Ñúñez", rtn: "08011990123456" },
      order: { id: orderId, number: "-" },
    });
  const invoice = await issueDocument(db, { orderId, content: content("invoice") });
  if (!invoice.ok) throw new Error(invoice.message);
  const note = await issueDocument(db, {
    orderId,
    reversesId: invoice.id,
    content: content("credit_note"),
  });
  if (!note.ok) throw new Error(note.message);
}

beforeAll(async () => {
  if (!runnable) return;
  server = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
  admin = createPostgresDb(server.url("postgres"), { slowQueryMs: 0, max: 1 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-dbcopy-"));
  source = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  await migrateToLatest(source);
  await seed(source, { dataDir, adminEmail: "admin@perfumeria.hn", adminPassword: "clave-123456" });
  await addRowsTheSeedLacks(source);
}, 120_000);

afterAll(async () => {
  for (const db of targets) await db.destroy();
  await admin?.destroy();
  await source?.destroy();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every row of `table`, in primary-key order, as the app reads them (camelCase). */
async function rowsOf(db: DB, table: string, key: string[]) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT * FROM ${sql.table(table)} ORDER BY ${sql.join(key.map((column) => sql.ref(column)))}`.execute(
    db,
  );
  return rows;
}

async function primaryKey(table: string) {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(source);
  return rows.map((row) => row.name);
}

async function postgresTables(db: DB) {
  const { rows } = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.tableName);
}

/** How many rows each table of a PostgreSQL database holds. */
async function postgresCounts(db: DB) {
  const counts: Record<string, number> = {};
  for (const table of await postgresTables(db)) {
    const { rows } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.count;
  }
  return counts;
}

/** A copied store's rows, apart from what its migrations and search triggers write. */
function copiedRows(counts: Record<string, number>) {
  return Object.entries(counts)
    .filter(([table]) => !(table in NOT_COPIED) && table !== "page_cache_version")
    .reduce((sum, [, count]) => sum + count, 0);
}

async function searchIds(db: DB, words: string) {
  const { rows } = await sql<{ productId: number }>`
    SELECT product_id FROM product_search
    WHERE document @@ to_tsquery('simple', unaccent(${words}))`.execute(db);
  return rows.map((row) => row.productId);
}

describe.runIf(runnable)("db:copy from SQLite to PostgreSQL", () => {
  let copied: DB;
  let copiedUrl: string;

  beforeAll(async () => {
    ({ db: copied, url: copiedUrl } = await newTarget());
  });

  it("copies every table with the same counts and the same rows, field by field", async () => {
    const progress: CopyProgress[] = [];
    const result = await copyStore({
      from: source,
      to: copied,
      onProgress: (p) => progress.push(p),
    });

    const tables = result.counts.map((count) => count.table);
    const expected = (await postgresTables(copied)).filter((table) => !(table in NOT_COPIED));
    expect([...tables].sort()).toEqual(expected.sort());
    for (const count of result.counts) expect(count.target, count.table).toBe(count.source);
    expect(result.rows).toBeGreaterThan(200);
    // Parents before children: a user and a product before the orders that name them.
    expect(tables.indexOf("users")).toBeLessThan(tables.indexOf("orders"));
    expect(tables.indexOf("orders")).toBeLessThan(tables.indexOf("order_items"));
    // An invoice after its order and its range (decision 173).
    expect(tables.indexOf("orders")).toBeLessThan(tables.indexOf("fiscal_documents"));
    expect(tables.indexOf("fiscal_ranges")).toBeLessThan(tables.indexOf("fiscal_documents"));
    expect(progress.at(-1)).toEqual(expect.objectContaining({ copied: expect.any(Number) }));

    for (const table of tables) {
      // Its one row counts the storefront's changes: the copy's inserts bumped it further.
      if (table === "page_cache_version") continue;
      const key = await primaryKey(table);
      const [before, after] = [await rowsOf(source, table, key), await rowsOf(copied, table, key)];
      expect(after, table).toEqual(before);
    }
    const filled = result.counts.filter((count) => count.target > 0).map((count) => count.table);
    expect(filled).toEqual(
      expect.arrayContaining([
        "orders",
        "order_items",
        "payment_proofs",
        "reviews",
        "points_history",
        "sessions",
        "outbox_emails",
        "user_tokens",
        "job_runs",
        "settings",
        "fiscal_ranges",
        "fiscal_documents",
      ]),
    );
    const [oneFrom, oneTo] = await Promise.all(
      [source, copied].map((db) =>
        db
          .selectFrom("users")
          .selectAll()
          .where("email", "=", "josé.núñez@example.com")
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(oneTo).toEqual(oneFrom);
    expect(oneTo.isBlocked).toBe(0);
    expect(oneTo.phone).toBeNull();
  });

  it("numbers the rows written after the copy past the highest copied id", async () => {
    const { maxUser } = await copied
      .selectFrom("users")
      .select((eb) => eb.fn.max("id").as("maxUser"))
      .executeTakeFirstOrThrow();
    const user = await createUser(copied, { email: "nueva@example.com" });
    expect(user.id).toBe(Number(maxUser) + 1);
    const { maxItem } = await copied
      .selectFrom("orderItems")
      .select((eb) => eb.fn.max("id").as("maxItem"))
      .executeTakeFirstOrThrow();
    const order = await copied.selectFrom("orders").select("id").executeTakeFirstOrThrow();
    const item = await copied
      .insertInto("orderItems")
      .values({ orderId: order.id, quantity: 1, price: 100_000, productName: "Nuevo" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(item.id).toBe(Number(maxItem) + 1);
  });

  it("finds a copied product by its words, with or without accents", async () => {
    const product = await copied
      .selectFrom("products")
      .select("id")
      .where("name", "=", "Limón Fraîche Édition")
      .executeTakeFirstOrThrow();
    expect(await searchIds(copied, "limon:* & fraiche:*")).toEqual([product.id]);
    expect(await searchIds(copied, "LIMÓN:* & FRAÎCHE:*")).toEqual([product.id]);
    const { count } = await copied
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ count: number }>`
      SELECT count(*) AS count FROM product_search`.execute(copied);
    expect(rows[0]!.count).toBe(count);
  });

  it("answers the storefront's searches as the SQLite store does: one word, two words, accents, brands", async () => {
    // The built server on each: the original SQLite file, and the copy on PostgreSQL.
    const [onSqlite, onPostgres] = await Promise.all([
      startServer({ DATA_DIR: dataDir, DATABASE_URL: "" }),
      startServer({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-dbcopy-pg-")),
        DATABASE_URL: copiedUrl,
      }),
    ]);
    try {
      const catalog = async (base: string, words: string) => {
        const page = await fetch(`${base}/catalog?search=${encodeURIComponent(words)}`);
        expect(page.status).toBe(200);
        const slugs = [...(await page.text()).matchAll(/href="\/product\/([^"?#]+)"/g)];
        return [...new Set(slugs.map((match) => match[1]))];
      };
      const suggested = async (base: string, words: string) => {
        const answer = await fetch(
          `${base}/resources/search-suggestions?q=${encodeURIComponent(words)}`,
        );
        const { suggestions } = (await answer.json()) as { suggestions: { slug: string }[] };
        return suggestions.map((suggestion) => suggestion.slug);
      };
      const queries = [
        "flower",
        "flo",
        "bleu chanel",
        "égoïste",
        "EGOISTE",
        "imperial",
        "dior",
        "prives",
        "rosé",
      ];
      for (const words of queries) {
        const expected = await catalog(onSqlite.baseUrl, words);
        expect(expected.length, words).toBeGreaterThan(0);
        expect(await catalog(onPostgres.baseUrl, words), words).toEqual(expected);
        // The same best suggestion; when every match fits in the 8, the same ones. Past 8, the
        // two rankings (FTS5's bm25, PostgreSQL's ts_rank) may pick other description matches.
        const [sqliteHints, postgresHints] = await Promise.all([
          suggested(onSqlite.baseUrl, words),
          suggested(onPostgres.baseUrl, words),
        ]);
        expect(postgresHints[0], words).toBe(sqliteHints[0]);
        if (expected.length <= 8) expect(postgresHints.sort(), words).toEqual(sqliteHints.sort());
        else expect(postgresHints.filter((slug) => expected.includes(slug))).toHaveLength(8);
      }
    } finally {
      await Promise.all([onSqlite.stop(), onPostgres.stop()]);
    }
  }, 90_000);

  it("refuses a target that already holds data, and leaves it as it was", async () => {
    const before = await postgresCounts(copied);
    await expect(copyStore({ from: source, to: copied })).rejects.toThrow(
      /La base de datos de destino ya tiene datos \(brands, .* tablas más\): no se copió nada/,
    );
    expect(await postgresCounts(copied)).toEqual(before);

    // One customer in an otherwise new store is enough.
    const { db } = await newTarget();
    await migrateToLatest(db);
    await createUser(db, { email: "alguien@example.com" });
    await expect(copyStore({ from: source, to: db })).rejects.toBeInstanceOf(CopyError);
    expect(copiedRows(await postgresCounts(db))).toBe(1);
  });

  it("leaves the target without a copied row when a row fails midway", async () => {
    // SQLite keeps a NUL character in text; PostgreSQL refuses it. The e-mails are copied
    // after the users, products and orders, so those were already in when it failed.
    const spoilt = await sourceCopy();
    await spoilt.db.updateTable("outboxEmails").set({ subject: "Pedido\u0000roto" }).execute();
    const { db } = await newTarget();
    const progress: string[] = [];
    try {
      await expect(
        copyStore({
          from: spoilt.db,
          to: db,
          onProgress: ({ table, copied: rows, total }) => {
            if (rows === total) progress.push(table);
          },
        }),
      ).rejects.toThrow(/PostgreSQL rechazó las filas 1 a 1 de outbox_emails .*no se copió nada/);
      expect(progress).toEqual(expect.arrayContaining(["users", "products", "orders"]));
      expect(progress).not.toContain("outbox_emails");
      const counts = await postgresCounts(db);
      expect(copiedRows(counts)).toBe(0);
      expect(counts.products).toBe(0);
      // Migrated all the same: after the bad row is fixed, the copy can run again.
      await spoilt.db.updateTable("outboxEmails").set({ subject: "Pedido" }).execute();
      const result = await copyStore({ from: spoilt.db, to: db });
      expect(result.counts.every((count) => count.source === count.target)).toBe(true);
    } finally {
      await spoilt.db.destroy();
      fs.rmSync(spoilt.dir, { recursive: true, force: true });
    }
  });

  it("refuses a store that is not at the latest migration, before touching the target", async () => {
    const old = await sourceCopy();
    const { db } = await newTarget();
    try {
      const { rows } = await sql<{ name: string }>`
        SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(old.db);
      await sql`DELETE FROM kysely_migration WHERE name = ${rows[0]!.name}`.execute(old.db);
      await expect(copyStore({ from: old.db, to: db })).rejects.toThrow(
        /no está en la última migración.*npm run db:migrate/,
      );
      expect(await postgresTables(db)).toEqual([]);
    } finally {
      await old.db.destroy();
      fs.rmSync(old.dir, { recursive: true, force: true });
    }
  });

  it("runs as npm run db:copy, and refuses while a server uses the store", async () => {
    const { url, db } = await newTarget();
    const run = await runScript("db-copy.ts", ["--to", url, "--from", dataDir], {});
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\[db:copy\] users\s+\d+\s+\d+/);
    expect(run.stdout).toMatch(/Copiado: \d+ tablas, [\d,]+ filas en [\d.]+ s; conteos iguales/);
    expect(copiedRows(await postgresCounts(db))).toBeGreaterThan(200);

    const busy = await sourceCopy();
    try {
      // This test's own process stands for the server that wrote its pid.
      fs.writeFileSync(path.join(busy.dir, "server.pid"), String(process.pid));
      const other = await newTarget();
      const refused = await runScript("db-copy.ts", ["--to", other.url, "--from", busy.dir], {});
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/un servidor \(pid \d+\) está usando .*Deténlo/);
      expect(await postgresTables(other.db)).toEqual([]);

      const usage = await runScript("db-copy.ts", ["--from", busy.dir], {});
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/Uso: npm run db:copy -- --to postgres:/);
    } finally {
      await busy.db.destroy();
      fs.rmSync(busy.dir, { recursive: true, force: true });
    }
    // Three commands, each a tsx process that loads the app: slow on two busy cores.
  }, 90_000);
});
