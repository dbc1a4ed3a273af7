import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { parseSettings, type StoreSettings } from "./settings";

/*
 * getSettings' parse over a caller's executor, in a module that never opens the app's
 * connection: the lifecycle's steps (which the seed and the factories run) read by it.
 */

/**
 * The settings as `executor` reads them, parsed like getSettings but never cached: for a
 * transaction that decides by them (decision 171: whether an order's payment issues its invoice,
 * and the issuer it names) and holds SQLite's one connection meanwhile.
 */
export async function readSettingsIn(executor: Kysely<Database>): Promise<StoreSettings> {
  const rows = await executor.selectFrom("settings").select(["key", "value"]).execute();
  return parseSettings(Object.fromEntries(rows.map((row) => [row.key, row.value]))).settings;
}
