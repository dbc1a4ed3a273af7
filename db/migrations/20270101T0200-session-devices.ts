import type { Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 40, point 4 (decision 164): the sessions people can see.
 * - `sessions.user_agent`: the browser's User-Agent at sign-in, cut to 512 characters (a huge
 *   header is not stored whole); /profile/security names the browser and system from it.
 * - `sessions.ip_network`: the network of the address it signed in from, never the address
 *   itself: an IPv4 /24 (`190.53.12.0/24`) or an IPv6 /48.
 * Both null for sessions from before this migration and for guests' (no sign-in).
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE sessions ADD COLUMN user_agent TEXT`);
  await run(db, `ALTER TABLE sessions ADD COLUMN ip_network TEXT`);
}

export async function down(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE sessions DROP COLUMN ip_network`);
  await run(db, `ALTER TABLE sessions DROP COLUMN user_agent`);
}
