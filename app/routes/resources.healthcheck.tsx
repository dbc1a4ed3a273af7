import { sql } from "kysely";
import { db } from "~/utils/db.server";

/**
 * For uptime monitors and load balancers (docs/deployment.md): the process answers and its
 * database (the SQLite file, or PostgreSQL) runs a query. Never cached.
 */
export async function loader() {
  await sql`select 1`.execute(db);
  return new Response("OK", { headers: { "Cache-Control": "no-store" } });
}
