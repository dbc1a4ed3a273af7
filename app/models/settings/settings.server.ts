import { sql, type Kysely } from "kysely";
import { isPostgres } from "#db/connection";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { parseSettingValue, parseSettings, type StoreSettings } from "./settings";
export { readSettingsIn } from "./read-settings.server";
import { settingDefinition, settingDefault, type SettingKey } from "./definitions";

/*
 * D3: settings are read on the server for every request from an in-process cache, parsed once
 * per fill into typed values (settings.ts). Our own writes clear it; SQLite's data_version (on
 * PostgreSQL, the storefront's version row) tells us when another connection (a script, the
 * test suite, a second server process) committed, so those writes are seen on the next request
 * too.
 */
let cache: { version: number; settings: StoreSettings } | undefined;
/*
 * Bumped by every write of ours. A read that started before a write must not store what it
 * read after the write cleared the cache (PRAGMA data_version does not change for writes on
 * our own connection), or the old values would stay until another process wrote.
 */
let generation = 0;

/** A mistyped value is reported once per process, not on every request. */
const reported = new Set<string>();

async function dataVersion() {
  // PostgreSQL (issue 24): the storefront's version row, which every settings write bumps in
  // its own transaction, whichever server wrote (migration 20261223T0200).
  if (isPostgres(db)) {
    const row = await db
      .selectFrom("pageCacheVersion")
      .select("version")
      .where("id", "=", 1)
      .executeTakeFirst();
    return row?.version ?? 0;
  }
  const { rows } = await sql<{ dataVersion: number }>`PRAGMA data_version`.execute(db);
  return rows[0]?.dataVersion ?? 0;
}

/** Every setting, typed: money in centavos, numbers, booleans, texts. */
export async function getSettings(): Promise<StoreSettings> {
  const startedAt = generation;
  const version = await dataVersion();
  if (cache && cache.version === version) return cache.settings;
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const { settings, invalid } = parseSettings(
    Object.fromEntries(rows.map((row) => [row.key, row.value])),
  );
  for (const { key, value } of invalid) {
    const id = `${key}=${value}`;
    if (reported.has(id)) continue;
    reported.add(id);
    console.warn(
      `Ajuste inválido: ${key} = ${JSON.stringify(value)}; se usa el valor por defecto ${JSON.stringify(settingDefault(key))}.`,
    );
  }
  if (startedAt === generation) cache = { version, settings };
  return settings;
}

export async function isMaintenanceMode() {
  return (await getSettings()).maintenanceMode;
}

/** Whether `value` would change what `key` stands for now (`stored`, or its default). */
function changes(key: SettingKey, stored: string | undefined, value: string) {
  const definition = settingDefinition(key);
  const effective = (text: string | undefined) =>
    text === undefined ? undefined : parseSettingValue(definition, text);
  const next = effective(value);
  return next === undefined || next !== (effective(stored) ?? effective(definition.value));
}

async function storedValues(executor: Kysely<Database>, keys: SettingKey[]) {
  const rows = await executor
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/**
 * Which of `entries` would change a setting that asks for a fresh second factor (decision 163:
 * the bank account the checkout shows; the fiscal data when it comes), read only.
 */
export async function guardedSettingChanges(entries: Partial<Record<SettingKey, string>>) {
  const keys = (Object.keys(entries) as SettingKey[]).filter(
    (key) => settingDefinition(key).stepUp && entries[key] !== undefined,
  );
  if (keys.length === 0) return [];
  const stored = await storedValues(db, keys);
  return keys.filter((key) => changes(key, stored.get(key), entries[key]!));
}

/**
 * Writes several settings in one transaction (the admin saves a tab together) and returns the
 * keys whose value changed: an entry that stands for the value already in effect (`150.00` for
 * `150`, the default of a missing row) is not written. The next `getSettings` reads the new
 * values (D3), in this process and in any other.
 */
export async function updateSettings(
  entries: Partial<Record<SettingKey, string>>,
  executor: Kysely<Database> = db,
): Promise<{ changed: SettingKey[] }> {
  const now = new Date().toISOString();
  const changed = await executor.transaction().execute(async (trx) => {
    const keys = Object.keys(entries) as SettingKey[];
    if (keys.length === 0) return [];
    const stored = await storedValues(trx, keys);
    const written: SettingKey[] = [];
    for (const key of keys) {
      const value = entries[key];
      if (value === undefined || !changes(key, stored.get(key), value)) continue;
      const definition = settingDefinition(key);
      await trx
        .insertInto("settings")
        .values({
          key,
          value,
          category: definition.category,
          label: definition.label,
          description: definition.description ?? null,
          inputType: definition.inputType,
          isRequired: definition.isRequired,
          sortOrder: definition.sortOrder,
          updatedAt: now,
        })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now }))
        .execute();
      written.push(key);
    }
    return written;
  });
  if (changed.length > 0) {
    generation += 1;
    cache = undefined;
  }
  return { changed };
}

export async function setMaintenanceMode(on: boolean) {
  await updateSettings({ maintenanceMode: on ? "true" : "false" });
}
