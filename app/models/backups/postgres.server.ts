import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { processEnvironment } from "~/utils/env.server";
import { BackupError } from "./backup-error";

/*
 * The PostgreSQL side of backups (decision 121): PostgreSQL's own tools, pg_dump and
 * pg_restore, run as child processes, and the few statements around them (a snapshot shared
 * with pg_dump, a scratch database, the public schema's reset). The password never appears on
 * a command line (`ps` shows those to every user): the URL is passed without it through
 * `--dbname`, the password through PGPASSWORD in the child's environment.
 */

/** A store on PostgreSQL: its URL (DATABASE_URL) and, optionally, where its tools are. */
export type PostgresStore = { url: string; binDir?: string };

type Tool = "pg_dump" | "pg_restore";

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The newest Debian-style install (/usr/lib/postgresql/<version>/bin) holding `tool`. */
function newestInstalled(tool: Tool, root = "/usr/lib/postgresql") {
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => isExecutable(path.join(root, version, "bin", tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0 ? path.join(root, versions[0], "bin", tool) : null;
}

/**
 * Where `tool` is: in `binDir` (PG_BIN_DIR) when given, else the first on `searchPath` (PATH),
 * else the newest /usr/lib/postgresql/<version>/bin. pg_dump must be at least as new as the
 * server; its own error says so when it is not.
 */
export function pgToolPath(
  tool: Tool,
  binDir?: string,
  searchPath = processEnvironment().PATH ?? "",
) {
  if (binDir) {
    const file = path.join(binDir, tool);
    if (isExecutable(file)) return file;
    throw new BackupError(`No se encontró ${tool} en PG_BIN_DIR (${binDir}).`);
  }
  const onPath = searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, tool))
    .find(isExecutable);
  const found = onPath ?? newestInstalled(tool);
  if (found) return found;
  throw new BackupError(
    `No se encontró ${tool}: instala el cliente de PostgreSQL (en Debian o Ubuntu, el paquete ` +
      `postgresql-client, de la misma versión que el servidor o más nueva) o indica su carpeta ` +
      `con PG_BIN_DIR.`,
  );
}

/** The URL without its password, and the password apart (for PGPASSWORD). */
function splitPassword(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
}

/** The same server, another database. */
export function databaseUrl(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** "store en db.example.com:5432": a database named for an operator, never with its password. */
export function describeDatabase(url: string) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "(sin nombre)";
  return parsed.host ? `${name} en ${parsed.host}` : name;
}

/** Runs a PostgreSQL tool against `url`; its error output becomes the BackupError's message. */
export function runPgTool(store: PostgresStore, tool: Tool, url: string, args: string[]) {
  const file = pgToolPath(tool, store.binDir);
  const target = splitPassword(url);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, [...args, `--dbname=${target.url}`], {
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...processEnvironment(),
        ...(target.password ? { PGPASSWORD: target.password } : {}),
      },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.once("error", (error) =>
      reject(new BackupError(`${tool} no se pudo ejecutar: ${error.message}`)),
    );
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} falló (${signal ?? code}): ${stderr.trim()}`));
    });
  });
}

/** Runs `work` with one connection to `url`, closed after. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The first column of a query's rows (a query with no parameters). */
export async function columnOf(client: pg.Client, query: string) {
  const { rows } = await client.query<unknown[]>({ text: query, rowMode: "array" });
  return rows.map((row) => row[0]);
}

/**
 * Dumps the database in pg_dump's custom format into `file`, with `alongside` run on the same
 * snapshot: a REPEATABLE READ transaction exports it and pg_dump takes it (`--snapshot`), so what
 * `alongside` reads (the files the rows name) is exactly what the dump holds, while the shop
 * keeps selling.
 */
export async function dumpDatabase<T>(
  store: PostgresStore,
  file: string,
  alongside: (client: pg.Client) => Promise<T>,
): Promise<T> {
  return withClient(store.url, async (client) => {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const snapshot = (await columnOf(client, "SELECT pg_export_snapshot()"))[0] as string;
      // The query runs first: pg_dump's COPY of big tables then overlaps nothing of ours.
      const read = await alongside(client);
      await runPgTool(store, "pg_dump", store.url, [
        "--format=custom",
        `--snapshot=${snapshot}`,
        `--file=${file}`,
      ]);
      return read;
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
    }
  });
}

/**
 * Restores a custom-format dump into the database at `url`, in one transaction (all of it or
 * nothing), stopping at the first error. `--no-owner --no-privileges`: the objects belong to
 * whoever restores, so an archive restores on another server whose roles differ.
 */
export function restoreDump(store: PostgresStore, url: string, file: string) {
  return runPgTool(store, "pg_restore", url, [
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
    file,
  ]);
}

/**
 * Runs `work` on a new, empty database on the store's server (`perfumeria_verify_<random>`),
 * dropped after whatever happens. Needs the CREATEDB privilege.
 */
export async function withScratchDatabase<T>(
  store: PostgresStore,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `perfumeria_verify_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(store.url, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      throw new BackupError(
        `No se pudo crear la base de prueba ${name} para verificar la copia (el usuario de ` +
          `DATABASE_URL necesita el permiso CREATEDB): ${String(error)}`,
      );
    }
  });
  try {
    return await work(databaseUrl(store.url, name));
  } finally {
    await withClient(store.url, (client) => client.query(`DROP DATABASE IF EXISTS ${name}`)).catch(
      (error) => console.error(`[backup] could not drop ${name}:`, error),
    );
  }
}

/** Whether the database at `url` has any table in its public schema (a store, or something). */
export async function holdsTables(url: string) {
  return withClient(url, async (client) => {
    const [exists] = await columnOf(
      client,
      "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public')",
    );
    return exists === true;
  });
}

/** Sessions of other clients on the database at `url` (another server, a console). */
export async function otherSessions(url: string) {
  return withClient(url, async (client) => {
    const [count] = await columnOf(
      client,
      `SELECT count(*) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND backend_type = 'client backend'`,
    );
    return Number(count);
  });
}

/**
 * Empties the database at `url`: its public schema dropped with everything in it (tables,
 * sequences, triggers, the extensions installed there) and created again, in one transaction.
 */
export async function resetPublicSchema(url: string) {
  await withClient(url, async (client) => {
    await client.query("BEGIN");
    await client.query("DROP SCHEMA public CASCADE");
    await client.query("CREATE SCHEMA public");
    await client.query("COMMIT");
  });
}
