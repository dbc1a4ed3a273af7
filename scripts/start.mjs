#!/usr/bin/env node
// `npm start`: build when the build is missing or older than the sources, bring the
// database up to date (and seed an empty store), then serve (scripts/server.mjs).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const buildFile = path.join(root, "build", "index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// --no-build: serve the existing build (the e2e suite starts several servers from one build).
if (process.argv.includes("--no-build")) {
  if (!fs.existsSync(buildFile)) {
    console.error("No hay compilación: ejecuta `npm run build` primero.");
    process.exit(1);
  }
} else if (
  !fs.existsSync(buildFile) ||
  fs.statSync(buildFile).mtimeMs <
    Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "db")))
) {
  console.log("Compilando la aplicación…");
  run(bin("remix"), ["build"]);
  run(process.execPath, [path.join(root, "scripts", "fold-chunks.mjs")]);
  run(process.execPath, [path.join(root, "scripts", "compress-assets.mjs")]);
}

process.env.NODE_ENV ??= "production";
run(bin("tsx"), [path.join(root, "scripts", "setup.ts")]);

// CPU_PROF_DIR: every server process (the primary and each worker, which inherit the flags)
// writes a V8 CPU profile there when it exits cleanly (SIGTERM), as bench:campaign can ask.
const profile = process.env.CPU_PROF_DIR
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.CPU_PROF_DIR)}`]
  : [];
const server = spawn(
  process.execPath,
  [...profile, path.join(root, "scripts", "server.mjs"), buildFile],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
