import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Admin orders (issue 8): the order detail shows who changed what and when. Each status change
 * made by order-lifecycle.server.ts (changeOrderStatus) writes one row here, in the same
 * transaction as the change. actor_id is the admin who made it; null when nobody is known
 * (the shop itself, or a change made before this table existed). Placing the order writes no
 * row: the detail reads "Pedido recibido" from orders.created_at.
 *
 * Orders changed before this migration get their known steps back from what was kept then:
 * paid_at, shipped_at (with the guide number) and delivered_at without an actor; the
 * cancel or deny from the customer's activity log with the admin and the notes; a guest's
 * cancel or deny (never logged) at updated_at; a processing order's step at updated_at.
 * from_status is null where it cannot be known.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const now = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const statuses = `('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'denied')`;
const columns = `(order_id, from_status, to_status, actor_id, note, tracking_number, created_at)`;

const statements = [
  `CREATE TABLE order_status_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status TEXT CHECK (from_status IN ${statuses}),
  to_status TEXT NOT NULL CHECK (to_status IN ${statuses}),
  actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  note TEXT,
  tracking_number TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX order_status_events_order_idx ON order_status_events (order_id, created_at)`,

  `INSERT INTO order_status_events ${columns}
SELECT id, 'pending', 'paid', NULL, NULL, NULL, paid_at FROM orders WHERE paid_at IS NOT NULL`,
  `INSERT INTO order_status_events ${columns}
SELECT id, 'paid', 'processing', NULL, NULL, NULL, updated_at FROM orders
WHERE status = 'processing'`,
  `INSERT INTO order_status_events ${columns}
SELECT id, 'processing', 'shipped', NULL, NULL, tracking_number, shipped_at FROM orders
WHERE shipped_at IS NOT NULL`,
  `INSERT INTO order_status_events ${columns}
SELECT id, CASE WHEN shipped_at IS NULL THEN 'processing' ELSE 'shipped' END, 'delivered',
  NULL, NULL, NULL, delivered_at
FROM orders WHERE delivered_at IS NOT NULL`,
  // The lifecycle worded the log entry "Pedido PH-… cancelado" / "… denegado".
  `INSERT INTO order_status_events ${columns}
SELECT o.id,
  CASE WHEN l.old_value IN ${statuses} THEN l.old_value END,
  CASE l.action_type WHEN 'order_cancelled' THEN 'cancelled' ELSE 'denied' END,
  l.admin_id, l.admin_notes, NULL, l.created_at
FROM user_activity_log l
JOIN orders o ON o.user_id = l.user_id
  AND l.action_description = 'Pedido ' || o.order_number || ' '
    || CASE l.action_type WHEN 'order_cancelled' THEN 'cancelado' ELSE 'denegado' END
WHERE l.action_type IN ('order_cancelled', 'order_denied')`,
  `INSERT INTO order_status_events ${columns}
SELECT id, NULL, status, NULL, NULL, NULL, updated_at FROM orders o
WHERE status IN ('cancelled', 'denied')
  AND NOT EXISTS (SELECT 1 FROM order_status_events e
    WHERE e.order_id = o.id AND e.to_status = o.status)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await run(db, statement);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DROP TABLE IF EXISTS order_status_events`).execute(db);
}
