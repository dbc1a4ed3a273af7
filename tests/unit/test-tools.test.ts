import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Issue 36: `npm test` finds or installs Chromium and PostgreSQL itself (`pretest`), and says
 * what to do when it cannot. The scripts run here on a PATH of our making: one without apt-get,
 * one where the user is not root and has no sudo, so no test ever installs anything.
 */

const scripts = path.resolve(import.meta.dirname, "../../scripts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A bin folder holding only `commands` (links to the real ones) and `fakes` (small scripts). */
function binWith(commands: string[], fakes: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-bin-"));
  dirs.push(dir);
  for (const command of commands) {
    const found = spawnSync("bash", ["-c", `command -v ${command}`], { encoding: "utf8" });
    fs.symlinkSync(found.stdout.trim(), path.join(dir, command));
  }
  for (const [name, body] of Object.entries(fakes)) {
    fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return dir;
}

/** Runs a script with `env` as its whole environment (no CI, no CHROMIUM_PATH of ours). */
function run(script: string, args: string[], env: Record<string, string>) {
  const bash = spawnSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim();
  return spawnSync(bash, [path.join(scripts, script), ...args], {
    encoding: "utf8",
    env: { NODE_ENV: "test", ...env },
  });
}

describe("apt-install.sh: when it cannot install, it says what to install or set", () => {
  it("on a machine without apt-get", () => {
    const result = run("apt-install.sh", ["npm test needs Chromium", "CHROMIUM_PATH", "chromium"], {
      PATH: binWith(["id"]),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "npm test needs Chromium, and cannot install it: this machine has no apt-get.",
    );
    expect(result.stderr).toContain("apt-get install chromium");
    expect(result.stderr).toContain("or set CHROMIUM_PATH");
  });

  it("for a user who is not root and has no sudo", () => {
    const result = run("apt-install.sh", ["npm test needs Chromium", "CHROMIUM_PATH", "chromium"], {
      PATH: binWith([], { "apt-get": "exit 0", id: "echo 1000" }),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("installing needs root, and sudo is not available.");
  });

  it("for a user whose sudo asks for a password (npm test never waits for one)", () => {
    const result = run("apt-install.sh", ["npm test needs Chromium", "CHROMIUM_PATH", "chromium"], {
      PATH: binWith([], { "apt-get": "exit 0", id: "echo 1000", sudo: "exit 1" }),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sudo asks for a password.");
  });
});

describe("ensure-chromium.sh (npm test's pretest)", () => {
  it("uses CHROMIUM_PATH when it names a browser", () => {
    const browser = path.join(binWith([], { chromium: "echo Chromium 1.2.3" }), "chromium");
    const result = run("ensure-chromium.sh", [], {
      PATH: binWith(["dirname"]),
      CHROMIUM_PATH: browser,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Chromium 1.2.3");
  });

  it("refuses a CHROMIUM_PATH that is not an executable, saying so", () => {
    const result = run("ensure-chromium.sh", [], {
      PATH: binWith(["dirname"]),
      CHROMIUM_PATH: "/nowhere/chromium",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("CHROMIUM_PATH=/nowhere/chromium is not an executable file.");
  });
});

describe("ensure-postgres.sh", () => {
  // No PostgreSQL where Debian puts it, and no apt-get to install it.
  const cannotInstall = {
    PATH: binWith(["bash", "dirname", "ls", "id"]),
    POSTGRES_LIB_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-no-postgres-")),
  };
  dirs.push(cannotInstall.POSTGRES_LIB_DIR);

  it("lets npm test go on without PostgreSQL outside CI, saying its tests are skipped", () => {
    const result = run("ensure-postgres.sh", ["--for-npm-test"], cannotInstall);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("cannot install it: this machine has no apt-get.");
    expect(result.stderr).toContain("its PostgreSQL tests are skipped on this machine");
  });

  it("stops npm test in CI, and test:pg anywhere, when PostgreSQL cannot be had", () => {
    const inCi = run("ensure-postgres.sh", ["--for-npm-test"], { ...cannotInstall, CI: "true" });
    expect(inCi.status).toBe(1);
    const forTestPg = run("ensure-postgres.sh", [], cannotInstall);
    expect(forTestPg.status).toBe(1);
    expect(forTestPg.stderr).toContain("or set PG_BIN_DIR");
  });

  it("refuses a PG_BIN_DIR without postgres, in CI or not", () => {
    const result = run("ensure-postgres.sh", ["--for-npm-test"], {
      ...cannotInstall,
      PG_BIN_DIR: "/nowhere",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PG_BIN_DIR=/nowhere holds no postgres executable.");
  });
});
