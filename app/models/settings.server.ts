import { sql } from "kysely";
import { db } from "~/utils/db.server";
import { SETTING_DEFINITIONS, type SettingKey } from "./settings-definitions";

export type Settings = Record<SettingKey, string>;

/*
 * D3: settings are read on the server for every request from an in-process cache.
 * Our own writes clear it; SQLite's data_version tells us when another connection
 * (a script, the test suite, a second server process) committed, so those writes
 * are seen on the next request too.
 */
let cache: { version: number; settings: Settings } | undefined;

async function dataVersion() {
  const { rows } = await sql<{ dataVersion: number }>`PRAGMA data_version`.execute(db);
  return rows[0]?.dataVersion ?? 0;
}

function defaults(): Settings {
  return Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.value])) as Settings;
}

export async function getSettings(): Promise<Settings> {
  const version = await dataVersion();
  if (cache && cache.version === version) return cache.settings;
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const settings = defaults();
  for (const row of rows) (settings as Record<string, string>)[row.key] = row.value;
  cache = { version, settings };
  return settings;
}

export async function getSetting(key: SettingKey) {
  return (await getSettings())[key];
}

export function isTrue(value: string | undefined) {
  return value === "true" || value === "1";
}

export async function isMaintenanceMode() {
  return isTrue(await getSetting("maintenanceMode"));
}

/** Writes several settings at once (the admin saves a category together). */
export async function updateSettings(entries: Partial<Record<SettingKey, string>>) {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) continue;
      const definition = SETTING_DEFINITIONS.find((d) => d.key === key);
      await trx
        .insertInto("settings")
        .values({
          key,
          value,
          category: definition?.category ?? "general",
          label: definition?.label ?? key,
          inputType: definition?.inputType ?? "text",
          sortOrder: definition?.sortOrder ?? 0,
          updatedAt: now,
        })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updatedAt: now }))
        .execute();
    }
  });
  cache = undefined;
}

export async function setMaintenanceMode(on: boolean) {
  await updateSettings({ maintenanceMode: on ? "true" : "false" });
}
