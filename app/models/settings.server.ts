import { sql } from "kysely";
import { db } from "~/utils/db.server";
import { parseSettings, type StoreSettings } from "./settings";
import { SETTING_DEFINITIONS, settingDefault, type SettingKey } from "./settings-definitions";

/*
 * D3: settings are read on the server for every request from an in-process cache, parsed once
 * per fill into typed values (settings.ts). Our own writes clear it; SQLite's data_version tells
 * us when another connection (a script, the test suite, a second server process) committed, so
 * those writes are seen on the next request too.
 */
let cache: { version: number; settings: StoreSettings } | undefined;

/** A mistyped value is reported once per process, not on every request. */
const reported = new Set<string>();

async function dataVersion() {
  const { rows } = await sql<{ dataVersion: number }>`PRAGMA data_version`.execute(db);
  return rows[0]?.dataVersion ?? 0;
}

/** Every setting, typed: money in centavos, numbers, booleans, texts. */
export async function getSettings(): Promise<StoreSettings> {
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
  cache = { version, settings };
  return settings;
}

export async function isMaintenanceMode() {
  return (await getSettings()).maintenanceMode;
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
