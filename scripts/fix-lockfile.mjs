#!/usr/bin/env node
// The npm registry this project's machines reach serves only the Linux x64/arm64 builds of
// packages that ship one optional package per platform (Rollup, Tailwind's oxide). `npm
// install` then writes a lockfile without the other platforms, and `npm ci` refuses it
// ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). This adds those entries back
// with their os/cpu/libc, so npm skips them on this platform without fetching anything.
// Run it after any `npm install` that changes package-lock.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lockPath = path.join(root, "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));

const OSES = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "win32",
  "openbsd",
  "openharmony",
  "netbsd",
  "sunos",
  "aix",
];
const CPUS = [
  "arm",
  "arm64",
  "x64",
  "ia32",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "mips64el",
  "wasm32",
];

/** os/cpu/libc from a platform package's name, e.g. rollup-linux-arm-musleabihf. */
function platformOf(name) {
  const tokens = name.split("/").pop().split("-");
  const os = tokens.find((t) => OSES.includes(t));
  const cpu = tokens.find((t) => CPUS.includes(t));
  if (!cpu) return null;
  const platform = { cpu: [cpu] };
  if (os) platform.os = [os === "openharmony" ? "openharmony" : os];
  if (os === "linux") {
    if (tokens.some((t) => t.startsWith("musl"))) platform.libc = ["musl"];
    else if (tokens.some((t) => t.startsWith("gnu"))) platform.libc = ["glibc"];
  }
  return platform;
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  const base = location ? `${location}/node_modules/` : "node_modules/";
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    // npm resolves a dependency from the nearest node_modules up the tree.
    let dir = location;
    let found = false;
    for (;;) {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (lock.packages[candidate]) {
        found = true;
        break;
      }
      if (!dir) break;
      const index = dir.lastIndexOf("/node_modules/");
      dir = index === -1 ? "" : dir.slice(0, index);
    }
    const platform = platformOf(name);
    if (found || !platform) continue;
    const key =
      location.startsWith("node_modules/") && lock.packages[`node_modules/${name}`] === undefined
        ? `node_modules/${name}`
        : `${base}${name}`;
    lock.packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
  ),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
