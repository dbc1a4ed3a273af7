import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 20, decision 093: the docs name the code, so a rename that forgets them fails here
 * instead of leaving a newcomer looking for a function that is gone. Every backticked span in
 * README.md and docs/**.md (and each word of a folder tree in a fenced block without a
 * language) is classified by its shape, not by a list:
 *
 * - a path (it has a `/` or ends in a source extension) must be a file or folder of the
 *   repository, written from the root (`app/models/orders/`) or as the tail of one
 *   (`orders/lifecycle.server.ts`), or something the store writes as it runs: a path the
 *   .gitignore names (`build/`), or one whose every part is a string in the code (`uploads/tmp`);
 * - an identifier that looks like code (camelCase, PascalCase of two words or more,
 *   SCREAMING_SNAKE with an underscore, or anything written as a call `name(…)`), alone, in a
 *   member chain (`context.clientIp`) or with type arguments (`ShopperContext<T>`), must occur as
 *   a whole word in app/, db/, scripts/, tests/, public/, .ci/ or the root's configuration; a
 *   package (`@scope/name`) must be in package.json;
 * - "`a`, `b` in `some/file.ts`" says where they live: each must occur in that file or folder;
 * - everything else names no code and is left alone: URLs and the store's addresses
 *   (`/admin/login`), runtime paths (`DATA_DIR/store.db`), MIME types, Spanish text, SQL, HTTP
 *   headers (`Retry-After`), commands, globs and placeholders (`app/routes/*.tsx`, `<name>`).
 *
 * A record `superseded by` a later one keeps the names of its time and is not checked. Relative
 * links must reach a file.
 */
const root = path.resolve(import.meta.dirname, "../..");
const CODE_DIRS = ["app", "db", "scripts", "tests", "public", ".ci"];
const SKIP_DIRS = new Set(["node_modules", "build", ".cache", ".tmp", ".git"]);
const SOURCE_EXTENSION = /\.(ts|tsx|mjs|js|cjs|json|md|css|sh|svg|sql|yml|yaml)$/;
const TEXT_FILE = /\.(ts|tsx|mjs|js|cjs|json|css|sh|svg|d\.ts|txt|webmanifest|patch)$|(^|\/)run$/;

function walk(dir: string, files: string[], dirs: string[]) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const relative = path.posix.join(dir, entry.name);
    if (relative === "public/build") continue;
    if (entry.isDirectory()) {
      dirs.push(relative);
      walk(relative, files, dirs);
    } else {
      files.push(relative);
    }
  }
}

const files: string[] = [];
const dirs: string[] = [];
for (const dir of [...CODE_DIRS, "docs"]) {
  dirs.push(dir);
  walk(dir, files, dirs);
}
const rootFiles = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => entry.name);
// What the build and the running store write (`build/`, `./data`) is named, never committed.
const generated = fs
  .readFileSync(path.join(root, ".gitignore"), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("/"))
  .map((line) => line.slice(1).replace(/\/$/, ""));
const paths = new Set([...files, ...dirs, ...rootFiles]);

const codeText = [
  ...files.filter(
    (file) =>
      !file.startsWith("docs/") &&
      TEXT_FILE.test(file) &&
      path.join(root, file) !== import.meta.filename,
  ),
  ...rootFiles.filter((file) => !file.endsWith(".md") && file !== "package-lock.json"),
]
  .map((file) => fs.readFileSync(path.join(root, file), "utf8"))
  .join("\n");
const codeWords = new Set(codeText.match(/[A-Za-z_$][\w$]*/g));

