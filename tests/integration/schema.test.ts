import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CamelCasePlugin } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDb, databasePath, migrateToLatest, openSqlite } from "#db/connection";

/*
 * Drift test: db/types.ts is written by hand, so nothing else notices when a migration
 * adds a column, makes one nullable or gives it a default and the Database interface
 * is not updated (or the other way round).
 */

const TYPES_FILE = fileURLToPath(new URL("../../db/types.ts", import.meta.url));

interface Column {
  name: string;
  nullable: boolean;
  /** Has a DEFAULT or is the INTEGER PRIMARY KEY (rowid): may be omitted on insert. */
  generated: boolean;
}

interface Property {
  name: string;
  typeText: string;
  nullable: boolean;
  generated: boolean;
}

/** Kysely's own mapping, so the test agrees with what queries do at run time. */
class CaseMapper extends CamelCasePlugin {
  toCamel(name: string) {
    return this.camelCase(name);
  }
  toSnake(name: string) {
    return this.snakeCase(name);
  }
}
const mapper = new CaseMapper();

interface TableInfoRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

async function readMigratedSchema() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-schema-"));
  const sqlite = openSqlite(databasePath(dir));
  const db = createDb(sqlite);
  try {
    await migrateToLatest(db);
    // Virtual tables (the FTS5 search index) and their shadow tables hold no typed columns:
    // the app reaches them only through raw SQL in its models.
    const tableNames = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'",
      )
      .all()
      .map((row) => row.name)
      .filter((name) => !name.startsWith("sqlite_") && !name.startsWith("kysely_migration"));

    const tables = new Map<string, Column[]>();
    for (const table of tableNames) {
      const rows = sqlite.prepare<[], TableInfoRow>(`PRAGMA table_info("${table}")`).all();
      const primaryKey = rows.filter((row) => row.pk > 0);
      tables.set(
        table,
        rows.map((row) => {
          // Only a single-column INTEGER PRIMARY KEY aliases the rowid and fills itself in.
          const isRowid =
            primaryKey.length === 1 && row.pk === 1 && row.type.toUpperCase() === "INTEGER";
          return {
            name: row.name,
            nullable: row.notnull === 0 && row.pk === 0,
            generated: row.dflt_value !== null || isRowid,
          };
        }),
      );
    }
    return tables;
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Names of type aliases that make a column optional on insert: Kysely's Generated, plus
 * every alias in the file that is a ColumnType whose insert type admits undefined
 * (Defaulted) or that refers to such an alias (JsonList, Timestamp).
 */
function findGeneratedAliases(source: ts.SourceFile) {
  const aliases = new Set(["Generated", "GeneratedAlways"]);
  const declarations = source.statements.filter(ts.isTypeAliasDeclaration);
  const isGeneratedReference = (node: ts.TypeNode): boolean => {
    if (!ts.isTypeReferenceNode(node)) return false;
    const name = node.typeName.getText(source);
    if (aliases.has(name)) return true;
    const insertType = node.typeArguments?.[1];
    return (
      name === "ColumnType" &&
      insertType !== undefined &&
      ts.isUnionTypeNode(insertType) &&
      insertType.types.some((member) => member.kind === ts.SyntaxKind.UndefinedKeyword)
    );
  };
  let grew = true;
  while (grew) {
    grew = false;
    for (const declaration of declarations) {
      const name = declaration.name.text;
      if (!aliases.has(name) && isGeneratedReference(declaration.type)) {
        aliases.add(name);
        grew = true;
      }
    }
  }
  return aliases;
}

function readDatabaseInterface(sourceText: string) {
  const source = ts.createSourceFile("types.ts", sourceText, ts.ScriptTarget.Latest, true);
  const generatedAliases = findGeneratedAliases(source);
  const interfaces = new Map(
    source.statements
      .filter(ts.isInterfaceDeclaration)
      .map((declaration) => [declaration.name.text, declaration]),
  );

  const database = interfaces.get("Database");
  if (!database) throw new Error("db/types.ts has no `interface Database`");

  const tables = new Map<string, Property[]>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableKey = member.name.getText(source);
    const tableInterface = interfaces.get(member.type.getText(source));
    if (!tableInterface) {
      throw new Error(`Database.${tableKey} does not refer to an interface in db/types.ts`);
    }
    tables.set(
      tableKey,
      tableInterface.members.filter(ts.isPropertySignature).map((property) => {
        const typeText = (property.type?.getText(source) ?? "").replace(/\s+/g, " ");
        const typeName =
          property.type && ts.isTypeReferenceNode(property.type)
            ? property.type.typeName.getText(source)
            : undefined;
        return {
          name: property.name.getText(source),
          typeText,
          nullable: /\|\s*null\b/.test(typeText),
          generated: typeName !== undefined && generatedAliases.has(typeName),
        };
      }),
    );
  }
  return { tables, generatedAliases };
}

