import { sql } from "kysely";
import { db } from "~/utils/db.server";

/** For uptime monitors: the process answers and the database file is readable. */
export async function loader() {
  await sql`select 1`.execute(db);
  return new Response("OK", { headers: { "Cache-Control": "no-store" } });
}
