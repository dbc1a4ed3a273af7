import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A port nothing listens on now (the OS picks it). */
export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/*
 * The servers this test file started and has not seen exit. A file whose hook timed out (a
 * loaded machine) never reaches its `stop()`: when its fork ends, by exit or by the pool's
 * SIGTERM, they are killed with it rather than left serving, and loading the machine, for the
 * rest of the run.
 */
const running = new Map<ChildProcess, { group: boolean }>();
function killRunning() {
  for (const [child, { group }] of running) {
    try {
      if (group) process.kill(-child.pid!, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
process.once("exit", killRunning);
process.once("SIGTERM", () => {
  killRunning();
  process.exit(143);
});

/**
 * Starts the built server (`scripts/server.mjs build/index.js`, what `npm start` runs) on this worker's DATA_DIR, so the
 * test talks real HTTP to the production bundle while sharing the SQLite file with the
 * models it uses for fixtures. `killable`: the server gets its own process group, so that
 * `kill()` reaches the primary and every worker at once, as a power cut would.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { killable?: boolean } = {},
) {
  const buildFile = path.join(root, "build", "index.js");
  if (!fs.existsSync(buildFile)) throw new Error("No build found: run `npm run build` first.");
  // A port of the caller's (the e2e stores' fixed addresses) is used as it is.
  if (env.PORT) return startServerOn(Number(env.PORT), buildFile, env, options);
  /*
   * A port found free may be taken by another fork's server (or a cluster's second worker)
   * before this one binds it: that start fails with EADDRINUSE and is tried again on another.
   */
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(await freePort(), buildFile, env, options);
    } catch (error) {
      if (attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

async function startServerOn(
  port: number,
  buildFile: string,
  env: Record<string, string>,
  { killable = false }: { killable?: boolean },
) {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, "scripts", "server.mjs"), buildFile],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        // One process, as in production with one core; a test may ask for a cluster.
        WEB_CONCURRENCY: "1",
        // No daily backup in the middle of a test run (tests that need one take it).
        BACKUP_HOUR: "off",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: killable,
    },
  );
  running.set(child, { group: killable });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, 20_000);
    // The server's own line once it listens; a warning printed before it may name the port
    // too (the mail links' address without APP_URL).
    const listening = new RegExp(`\\[perfumeria\\] http://\\S+:${port}\\b`);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (listening.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    origin: baseUrl,
    /** The server's process (with WEB_CONCURRENCY=1, the one that serves). */
    pid: child.pid!,
    /** Everything the server printed so far (request log lines included). */
    output: () => output,
    /** Sends SIGTERM; resolves with the exit code once the server (every worker) has exited. */
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      }),
    /** SIGKILL (to the whole group when `killable`); resolves once every process is gone. */
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (!killable) {
        child.kill("SIGKILL");
        return exited;
      }
      process.kill(-child.pid!, "SIGKILL");
      await exited;
      // The workers are the primary's children: wait until the group is empty (or only zombies
      // that nobody reaps remain, which run nothing: give up waiting after 2 s).
      for (let attempt = 0; attempt < 40; attempt++) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  hasAction: boolean;
};

/** Every route of the build's client manifest, with a concrete URL for each (params filled in). */
export function builtRoutes() {
  const dir = path.join(root, "public", "build");
  const file = fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client manifest: run `npm run build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const routes = manifest.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    const parent = route.parentId ? fullPath(route.parentId) : "";
    const own = (route.path ?? "").replace(/:[^/]+/g, "x").replace(/\*$/, "anything");
    return [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(routes).map((route) => {
    const url = `/${fullPath(route.id)}`.replace(/\/+/g, "/");
    return {
      id: route.id,
      hasLoader: route.hasLoader,
      hasAction: route.hasAction,
      url: route.index ? `${url === "/" ? "" : url}/?index` : url,
    };
  });
}

/** The routes of the build that have an action, with a concrete URL for each (params filled in). */
export function routesWithActions() {
  return builtRoutes()
    .filter((route) => route.hasAction)
    .map(({ id, url }) => ({ id, url }));
}