const IDENTIFIER = "[A-Za-z_$][\\w$]*";
const CHAIN = new RegExp(
  `^(${IDENTIFIER}(?:\\.${IDENTIFIER})*)(?:<.*>|\\(.*\\))?(\\(.*\\))?$`,
  "s",
);
const CAMEL = /^[a-z][a-z0-9]*[A-Z][\w$]*$/;
const PASCAL = /^[A-Z][a-z0-9]+[A-Z][\w$]*$/;
const SCREAMING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/** What a backticked span asks of the code, or null when it names no code. */
function codeNameOf(span: string): { path: string } | { words: string[] } | null {
  const text = span.trim();
  if (/\s/.test(text) && !/^[\w$.]+\(/.test(text)) return null; // commands, SQL, prose
  if (/^[a-z][\w+.-]*:/i.test(text) || /^(\/|\.env|\.[\w.]+$)/.test(text)) {
    return null; // URLs, the store's own addresses, env files, a bare extension
  }
  if (/^@[\w-]+\/[\w.-]+$/.test(text)) return { words: [text] }; // a package: package.json
  const looksLikePath =
    !/\s/.test(text) && (text.includes("/") || SOURCE_EXTENSION.test(text)) && !text.includes("(");
  if (looksLikePath) {
    if (/[*<>{}…|,=]/.test(text) || /^[A-Z][A-Z0-9_]*\//.test(text)) return null; // globs, runtime
    if (/^(application|multipart|text|image|font|audio|video)\/[\w.+-]+$/.test(text)) return null;
    if (!/^[\w.$[\]/@-]+$/.test(text)) return null;
    return { path: text.replace(/^\.\//, "").replace(/\/$/, "") };
  }
  const chain = CHAIN.exec(text);
  if (!chain) return null;
  const isCall = text.slice(chain[1]!.length).startsWith("(");
  const parts = chain[1]!.split(".");
  const words = parts.filter(
    (part, index) =>
      CAMEL.test(part) ||
      PASCAL.test(part) ||
      SCREAMING.test(part) ||
      (isCall && index === parts.length - 1),
  );
  return words.length > 0 ? { words } : null;
}

function pathExists(name: string) {
  if (paths.has(name)) return true;
  if (generated.some((dir) => name === dir || name.startsWith(`${dir}/`))) return true;
  // A file or folder the store writes as it runs (`backup.json`, `uploads/tmp`): each part of
  // it is a string in the code.
  if (name.split("/").every((part) => codeText.includes(`"${part}"`))) return true;
  const tail = `/${name}`;
  for (const known of paths) if (known.endsWith(tail)) return true;
  return false;
}

/** The repository's files a path names (itself, the files under a folder, or every tail match). */
function filesNamed(name: string) {
  const matches = [...paths].filter((known) => known === name || known.endsWith(`/${name}`));
  return files.filter((file) =>
    matches.some((match) => file === match || file.startsWith(`${match}/`)),
  );
}

/**
 * "`getCart` in `app/models/cart/cart.server.ts`", "`a`, `b` and `c` in `orders/`": each
 * identifier of the list must occur in that file or folder, so a function that moved is not
 * left in its old home.
 */
function misplacedNames(markdown: string) {
  const misplaced: string[] = [];
  const prose = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, "").replace(/\s*\n\s*/g, " ");
  const list = /((?:`[^`]+`(?:,? and |,? or |, )?)+) in `([^`]+)`/g;
  for (const [, names, place] of prose.matchAll(list)) {
    const target = codeNameOf(place!);
    if (!target || !("path" in target)) continue;
    const texts = filesNamed(target.path)
      .filter((file) => TEXT_FILE.test(file))
      .map((file) => fs.readFileSync(path.join(root, file), "utf8"));
    if (texts.length === 0) continue;
    for (const [, span] of names!.matchAll(/`([^`]+)`/g)) {
      const name = codeNameOf(span!);
      if (!name || !("words" in name)) continue;
      const word = name.words[0]!;
      if (
        !texts.some((text) =>
          new RegExp(`(^|[^\\w$])${word.replace(/\$/g, "\\$")}([^\\w$]|$)`).test(text),
        )
      ) {
        misplaced.push(`\`${span}\` is not in \`${place}\``);
      }
    }
  }
  return misplaced;
}

function docFiles() {
  const decisions = path.join(root, "docs/decisions");
  return [
    "README.md",
    ...fs
      .readdirSync(path.join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
    ...fs
      .readdirSync(decisions)
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/decisions/${name}`),
  ];
}

/**
 * The spans to check, with their line numbers: each backticked span outside fenced blocks (one
 * broken over two lines by the wrapping is read whole), and each word of a fenced block without
 * a language (a folder tree), its punctuation trimmed. Blocks with a language (`sh`) are
 * commands.
 */
function spansOf(markdown: string) {
  const spans: { line: number; text: string }[] = [];
  const lines = markdown.split("\n");
  let fence: "none" | "plain" | "code" = "none";
  let prose: { line: number; text: string }[] = [];
  const flushProse = () => {
    const text = prose.map((entry) => entry.text).join("\n");
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const line = prose[0]!.line + text.slice(0, match.index).split("\n").length - 1;
      spans.push({ line, text: match[1]!.replace(/\s*\n\s*/g, " ") });
    }
    prose = [];
  };
  lines.forEach((text, index) => {
    const line = index + 1;
    const opening = /^\s*```(\S*)/.exec(text);
    if (opening) {
      flushProse();
      fence = fence !== "none" ? "none" : opening[1] ? "code" : "plain";
    } else if (fence === "plain") {
      for (const word of text.split(/\s+/)) {
        const trimmed = word.replace(/^[([,;:]+|[),;:.\]]+$/g, "");
        if (trimmed) spans.push({ line, text: trimmed });
      }
    } else if (fence === "none") {
      if (text.trim() === "") flushProse();
      else prose.push({ line, text });
    }
  });
  flushProse();
  return spans;
}

function staleNames(markdown: string) {
  const stale: string[] = [];
  for (const { line, text } of spansOf(markdown)) {
    const name = codeNameOf(text);
    if (!name) continue;
    if ("path" in name) {
      if (!pathExists(name.path)) stale.push(`${line}: \`${text}\` (no such file)`);
    } else {
      const missing = name.words.filter(
        (word) => !codeWords.has(word) && !(word.startsWith("@") && codeText.includes(`"${word}"`)),
      );
      if (missing.length > 0)
        stale.push(`${line}: \`${text}\` (${missing.join(", ")} not in the code)`);
    }
  }
  return stale;
}

const SUPERSEDED = /^\*\*Date:\*\*.*\*\*Status:\*\* superseded by/m;

describe("code names in the docs", () => {
  it.each(docFiles())("%s names only code that exists", (file) => {
    const markdown = fs.readFileSync(path.join(root, file), "utf8");
    if (SUPERSEDED.test(markdown.split("\n").slice(0, 3).join("\n"))) return;
    expect(staleNames(markdown).join("\n")).toBe("");
    expect(misplacedNames(markdown).join("\n")).toBe("");
  });

  it.each(docFiles())("%s links only to files that exist", (file) => {
    const markdown = fs.readFileSync(path.join(root, file), "utf8");
    const prose = markdown.replace(/`[^`]*`/g, "");
    const broken = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!.replace(/#.*$/, ""))
      .filter((target) => target && !/^[a-z]+:/.test(target))
      .filter(
        (target) => !fs.existsSync(path.resolve(path.dirname(path.join(root, file)), target)),
      );
    expect(broken).toEqual([]);
  });

  it("tells a code name from text that names no code", () => {
    expect(codeNameOf("guardAction")).toEqual({ words: ["guardAction"] });
    expect(codeNameOf("getShopper(request, { createGuest: true })")).toEqual({
      words: ["getShopper"],
    });
    expect(codeNameOf("owns(shopper, record)")).toEqual({ words: ["owns"] });
    expect(codeNameOf("context.clientIp")).toEqual({ words: ["clientIp"] });
    expect(codeNameOf("ShopperContext<T>")).toEqual({ words: ["ShopperContext"] });
    expect(codeNameOf("GeneralErrorBoundary")).toEqual({ words: ["GeneralErrorBoundary"] });
    expect(codeNameOf("PASSWORD_MIN_LENGTH")).toEqual({ words: ["PASSWORD_MIN_LENGTH"] });
    expect(codeNameOf("app/models/orders/")).toEqual({ path: "app/models/orders" });
    expect(codeNameOf("lifecycle.server.ts")).toEqual({ path: "lifecycle.server.ts" });
    for (const text of [
      "/admin/login",
      "Retry-After",
      "private, no-store",
      "select 1",
      "npm run build",
      "DATA_DIR/store.db",
      "app/routes/*.tsx",
      "apply-coupon",
      "created_at",
      "Agotado",
      "https://example.com/a",
    ]) {
      expect(codeNameOf(text), text).toBeNull();
    }
  });

  it("finds a name the code does not have", () => {
    expect(staleNames("Call `countProofsAwaitingReview()` in `app/models/orders.ts`.")).toEqual([
      "1: `countProofsAwaitingReview()` (countProofsAwaitingReview not in the code)",
      "1: `app/models/orders.ts` (no such file)",
    ]);
    expect(staleNames("Every action starts with `guardAction(request)`.")).toEqual([]);
    expect(
      misplacedNames("`guardAction` and `getShopper` in\n`app/web/session.server.ts`."),
    ).toEqual([
      "`guardAction` is not in `app/web/session.server.ts`",
      "`getShopper` is not in `app/web/session.server.ts`",
    ]);
    expect(misplacedNames("`guardAction`, `getShopper` in `web/`.")).toEqual([]);
  });
});
