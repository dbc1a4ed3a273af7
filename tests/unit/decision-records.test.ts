import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 20: every decision record says when it was taken and whether it still holds, and the
 * index lists each one once. A record that replaces another names it in the other's status.
 */
const dir = path.resolve(import.meta.dirname, "../../docs/decisions");
const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const LINK = "\\[(\\d{3})\\]\\((\\d{3}-[^)]+\\.md)\\)";
const STATUS = new RegExp(
  `^\\*\\*Date:\\*\\* \\d{4}-\\d{2}-\\d{2} · \\*\\*Status:\\*\\* ` +
    `(accepted|accepted; amended by ${LINK}|superseded by ${LINK})( \\([^)]+\\))?$`,
);

describe("decision records", () => {
  it("are numbered without gaps or repeats", () => {
    const numbers = records.map((name) => Number(name.slice(0, 3)));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it.each(records)("%s has a title, a date and a status", (name) => {
    const [title, blank, status] = fs.readFileSync(path.join(dir, name), "utf8").split("\n");
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\. `));
    expect(blank).toBe("");
    expect(status).toMatch(STATUS);
    // An amending or superseding record exists, is later, and says which one it changes.
    for (const [, number, target] of status!.matchAll(new RegExp(LINK, "g"))) {
      expect(target!.slice(0, 3), `${name} links ${number}`).toBe(number);
      expect(records, `${name} names ${target}`).toContain(target);
      expect(Number(number), `${name} is changed by a later record`).toBeGreaterThan(
        Number(name.slice(0, 3)),
      );
      const text = fs.readFileSync(path.join(dir, target!), "utf8");
      expect(text, `${target} says it changes ${name}`).toMatch(
        new RegExp(`\\b${name.slice(0, 3)}\\b`),
      );
    }
  });

  it("are each listed once in the index", () => {
    const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");
    for (const name of records) {
      expect(index.split(`](${name})`).length - 1, name).toBe(1);
    }
  });
});
