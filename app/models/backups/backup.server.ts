import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import {
  createDb,
  createPostgresDb,
  databasePath,
  migrateToLatest,
  openSqlite,
  type DB,
} from "#db/connection";
import { BackupError } from "./backup-error";
import {
  columnOf,
  describeDatabase,
  dumpDatabase,
  holdsTables,
  otherSessions,
  pgToolPath,
  resetPublicSchema,
  restoreDump,
  withClient,
  withScratchDatabase,
  type PostgresStore,
} from "./postgres.server";
import { archiveName, archivesToDelete, parseArchiveName } from "./retention";
import { proofsDirIn } from "~/models/checkout/proof-files.server";
import { BRAND_LOGO_WIDTHS } from "~/models/catalog/product-images.server";
import {
  copyFolderToStore,
  copyStoreToFolder,
  fileStoreFor,
  type FileKind,
} from "~/models/files/stored-files.server";
import { productImageWidths } from "~/utils/images";
import type { BucketConfig } from "~/utils/env.server";

/*
 * Backups and restore of a store (decision 073). One archive holds everything a store
 * is: `store.db` (an online snapshot through SQLite's backup API, consistent while the shop keeps
 * selling; never a copy of the live file and its WAL) or, for a store on PostgreSQL, `store.pgdump`
 * (pg_dump's custom format, decision 121), `uploads/` (product images, brand logos,
 * payment proofs; copied from the bucket when the uploads live in one, decision 120) and
 * `backup.json`. Payment proofs are personal data: the archive is 0600 in a
 * 0700 folder. Every function takes its directories, not the environment, so the CLI
 * (scripts/backup.ts, scripts/restore.ts), a scheduler in the server and the admin can call them.
 */

/** The tables whose counts a verification reports: what a shop cannot lose. */
const COUNTED_TABLES = [
  "users",
  "brands",
  "products",
  "orders",
  "order_items",
  "payment_proofs",
] as const;

export type TableCounts = Record<(typeof COUNTED_TABLES)[number], number>;

export type Verification = {
  integrity: string;
  counts: TableCounts;
  /** Upload files in the archive (images, logos, proofs). */
  uploadFiles: number;
  /** `payment_proofs` rows whose file is not in the archive (0 unless one was deleted meanwhile). */
  missingProofFiles: number;
};

export type BackupResult = {
  path: string;
  takenAt: Date;
  sizeBytes: number;
  verification: Verification;
  /** Archives removed by the retention rule after this one was written. */
  deleted: string[];
};

export { BackupError };
export type { PostgresStore };

/** BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirFor(dataDir: string, backupDir?: string) {
  return backupDir ? path.resolve(backupDir) : path.join(dataDir, "backups");
}

const MANIFEST = "backup.json";
const DATABASE = "store.db";
const PG_DUMP = "store.pgdump";
const UPLOADS = "uploads";
/** Half-received uploads (utils/uploads.server.ts): never part of a store. */
const UPLOADS_TMP = `${UPLOADS}/tmp`;

function archiveEntryAllowed(entry: string) {
  const clean = entry.replace(/^\.\//, "");
  if (clean === UPLOADS_TMP || clean.startsWith(`${UPLOADS_TMP}/`)) return false;
  return (
    clean === DATABASE ||
    clean === PG_DUMP ||
    clean === MANIFEST ||
    clean === UPLOADS ||
    clean.startsWith(`${UPLOADS}/`)
  );
}

/**
 * The uploads as they are now, hard-linked (copied across file systems) into the staging folder,
 * so that packing reads a tree nobody changes: the store keeps writing while a backup runs, a
 * proof being written is a `*.tmp` renamed into place when whole (decision 075), and a file
 * removed before its turn is simply not in this backup.
 */
function snapshotFiles(source: string, target: string) {
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      snapshotFiles(from, to);
      continue;
    }
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    try {
      fs.linkSync(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      try {
        fs.copyFileSync(from, to);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code !== "ENOENT") throw copyError;
      }
    }
  }
}

function ownerOnlyDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    total += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return total;
}

/** Which database an archive holds: `store.db` (SQLite) or `store.pgdump` (PostgreSQL). */
type StoreKind = "sqlite" | "postgres";

