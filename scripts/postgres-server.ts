import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

/*
 * A real PostgreSQL server for the tests and `bench:db-copy` (issue 24), started in a temporary
 * folder and thrown away after: initdb, then `postgres` on a free loopback port. Debian's `postgresql` package
 * provides the binaries (scripts/ensure-postgres.sh installs it on a CI machine); PG_BIN_DIR
 * points elsewhere. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * user the package creates. Durability is switched off: a test server never outlives its run.
 */

export type PostgresServer = {
  /** A connection string for a database on this server. */
  url(database: string): string;
  stop(): Promise<void>;
};

function binDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, "bin", "postgres")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL is not installed: run `bash scripts/ensure-postgres.sh` or set PG_BIN_DIR.",
    );
  }
  return path.join(root, versions[0], "bin");
}

/** Whether a PostgreSQL server can be started here (a test skips without one, outside CI). */
export function postgresInstalled() {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

const asRoot = process.getuid?.() === 0;

/** A command of the server's, as the `postgres` user when we are root. */
function command(bin: string, args: string[]): [string, string[]] {
  const file = path.join(binDir(), bin);
  // setpriv execs the command itself (runuser would stay its parent and keep signals from it).
  return asRoot
    ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", file, ...args]]
    : [file, args];
}

function run(bin: string, args: string[]) {
  const [file, fullArgs] = command(bin, args);
  const result = spawnSync(file, fullArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${bin} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited: ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts a fresh server whose files live under `dir` (created, and removed by `stop`). */
export async function startPostgres(dir: string): Promise<PostgresServer> {
  const data = path.join(dir, "data");
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) spawnSync("chown", ["-R", "postgres", dir]);
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"]);

  const port = await freePort();
  const [file, args] = command("postgres", [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=300",
  ]);
  const server = spawn(file, args, { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await waitUntilReady(url("postgres"), server, () => output);

  return {
    url,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        // SIGTERM lets the sessions that are closing end by themselves; after 5 s, SIGINT ends
        // whatever is left (PostgreSQL's smart, then fast, shutdown).
        server.kill("SIGTERM");
        const fast = setTimeout(() => server.kill("SIGINT"), 5000);
        await exited;
        clearTimeout(fast);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