function compareSchema(database: Map<string, Column[]>, types: Map<string, Property[]>): string[] {
  const mismatches: string[] = [];
  const seen = new Set<string>();

  for (const [table, columns] of database) {
    const key = mapper.toCamel(table);
    seen.add(key);
    const properties = types.get(key);
    if (!properties) {
      mismatches.push(`${table}: table exists in the migrations but not in Database (as ${key})`);
      continue;
    }
    const byName = new Map(properties.map((property) => [property.name, property]));
    const columnKeys = new Set<string>();

    for (const column of columns) {
      const name = mapper.toCamel(column.name);
      columnKeys.add(name);
      const where = `${table}.${column.name} (${key}.${name})`;
      if (mapper.toSnake(name) !== column.name) {
        mismatches.push(
          `${where}: CamelCasePlugin maps ${name} back to ${mapper.toSnake(name)}, not ${column.name}`,
        );
      }
      const property = byName.get(name);
      if (!property) {
        mismatches.push(`${where}: column missing from the interface`);
        continue;
      }
      if (column.nullable !== property.nullable) {
        mismatches.push(
          column.nullable
            ? `${where}: column is nullable but the type \`${property.typeText}\` has no \`| null\``
            : `${where}: column is NOT NULL but the type \`${property.typeText}\` allows null`,
        );
      }
      if (column.generated !== property.generated) {
        mismatches.push(
          column.generated
            ? `${where}: column has a default but \`${property.typeText}\` is required on insert (use Generated/Defaulted)`
            : `${where}: column has no default but \`${property.typeText}\` is optional on insert`,
        );
      }
    }
    for (const property of properties) {
      if (!columnKeys.has(property.name)) {
        mismatches.push(`${table}: interface property ${key}.${property.name} has no column`);
      }
    }
  }

  for (const key of types.keys()) {
    if (!seen.has(key)) mismatches.push(`Database.${key}: no such table in the migrations`);
  }
  return mismatches;
}

describe("db/types.ts matches db/migrations", () => {
  let database: Map<string, Column[]>;
  const typesSource = fs.readFileSync(TYPES_FILE, "utf8");

  beforeAll(async () => {
    database = await readMigratedSchema();
  });

  afterAll(() => {
    database?.clear();
  });

  test("the migrations create tables and the type file declares the insert-optional aliases", () => {
    expect(database.size).toBeGreaterThan(10);
    expect(database.get("users")?.map((column) => column.name)).toContain("favorite_address1");
    const { generatedAliases } = readDatabaseInterface(typesSource);
    for (const alias of ["Generated", "Defaulted", "JsonList", "Timestamp"]) {
      expect(generatedAliases).toContain(alias);
    }
  });

  test("every table, column, nullability and default agrees", () => {
    const { tables } = readDatabaseInterface(typesSource);
    const mismatches = compareSchema(database, tables);
    expect(
      mismatches,
      `db/types.ts drifted from the migrations:\n${mismatches.join("\n")}`,
    ).toEqual([]);
  });

  // Guards the guard: a comparison that finds nothing on a broken file would pass forever.
  test("reports drift when the types are wrong", () => {
    const drifted = typesSource
      .replace("  favoriteAddress1: string | null;\n", "  favoriteAddress1: string;\n")
      .replace("  googleId: string | null;\n", "")
      .replace("  totalOrders: Defaulted<number>;\n", "  totalOrders: number;\n")
      .replace("  email: string;\n", "  email: string;\n  nickname: string;\n")
      .replace("  sessions: SessionsTable;\n", "");
    expect(drifted).not.toBe(typesSource);

    const mismatches = compareSchema(database, readDatabaseInterface(drifted).tables);
    expect(mismatches).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users\.google_id .*missing from the interface/),
        expect.stringMatching(/^users\.favorite_address1 .*nullable but the type `string`/),
        expect.stringMatching(/^users\.total_orders .*has a default but `number`/),
        expect.stringMatching(/^users: interface property users\.nickname has no column/),
        expect.stringMatching(/^sessions: table exists in the migrations but not in Database/),
      ]),
    );
  });
});
