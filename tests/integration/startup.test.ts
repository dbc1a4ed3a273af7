import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/http-server";

/* `npm start` on an empty DATA_DIR: migrate, seed, print the admin sign-in once, serve. */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-startup-"));

/** Every start, stopped at the end even when an assertion failed before its own stop. */
const started: { stop: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(started.map((run) => run.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs"), "--no-build"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SESSION_SECRET: "",
      ADMIN_PASSWORD: "",
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("[perfumeria] http")) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited:\n${output}`));
    });
  });
  // A start that is expected to fail never awaits `listening`: mark its rejection as handled.
  listening.catch(() => undefined);
  const run = {
    output: () => output,
    listening,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  started.push(run);
  return run;
}

describe("npm start", () => {
  it("seeds an empty store, prints a generated admin password once, and that password works", async () => {
    const port = String(await freePort());
    const first = start({ PORT: port });
    await first.listening;
    const password = /Contraseña:\s+(\S+)\s+←/.exec(first.output())?.[1];
    expect(password).toMatch(/^.{16,}$/);
    expect(first.output()).toContain("admin@perfumeria.hn");
    // `npm run test:pg` gives the store a PostgreSQL database: then no file is made.
    expect(fs.existsSync(path.join(dataDir, "store.db"))).toBe(!process.env.DATABASE_URL);
    const secret = fs.readFileSync(path.join(dataDir, ".session-secret"), "utf8");
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const login = await fetch(`http://127.0.0.1:${port}/admin-access`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: `http://127.0.0.1:${port}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: "admin@perfumeria.hn", password: password! }),
    });
    expect(login.status).toBe(302);
    // The printed password is right: its first sign-in goes on to set up the second factor.
    expect(login.headers.get("location")).toBe("/admin-access/configurar");
    const catalog = await fetch(`http://127.0.0.1:${port}/product/kenzo-flower-by-kenzo`);
    expect(catalog.status).toBe(200);
    await first.stop();

    // The second start finds the data: nothing is seeded or printed, the secret is kept.
    const second = start({ PORT: port });
    await second.listening;
    expect(second.output()).not.toContain("Contraseña");
    expect(fs.readFileSync(path.join(dataDir, ".session-secret"), "utf8")).toBe(secret);
    await second.stop();
    // A whole demo seed (about 100 perfumes with pictures): 16 s alone on PostgreSQL, over a
    // minute while the other fork and a browser run beside it.
  }, 180_000);

  it("stops with a message naming a bad variable", async () => {
    const bad = start({ PORT: "puerto" });
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).toContain("Configuración inválida");
  });

  it("stops with a message when TRUST_PROXY is not a list of addresses", async () => {
    const bad = start({ PORT: String(await freePort()), TRUST_PROXY: "10.0.0.300" });
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain("TRUST_PROXY debe ser una lista de direcciones");
  });
});
