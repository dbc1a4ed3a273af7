import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { databasePath, isPostgres } from "#db/connection";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { DAILY_BACKUP_JOB } from "~/models/backups/schedule.server";
import { backupStatus } from "~/models/backups/status.server";
import { describeDatabase } from "~/models/backups/postgres.server";
import { backupDirFor } from "~/models/backups/backup.server";
import { getEnv } from "~/utils/env.server";
import { lastRunOf } from "~/utils/jobs.server";
import { version } from "../../../package.json";
import { countProofQueue } from "~/models/orders/admin.server";
import { soldOrders } from "./sales.server";
import { getSettings } from "~/models/settings/settings.server";
import { outboxHealth } from "~/models/mail/outbox-admin.server";
import { fileStoreFor, uploadsDirIn } from "~/models/files/stored-files.server";

/** Honduras is UTC-6 all year (no daylight saving): its midnight is 06:00 UTC. */
const HONDURAS_OFFSET_HOURS = 6;

/** The instant the day of `now` began in America/Tegucigalpa (D6). */
export function startOfHondurasDay(now: Date) {
  const start = new Date(now);
  start.setUTCHours(HONDURAS_OFFSET_HOURS, 0, 0, 0);
  if (start > now) start.setUTCDate(start.getUTCDate() - 1);
  return start;
}

/** The six cards of backoffice.md §2, with real figures (money in centavos). */
export async function getDashboardStats(executor: Kysely<Database> = db, now = new Date()) {
  const threshold = (await getSettings()).stockThreshold;
  const sold = soldOrders(executor).select(sql<number>`coalesce(sum(total), 0)`.as("sum"));

  const [total, today, pending, products, users, lowStock] = await Promise.all([
    sold.executeTakeFirstOrThrow(),
    sold.where("createdAt", ">=", startOfHondurasDay(now).toISOString()).executeTakeFirstOrThrow(),
    executor
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    executor
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("isActive", "=", 1)
      .executeTakeFirstOrThrow(),
    executor
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    // Decision 006: low stock is computed against the setting; hidden products are not
    // for sale, so they do not call for restocking.
    executor
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("isActive", "=", 1)
      .where("stock", "<=", threshold)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalSales: Number(total.sum),
    todaySales: Number(today.sum),
    pendingOrders: Number(pending.n),
    activeProducts: Number(products.n),
    totalUsers: Number(users.n),
    lowStockProducts: Number(lowStock.n),
    stockThreshold: threshold,
  };
}

export type DashboardStats = Awaited<ReturnType<typeof getDashboardStats>>;

/** Decision 166: cash-on-delivery orders delivered whose cash nobody has recorded yet. */
export async function countUncollectedCash(executor: Kysely<Database> = db) {
  const row = await executor
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("paymentMethod", "=", "cash_on_delivery")
    .where("status", "=", "delivered")
    .where("paidAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest orders, newest first (D30: real orders, never an empty placeholder). */
export function recentOrders(limit = 10, executor: Kysely<Database> = db) {
  return executor
    .selectFrom("orders")
    .select([
      "id",
      "orderNumber",
      "customerName",
      "customerEmail",
      "userId",
      "total",
      "status",
      "createdAt",
    ])
    .orderBy("createdAt", "desc")
    .orderBy("orderNumber", "desc")
    .limit(limit)
    .execute();
}

/** Bytes under a folder, 0 when it does not exist yet (no upload so far); files that vanish
 * while it is measured count 0. */
async function folderSize(folder: string): Promise<number> {
  const entries = await fs
    .readdir(folder, { withFileTypes: true, recursive: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        fs.stat(path.join(entry.parentPath, entry.name)).then(
          (stat) => stat.size,
          (error: NodeJS.ErrnoException) => {
            // Gone since the listing: a receipt's temporary file renamed into place, a product
            // image replaced. Uploads go on while an admin looks at the dashboard.
            if (error.code === "ENOENT") return 0;
            throw error;
          },
        ),
      ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * The SQLite file with its write-ahead log, what the file system really holds; on PostgreSQL,
 * the server's own figure for the store's database.
 */
async function databaseSize(executor: Kysely<Database>, dataDir: string) {
  if (isPostgres(executor)) {
    const { rows } = await sql<{
      bytes: number;
    }>`SELECT pg_database_size(current_database()) AS bytes`.execute(executor);
    return Number(rows[0]?.bytes ?? 0);
  }
  const file = databasePath(dataDir);
  const sizes = await Promise.all(
    [file, `${file}-wal`].map((name) =>
      fs.stat(name).then(
        (stat) => stat.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The system-status panel, measured on each visit instead of the seed's static text. */
export async function getSystemStatus(executor: Kysely<Database> = db, now = new Date()) {
  const { DATA_DIR: dataDir, BACKUP_DIR, offsite, smtp, uploadsBucket, postgres } = getEnv();
  // Decision 120: the bucket's size is the provider's figure; listing every object on each
  // visit to add it up here would cost a request per thousand files.
  const uploadsIn = uploadsBucket ? fileStoreFor(dataDir, uploadsBucket).bucketLocation : null;
  const [databaseBytes, uploadsBytes, disk, proofsAwaitingReview, scheduledRun, outbox] =
    await Promise.all([
      databaseSize(executor, dataDir),
      uploadsIn ? null : folderSize(uploadsDirIn(dataDir)),
      fs.statfs(dataDir),
      countProofQueue(executor),
      lastRunOf(DAILY_BACKUP_JOB, executor),
      outboxHealth(executor),
    ]);
  return {
    databaseBytes,
    uploadsBytes,
    /** Where the uploads are when they are in a bucket (`s3://…`), else null. */
    uploadsIn,
    freeDiskBytes: disk.bavail * disk.bsize,
    proofsAwaitingReview,
    version,
    uptimeSeconds: Math.floor(process.uptime()),
    /** E-mails the sender gave up on, and those waiting (all of them while SMTP is off). */
    mail: { configured: smtp !== null, ...outbox },
    backup: backupStatus(backupDirFor(dataDir, BACKUP_DIR), {
      now,
      offsiteConfigured: offsite !== null,
      scheduledRun,
      database: postgres
        ? { kind: "postgres", name: describeDatabase(postgres.url) }
        : { kind: "sqlite" },
    }),
  };
}
