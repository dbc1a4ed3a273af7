#!/usr/bin/env node
/*
 * Runs npm scripts at the same time and prints each one's output, whole, when it ends:
 * `node scripts/side-by-side.mjs typecheck lint build`. `npm test` starts with the three, which
 * need nothing from each other and each keep about one core busy (decision 142). Exits with the
 * first failing script's code once all have ended, so every failure is shown.
 */
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/side-by-side.mjs <npm script>...");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", name], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> ${name}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
