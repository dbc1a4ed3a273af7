import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { parseSettings, type StoreSettings } from "../../app/models/settings/settings";

export type { StoreSettings };

/**
 * The store's settings as the app reads them (the one parser, over the defaults). The factories
 * price, number and reward with these, so a test that changes a setting gets records that
 * follow it.
 */
export async function storeSettings(db: Kysely<Database>): Promise<StoreSettings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  return parseSettings(Object.fromEntries(rows.map((row) => [row.key, row.value]))).settings;
}
