import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { SETTING_DEFINITIONS, type SettingKey } from "../../app/models/settings-definitions";

export type StoreSettings = Record<SettingKey, string>;

/**
 * The store's settings as the app sees them: the stored rows over the defaults (a missing row
 * reads as its default). The factories price, number and reward with these, so a test that
 * changes a setting gets records that follow it.
 */
export async function storeSettings(db: Kysely<Database>): Promise<StoreSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const settings: Record<string, string> = Object.fromEntries(
    SETTING_DEFINITIONS.map((definition) => [definition.key, definition.value]),
  );
  for (const row of rows) if (row.key in settings) settings[row.key] = row.value;
  return settings as StoreSettings;
}

/** A numeric setting; a stored value that is not a number is a broken test setup. */
export function settingNumber(settings: StoreSettings, key: SettingKey): number {
  const value = Number(settings[key]);
  if (settings[key].trim() === "" || !Number.isFinite(value)) {
    throw new Error(`Ajuste no numérico: ${key} = ${JSON.stringify(settings[key])}`);
  }
  return value;
}