function kindOf(dir: string): StoreKind {
  if (fs.existsSync(path.join(dir, PG_DUMP))) return "postgres";
  if (fs.existsSync(path.join(dir, DATABASE))) return "sqlite";
  throw new BackupError(`El archivo no contiene ${DATABASE} ni ${PG_DUMP}.`);
}

/** Why an archive of one database is not restored into a store on the other (decision 121). */
function kindMismatch(archive: StoreKind) {
  return archive === "postgres"
    ? "Este archivo es la copia de una tienda en PostgreSQL (store.pgdump) y esta tienda usa " +
        "SQLite (DATA_DIR/store.db): restáuralo con DATABASE_URL apuntando a una base PostgreSQL " +
        "vacía (npm run db:copy solo copia de SQLite a PostgreSQL)."
    : "Este archivo es la copia de una tienda en SQLite (store.db) y esta tienda usa PostgreSQL " +
        "(DATABASE_URL): restáuralo sin DATABASE_URL en otra carpeta (DATA_DIR) y cópialo a " +
        "PostgreSQL con npm run db:copy -- --from esa-carpeta --to postgres://…";
}

/** The first column of a query's rows, on either database. */
type ColumnReader = (query: string) => Promise<unknown[]>;

function sqliteColumn(sqlite: SQLite.Database): ColumnReader {
  return async (query) => sqlite.prepare(query).pluck().all();
}

/** Counts, upload files and proofs without their file, of an extracted store read by `column`. */
async function contentsOf(column: ColumnReader, dir: string) {
  const counts = {} as TableCounts;
  for (const table of COUNTED_TABLES) {
    counts[table] = Number((await column(`select count(*) from ${table}`))[0]);
  }
  const proofFiles = (await column("select file from payment_proofs")) as string[];
  const missingProofFiles = proofFiles.filter(
    (name) => !fs.existsSync(path.join(proofsDirIn(dir), name)),
  ).length;
  return { counts, uploadFiles: countFiles(path.join(dir, UPLOADS)), missingProofFiles };
}

/** Integrity and counts of an extracted SQLite store (a folder with store.db and uploads/). */
async function verifySqlite(dir: string): Promise<Verification> {
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(path.join(dir, DATABASE), { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`La base de datos del archivo no se puede abrir: ${String(error)}`);
  }
  try {
    const rows = sqlite.pragma("integrity_check") as { integrity_check: string }[];
    const integrity = rows.map((row) => row.integrity_check).join("; ");
    return { integrity, ...(await contentsOf(sqliteColumn(sqlite), dir)) };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`La base de datos del archivo está dañada: ${String(error)}`);
  } finally {
    sqlite.close();
  }
}

/**
 * Verifies an extracted PostgreSQL store the only sure way: its dump restored into a scratch
 * database on the store's server (pg_restore in one transaction, stopping at the first error),
 * counted there, then dropped. `inScratch` runs on the restored copy before it is dropped.
 */
