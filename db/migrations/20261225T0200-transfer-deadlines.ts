import { sql, type Kysely } from "kysely";
import { followCopiedIds, run } from "./dialect";

/*
 * Issue 12: bank transfers that are never paid.
 * - `orders.payment_due_at`: the deadline an admin set for one order; null means the order's
 *   creation plus the `transfer_deadline_hours` setting (so changing the setting moves every
 *   deadline not extended by hand).
 * - `orders.payment_reminded_at`: when the half-time reminder was written; set once, by the
 *   same conditional update that claims the reminder, so two workers never send it twice.
 * - `order_status_events.by_system`: 1 for a change the shop's job made (no admin).
 * - `notifications.type` gains `payment_reminder`. SQLite cannot alter a CHECK, so the table
 *   is rebuilt with its rows, ids and index (nothing references notifications).
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const now = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const notificationsWith = (types: string[]) => `CREATE TABLE notifications_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN (${types.map((type) => `'${type}'`).join(", ")})),
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  order_number TEXT,
  is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT ${now}
)`;

const SPEC_TYPES = [
  "order_cancelled",
  "order_denied",
  "order_deleted",
  "order_approved",
  "order_shipped",
  "order_delivered",
  "promo_code_assigned",
  "promo_code",
  "loyalty_points",
];

async function rebuildNotifications(db: Kysely<unknown>, types: string[]) {
  await run(db, notificationsWith(types));
  await sql`INSERT INTO notifications_next (id, user_id, type, title, message, order_id, order_number, is_read, created_at)
    SELECT id, user_id, type, title, message, order_id, order_number, is_read, created_at
    FROM notifications WHERE type IN (${sql.join(types)})`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
  await sql`ALTER TABLE notifications_next RENAME TO notifications`.execute(db);
  await followCopiedIds(db, "notifications");
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, is_read, created_at)`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>) {
  // The history row of a change the shop's own job made (shown as "Sistema"); actor_id null
  // alone cannot tell it from a step recovered from older records.
  await db.schema
    .alterTable("order_status_events")
    .addColumn("by_system", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`by_system IN (0, 1)`),
    )
    .execute();
  await db.schema.alterTable("orders").addColumn("payment_due_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_reminded_at", "text").execute();
  await rebuildNotifications(db, [...SPEC_TYPES, "payment_reminder"]);
}

export async function down(db: Kysely<unknown>) {
  await rebuildNotifications(db, SPEC_TYPES);
  await db.schema.alterTable("orders").dropColumn("payment_reminded_at").execute();
  await db.schema.alterTable("orders").dropColumn("payment_due_at").execute();
  await db.schema.alterTable("order_status_events").dropColumn("by_system").execute();
}
