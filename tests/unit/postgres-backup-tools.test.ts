import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { databaseUrl, describeDatabase, pgToolPath } from "~/models/backups/postgres.server";

/* Decision 121: where a PostgreSQL backup finds its tools, and how it names a database. */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-tools-"));

function fakeTool(dir: string, name: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), "#!/bin/sh\n", { mode: 0o755 });
  return path.join(dir, name);
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("pgToolPath", () => {
  test("takes PG_BIN_DIR first, and says so when the tool is not there", () => {
    const bin = path.join(scratch, "pg-bin");
    const dump = fakeTool(bin, "pg_dump");
    // One on PATH too: PG_BIN_DIR wins.
    const onPath = path.dirname(fakeTool(path.join(scratch, "on-path"), "pg_dump"));
    expect(pgToolPath("pg_dump", bin, onPath)).toBe(dump);
    expect(() => pgToolPath("pg_restore", bin)).toThrow(/No se encontró pg_restore en PG_BIN_DIR/);
  });

  test("else the first on PATH that can run", () => {
    const notExecutable = path.join(scratch, "path-a");
    fs.mkdirSync(notExecutable);
    fs.writeFileSync(path.join(notExecutable, "pg_restore"), "", { mode: 0o644 });
    const found = fakeTool(path.join(scratch, "path-b"), "pg_restore");
    const searchPath = [path.join(scratch, "missing"), notExecutable, path.dirname(found)].join(
      path.delimiter,
    );
    expect(pgToolPath("pg_restore", undefined, searchPath)).toBe(found);
  });
});

describe("database names", () => {
  const url = "postgres://tienda:clave%20secreta@db.example.com:5432/perfumeria?sslmode=require";

  test("describeDatabase names the database and its server, never the password", () => {
    expect(describeDatabase(url)).toBe("perfumeria en db.example.com:5432");
  });

  test("databaseUrl is the same server and credentials, another database", () => {
    expect(databaseUrl(url, "perfumeria_verify_ab12")).toBe(
      "postgres://tienda:clave%20secreta@db.example.com:5432/perfumeria_verify_ab12?sslmode=require",
    );
  });
});
