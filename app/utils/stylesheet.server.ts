import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import stylesheetHref from "~/styles/tailwind.css";

let inlined: { text: string; hash: string } | undefined;

/**
 * The built stylesheet's text, inlined into every document (decision 070), and its CSP hash.
 * Read once per process: the file is content-hashed, so it changes only with a new build.
 */
export function inlineStylesheet() {
  if (!inlined) {
    // The server runs from the project's root (scripts/server.mjs serves `public` from there).
    const text = fs.readFileSync(path.join("public", stylesheetHref), "utf8");
    const hash = `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    inlined = { text, hash };
  }
  return inlined;
}