async function verifyPostgres(
  dir: string,
  postgres: PostgresStore,
  inScratch?: (url: string) => Promise<void>,
): Promise<Verification> {
  // A missing tool is said as such, not as a damaged archive.
  pgToolPath("pg_restore", postgres.binDir);
  return withScratchDatabase(postgres, async (url) => {
    try {
      await restoreDump(postgres, url, path.join(dir, PG_DUMP));
    } catch (error) {
      throw new BackupError(
        `La base de datos del archivo está dañada: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const contents = await withClient(url, (client) =>
      contentsOf((query) => columnOf(client, query), dir),
    );
    await inScratch?.(url);
    return { integrity: "ok", ...contents };
  });
}

async function extractTo(archive: string, dir: string) {
  try {
    await tar.extract({
      file: archive,
      cwd: dir,
      strict: true,
      filter: (entry) => archiveEntryAllowed(entry),
    });
  } catch (error) {
    throw new BackupError(`El archivo ${archive} no se puede leer: ${String(error)}`);
  }
}

type ExtractOptions = {
  /** The server a PostgreSQL archive is verified on (a scratch database there). */
  postgres?: PostgresStore | null;
  /** The kind the archive must be (a restore's store); another one is refused. */
  expect?: StoreKind;
  /** For a PostgreSQL archive: run on its restored scratch copy before that is dropped. */
  inScratch?: (url: string) => Promise<void>;
};

/**
 * Extracts `archive` into a temporary folder in `parentDir` and checks it; the caller
 * gets the folder (to move its contents) and must remove it. Throws BackupError when the
 * archive cannot be read or its database is not intact.
 */
async function extractVerified(
  archive: string,
  parentDir: string,
  prefix: string,
  options: ExtractOptions = {},
) {
  fs.mkdirSync(parentDir, { recursive: true, mode: 0o700 });
  // mkdtemp makes it 0700: the proofs being checked are nobody else's to read.
  const dir = fs.mkdtempSync(path.join(parentDir, prefix));
  try {
    await extractTo(archive, dir);
    const kind = kindOf(dir);
    if (options.expect && kind !== options.expect) throw new BackupError(kindMismatch(kind));
    let verification: Verification;
    if (kind === "sqlite") verification = await verifySqlite(dir);
    else if (options.postgres)
      verification = await verifyPostgres(dir, options.postgres, options.inScratch);
    else {
      throw new BackupError(
        "Este archivo es la copia de una tienda en PostgreSQL (store.pgdump): verificarlo necesita " +
          "un servidor PostgreSQL (DATABASE_URL) donde restaurarlo en una base de prueba.",
      );
    }
    if (verification.integrity !== "ok") {
      throw new BackupError(`integrity_check falló: ${verification.integrity}`);
    }
    return { dir, kind, verification };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Checks an archive without touching any store: it extracts it and checks its database (SQLite:
 * opened and integrity-checked; PostgreSQL: restored into a scratch database on `postgres`).
 */
export async function verifyArchive(
  archive: string,
  scratchDir: string,
  postgres?: PostgresStore | null,
) {
  const { dir, verification } = await extractVerified(archive, scratchDir, ".verify-", {
    postgres,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return verification;
}

/** Pages copied per step of the online backup, between which the event loop runs. */
const PAGES_PER_STEP = 100;

/**
 * SQLite restarts an online backup whenever another connection writes to the source between two
 * steps, so a large store under steady selling could restart for ever. After the first restart
 * the rest is copied in one step: a read transaction (writers go on in WAL mode) that cannot be
 * interrupted.
 */
function onePassAfterRestart() {
  let remaining = Infinity;
  return ({ totalPages, remainingPages }: { totalPages: number; remainingPages: number }) => {
    const restarted = remainingPages > remaining;
    remaining = remainingPages;
    return restarted ? totalPages : PAGES_PER_STEP;
  };
}

async function latestMigration(column: ColumnReader) {
  try {
    const [name] = await column("select name from kysely_migration order by name desc limit 1");
    return name as string | undefined;
  } catch {
    return undefined;
  }
}

/**
 * The uploaded files a database names: its proofs, every width of its product pictures and of
 * its brands' logos. What a backup of a store in a bucket copies (decision 120).
 */
async function filesNamedBy(column: ColumnReader) {
  const files: { kind: FileKind; name: string }[] = [];
  for (const file of (await column("select file from payment_proofs")) as string[]) {
    files.push({ kind: "proofs", name: file });
  }
  const imageLists = (await column("select images from products")) as string[];
  const keys = new Set(imageLists.flatMap((list) => JSON.parse(list) as string[]));
  for (const key of keys) {
    for (const width of productImageWidths) {
      files.push({ kind: "products", name: `${key}-${width}.webp` });
    }
  }
  const logos = (await column(
    "select logo_url from brands where logo_url is not null",
  )) as string[];
  for (const url of logos) {
    const key = /^\/images\/brands\/([0-9a-f]{16})-\d+\.webp$/.exec(url)?.[1];
    if (!key) continue;
    for (const width of BRAND_LOGO_WIDTHS)
      files.push({ kind: "brands", name: `${key}-${width}.webp` });
  }
  return files;
}

type Snapshot = { migration?: string; named?: Awaited<ReturnType<typeof filesNamedBy>> };

/**
 * The SQLite store's online backup into `file`: readers and writers keep going; the copy is the
 * database as of one moment.
 */
async function snapshotSqlite(
  dataDir: string,
  file: string,
  nameFiles: boolean,
): Promise<Snapshot> {
  const live = new SQLite(databasePath(dataDir), { fileMustExist: true });
  let migration: string | undefined;
  try {
    live.pragma("busy_timeout = 5000");
    await live.backup(file, { progress: onePassAfterRestart() });
    migration = await latestMigration(sqliteColumn(live));
  } finally {
    live.close();
  }
  if (!nameFiles) return { migration };
  const snapshot = new SQLite(file, { readonly: true });
  try {
    return { migration, named: await filesNamedBy(sqliteColumn(snapshot)) };
  } finally {
    snapshot.close();
  }
}

/**
 * The PostgreSQL store's dump into `file` (decision 121), with its latest migration and the
 * files it names read in the same snapshot as pg_dump's.
 */
function snapshotPostgres(postgres: PostgresStore, file: string, nameFiles: boolean) {
  return dumpDatabase<Snapshot>(postgres, file, async (client) => {
    const column = (query: string) => columnOf(client, query);
    const [table] = await column("select to_regclass('public.kysely_migration')::text");
    if (!table) {
      throw new BackupError(
        `No hay tienda en ${describeDatabase(postgres.url)} (faltan sus tablas).`,
      );
    }
    return {
      migration: await latestMigration(column),
      named: nameFiles ? await filesNamedBy(column) : undefined,
    };
  });
}

/**
 * Takes a backup of the store in `dataDir` (or, with `postgres`, of that database and the files
 * in `dataDir`): the database through SQLite's online backup or pg_dump (readers and writers keep
 * going; the copy is the database as of one moment), then the uploads (after the snapshot, so
 * every proof the snapshot references is already on disk: checkout stores the file before the
 * order row), packed into one archive, verified, and only then given its final name; then the
 * retention rule prunes the folder. Its off-site copy is `shipOffsite`'s
 * (backups/offsite.server.ts), called by whoever took the backup. With `uploadsBucket` (the
 * store's UPLOADS_S3_*), the files the snapshot names are copied from the bucket instead of the
 * local folder, into the same place of the archive.
 */
export async function createBackup(options: {
  dataDir: string;
  backupDir?: string;
  now?: Date;
  uploadsBucket?: BucketConfig | null;
  /** DATABASE_URL (and PG_BIN_DIR): the store is on PostgreSQL (decision 121). */
  postgres?: PostgresStore | null;
}): Promise<BackupResult> {
  const { dataDir } = options;
  const postgres = options.postgres ?? null;
  const backupDir = backupDirFor(dataDir, options.backupDir);
  if (!postgres && !fs.existsSync(databasePath(dataDir)))
    throw new BackupError(`No hay tienda en ${dataDir} (falta store.db).`);
  ownerOnlyDir(backupDir);

  const staging = fs.mkdtempSync(path.join(backupDir, ".staging-"));
  const partial = path.join(staging, "archive.tar.gz");
  try {
    const takenAt = options.now ?? new Date();
    const database = postgres ? PG_DUMP : DATABASE;
    const nameFiles = Boolean(options.uploadsBucket);
    const { migration, named } = postgres
      ? await snapshotPostgres(postgres, path.join(staging, database), nameFiles)
      : await snapshotSqlite(dataDir, path.join(staging, database), nameFiles);
    fs.writeFileSync(
      path.join(staging, MANIFEST),
      JSON.stringify(
        {
          format: 1,
          takenAt: takenAt.toISOString(),
          migration,
          database: postgres ? "postgres" : "sqlite",
        },
        null,
        2,
      ),
    );
    const entries = [database, MANIFEST];
    if (options.uploadsBucket) {
      const store = fileStoreFor(dataDir, options.uploadsBucket);
      try {
        await copyStoreToFolder(store, named ?? [], path.join(staging, UPLOADS));
      } catch (error) {
        // An archive without the files would restore rows without them: no archive at all.
        throw new BackupError(
          `No se pudieron copiar los archivos subidos desde ${store.bucketLocation}: ${String(error)}`,
        );
      }
      entries.push(UPLOADS);
    } else if (fs.existsSync(path.join(dataDir, UPLOADS))) {
      snapshotFiles(path.join(dataDir, UPLOADS), path.join(staging, UPLOADS));
      entries.push(UPLOADS);
    }
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        portable: true,
        mode: 0o600,
        filter: (entry) => archiveEntryAllowed(entry),
      },
      entries,
    );
    fs.chmodSync(partial, 0o600);

    const { dir, verification } = await extractVerified(partial, staging, ".verify-", {
      postgres,
    });
    fs.rmSync(dir, { recursive: true, force: true });

    let repeat = 0;
    while (fs.existsSync(path.join(backupDir, archiveName(takenAt, repeat)))) repeat++;
    const finalPath = path.join(backupDir, archiveName(takenAt, repeat));
    fs.renameSync(partial, finalPath);
    const deleted = pruneBackups(backupDir);
    return {
      path: finalPath,
      takenAt,
      sizeBytes: fs.statSync(finalPath).size,
      verification,
      deleted,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The archives in a backup folder, oldest first. */
export function listBackups(backupDir: string) {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .flatMap((name) => {
      const parsed = parseArchiveName(name);
      if (!parsed) return [];
      const file = path.join(backupDir, name);
      return [{ name, path: file, takenAt: parsed.takenAt, sizeBytes: fs.statSync(file).size }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Applies the retention rule (backups/retention.ts) to a folder; returns the names deleted. */
export function pruneBackups(backupDir: string) {
  const doomed = archivesToDelete(fs.readdirSync(backupDir));
  for (const name of doomed) fs.rmSync(path.join(backupDir, name), { force: true });
  return doomed;
}

/*
 * The server's lock (scripts/server.mjs): DATA_DIR/server.pid holds the pid of the process
 * serving that store, written at start and removed on exit. A file left by a killed server
 * names a process that no longer exists and does not count.
 */
export const SERVER_LOCK_FILE = "server.pid";

/** The pid of a live server using `dataDir`, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, SERVER_LOCK_FILE), "utf8").trim());
  } catch {
    return null;
  }
  return isProcessAlive(pid) ? pid : null;
}

/** Whether a process with this pid exists (any user's). */
export function isProcessAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it is alive all the same.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Throws the BackupError a restore into `dataDir` (and, with `postgres`, into that database)
 * would be refused with: a live server on it, or a store already there without `force`; on
 * PostgreSQL also any other session on the database (a server on another machine).
 * `restoreBackup` checks it; the CLI asks first too, before it downloads an archive it could
 * not use.
 */
export async function assertRestorable(
  dataDir: string,
  force = false,
  postgres: PostgresStore | null = null,
) {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    throw new BackupError(
      `Un servidor (pid ${pid}) está usando ${dataDir}: deténlo antes de restaurar.`,
    );
  }
  if (postgres) {
    const where = describeDatabase(postgres.url);
    let sessions: number;
    let holdsStore: boolean;
    try {
      sessions = await otherSessions(postgres.url);
      holdsStore = await holdsTables(postgres.url);
    } catch (error) {
      throw new BackupError(`No se pudo conectar a la base ${where}: ${String(error)}`);
    }
    if (sessions > 0) {
      throw new BackupError(
        `Hay ${sessions} conexión(es) abiertas a la base ${where}: detén los servidores de la ` +
          `tienda antes de restaurar.`,
      );
    }
    if (holdsStore && !force) {
      throw new BackupError(
        `Ya hay una tienda en la base ${where}. Usa --force para reemplazarla (la actual se ` +
          `guarda aparte, en un volcado dentro de ${dataDir}).`,
      );
    }
    return;
  }
  if (fs.existsSync(databasePath(dataDir)) && !force) {
    throw new BackupError(
      `Ya hay una tienda en ${dataDir}. Usa --force para reemplazarla (la actual se guarda aparte).`,
    );
  }
}

export type RestoreResult = {
  verification: Verification;
  /** With `uploadsBucket`: how many of the archive's files were written into it, or why not. */
  bucket: { copied: number } | { location: string; error: string } | null;
  /** Where the replaced store was moved (with --force over an existing store), else null. */
  replacedDir: string | null;
  migrationsApplied: string[];
};

/** Brings a restored database to the current schema; the migrations it needed, by name. */
async function migrateRestored(db: DB) {
  try {
    const { results } = await migrateToLatest(db);
    return (results ?? []).map((result) => result.migrationName);
  } catch (error) {
    throw new BackupError(`No se pudo migrar la base de datos del archivo: ${String(error)}`);
  } finally {
    await db.destroy();
  }
}

const openPostgres = (url: string) => createPostgresDb(url, { slowQueryMs: 0, max: 1 });

/**
 * Restores `archive` into `dataDir` (or, with `postgres`, its database into that one and its
 * files into `dataDir`). Refuses while a server uses the store and, without `force`, when a store
 * is already there; an archive of the other database is refused (`npm run db:copy` moves a store
 * between them). The archive is extracted and checked, and its database brought to the current
 * schema, before anything of the store is touched (on PostgreSQL, in the scratch database of
 * its verification); then the current store is set aside under `replaced-<time>/` in
 * `dataDir` (its database file and uploads, or a pg_dump of its database and its uploads) and
 * the restored one put in place. With `uploadsBucket` (the store's UPLOADS_S3_*), the archive's
 * files are then written into the bucket too, where the store reads them (decision 120).
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  force?: boolean;
  now?: Date;
  uploadsBucket?: BucketConfig | null;
  /** DATABASE_URL (and PG_BIN_DIR): the store is on PostgreSQL (decision 121). */
  postgres?: PostgresStore | null;
}): Promise<RestoreResult> {
  const { archive, dataDir } = options;
  const postgres = options.postgres ?? null;
  if (!fs.existsSync(archive)) throw new BackupError(`No existe el archivo ${archive}.`);
  await assertRestorable(dataDir, options.force, postgres);
  const target = databasePath(dataDir);

  const existed = fs.existsSync(dataDir);
  let restored = false;
  let dir: string | undefined;
  try {
    let migrationsApplied: string[] = [];
    const extracted = await extractVerified(archive, dataDir, ".restore-", {
      postgres,
      expect: postgres ? "postgres" : "sqlite",
      // A migration that fails on the archive's data fails here, before the store is touched.
      inScratch: async (url) => void (await migrateRestored(openPostgres(url))),
    });
    dir = extracted.dir;
    const verification = extracted.verification;
    if (!postgres) {
      // Closing checkpoints the WAL, so store.db alone is the whole database.
      const db = createDb(openSqlite(path.join(dir, DATABASE)), { slowQueryMs: 0 });
      migrationsApplied = await migrateRestored(db);
    }

    const current = (
      postgres ? [UPLOADS] : [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`, UPLOADS]
    ).filter((name) => fs.existsSync(path.join(dataDir, name)));
    const currentDatabase = postgres && (await holdsTables(postgres.url));
    let replacedDir: string | null = null;
    if (current.length > 0 || currentDatabase) {
      const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, "").slice(0, 15);
      replacedDir = fs.mkdtempSync(path.join(dataDir, `replaced-${stamp}Z-`));
      // The database being replaced is kept as a dump, as SQLite's file is kept as it was.
      if (postgres && currentDatabase) {
        await dumpDatabase(postgres, path.join(replacedDir, PG_DUMP), async () => undefined);
      }
      for (const name of current) {
        fs.renameSync(path.join(dataDir, name), path.join(replacedDir, name));
      }
    }
    if (postgres) {
      try {
        if (currentDatabase) await resetPublicSchema(postgres.url);
        await restoreDump(postgres, postgres.url, path.join(dir, PG_DUMP));
      } catch (error) {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)} (la tienda anterior quedó en ${replacedDir})`,
        );
      }
      restored = true;
      migrationsApplied = await migrateRestored(openPostgres(postgres.url));
    } else {
      fs.renameSync(path.join(dir, DATABASE), target);
      restored = true;
    }
    if (fs.existsSync(path.join(dir, UPLOADS))) {
      fs.renameSync(path.join(dir, UPLOADS), path.join(dataDir, UPLOADS));
    }
    let bucket: RestoreResult["bucket"] = null;
    if (options.uploadsBucket) {
      const store = fileStoreFor(dataDir, options.uploadsBucket);
      try {
        bucket = { copied: await copyFolderToStore(path.join(dataDir, UPLOADS), store) };
      } catch (error) {
        // The database is restored and the files are in DATA_DIR/uploads: the operator is told
        // how to finish, rather than left with a store whose pictures and proofs answer 404.
        bucket = { location: store.bucketLocation ?? "", error: String(error) };
      }
    }
    return { verification, replacedDir, migrationsApplied, bucket };
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    // A refused archive leaves no trace, not even the folder it would have gone into.
    if (!existed && !restored) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
