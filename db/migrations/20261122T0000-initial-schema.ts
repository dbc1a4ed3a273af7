import { sql, type Kysely } from "kysely";
import { onPostgres, run } from "./dialect";

/*
 * The whole entity set of backoffice.md §3 and storefront.md §3.
 * Frozen: never edit after it has shipped; add a new migration instead.
 *
 * Conventions: snake_case columns (the app sees camelCase through Kysely's
 * CamelCasePlugin), money in integer centavos (D6), booleans 0/1 with CHECK,
 * timestamps ISO-8601 UTC text, lists as JSON text arrays.
 */

const now = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const bool = (name: string, fallback: 0 | 1) =>
  `${name} INTEGER NOT NULL DEFAULT ${fallback} CHECK (${name} IN (0, 1))`;
const jsonList = (name: string) =>
  `${name} TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(${name}) AND json_type(${name}) = 'array')`;
const timestamps = `created_at TEXT NOT NULL DEFAULT ${now},
  updated_at TEXT NOT NULL DEFAULT ${now}`;

const statements = [
  `CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) <= 254),
  password_hash TEXT,
  google_id TEXT UNIQUE,
  first_name TEXT NOT NULL DEFAULT '' CHECK (length(first_name) <= 100),
  last_name TEXT NOT NULL DEFAULT '' CHECK (length(last_name) <= 100),
  phone TEXT CHECK (length(phone) <= 20),
  address TEXT,
  role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
  ${bool("is_blocked", 0)},
  total_orders INTEGER NOT NULL DEFAULT 0 CHECK (total_orders >= 0),
  total_spent INTEGER NOT NULL DEFAULT 0 CHECK (total_spent >= 0),
  admin_notes TEXT,
  loyalty_points INTEGER NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
  loyalty_tier TEXT NOT NULL DEFAULT 'bronce' CHECK (loyalty_tier IN ('bronce', 'plata', 'oro')),
  points_earned INTEGER NOT NULL DEFAULT 0 CHECK (points_earned >= 0),
  points_redeemed INTEGER NOT NULL DEFAULT 0 CHECK (points_redeemed >= 0),
  last_purchase_date TEXT,
  consecutive_purchases INTEGER NOT NULL DEFAULT 0,
  birth_date TEXT,
  ${bool("has_registration_bonus", 0)},
  favorite_address1 TEXT,
  favorite_address2 TEXT,
  ${timestamps}
)`,
  `CREATE INDEX users_role_idx ON users (role)`,

  `CREATE TABLE brands (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
  slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 120),
  description TEXT,
  logo_url TEXT,
  country TEXT,
  ${bool("is_active", 1)},
  ${timestamps}
)`,

  `CREATE TABLE products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 250),
  brand_id INTEGER NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  category TEXT NOT NULL DEFAULT 'fragrance'
    CHECK (category IN ('fragrance', 'skincare', 'makeup', 'haircare', 'bodycare', 'accessories')),
  gender TEXT NOT NULL DEFAULT 'unisex' CHECK (gender IN ('masculine', 'feminine', 'unisex')),
  perfume_type TEXT NOT NULL DEFAULT 'designer' CHECK (perfume_type IN ('designer', 'niche')),
  catalog_type TEXT NOT NULL DEFAULT 'normal' CHECK (catalog_type IN ('normal', 'custom_order')),
  description TEXT NOT NULL DEFAULT '',
  short_description TEXT CHECK (length(short_description) <= 500),
  price INTEGER NOT NULL CHECK (price > 0),
  original_price INTEGER CHECK (original_price IS NULL OR original_price > 0),
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  min_stock INTEGER NOT NULL DEFAULT 5 CHECK (min_stock >= 0),
  size TEXT NOT NULL DEFAULT '100ml' CHECK (length(size) <= 20),
  ${jsonList("available_sizes")},
  concentration TEXT CHECK (length(concentration) <= 50),
  ${jsonList("top_notes")},
  ${jsonList("middle_notes")},
  ${jsonList("base_notes")},
  longevity TEXT,
  sillage TEXT,
  ${jsonList("season_recommendation")},
  ${jsonList("occasion_recommendation")},
  ${jsonList("images")},
  video_url TEXT,
  ${bool("is_active", 1)},
  ${bool("is_featured", 0)},
  ${bool("is_new", 0)},
  ${bool("is_viral", 0)},
  ${bool("is_exclusive", 0)},
  view_count INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  sales_count INTEGER NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
  average_rating REAL NOT NULL DEFAULT 0 CHECK (average_rating BETWEEN 0 AND 5),
  review_count INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  ${timestamps}
)`,
  // The catalogue always filters on is_active first, then one filter and one sort.
  `CREATE INDEX products_brand_idx ON products (brand_id, is_active)`,
  `CREATE INDEX products_active_created_idx ON products (is_active, created_at)`,
  `CREATE INDEX products_active_price_idx ON products (is_active, price)`,
  `CREATE INDEX products_active_sales_idx ON products (is_active, sales_count)`,
  `CREATE INDEX products_active_rating_idx ON products (is_active, average_rating)`,
  `CREATE INDEX products_gender_idx ON products (gender, is_active)`,
  `CREATE INDEX products_type_idx ON products (perfume_type, is_active)`,
  `CREATE INDEX products_catalog_type_idx ON products (catalog_type, is_active)`,

  `CREATE TABLE promo_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(code) BETWEEN 1 AND 50),
  description TEXT,
  discount_type TEXT NOT NULL CHECK (discount_type IN ('percentage', 'fixed')),
  -- percentage: whole percent 1..100; fixed: centavos
  discount_value INTEGER NOT NULL CHECK (discount_value > 0),
  min_order_amount INTEGER NOT NULL DEFAULT 0 CHECK (min_order_amount >= 0),
  max_uses INTEGER NOT NULL DEFAULT 0 CHECK (max_uses >= 0),
  current_uses INTEGER NOT NULL DEFAULT 0 CHECK (current_uses >= 0),
  ${bool("is_active", 1)},
  valid_from TEXT,
  valid_until TEXT,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  ${timestamps},
  CHECK (discount_type <> 'percentage' OR discount_value <= 100)
)`,

  `CREATE TABLE orders (
  id TEXT PRIMARY KEY CHECK (length(id) = 36),
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  session_id TEXT CHECK (length(session_id) <= 128),
  order_number TEXT NOT NULL UNIQUE CHECK (length(order_number) BETWEEN 1 AND 20),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'denied')),
  payment_method TEXT NOT NULL DEFAULT 'bank_transfer'
    CHECK (payment_method IN ('bank_transfer', 'cash_on_delivery', 'store_pickup')),
  shipping_method TEXT NOT NULL DEFAULT 'standard'
    CHECK (shipping_method IN ('standard', 'express', 'pickup')),
  subtotal INTEGER NOT NULL CHECK (subtotal >= 0),
  shipping_cost INTEGER NOT NULL DEFAULT 0 CHECK (shipping_cost >= 0),
  tax INTEGER NOT NULL DEFAULT 0 CHECK (tax >= 0),
  coupon_discount INTEGER NOT NULL DEFAULT 0 CHECK (coupon_discount >= 0),
  total INTEGER NOT NULL CHECK (total >= 0),
  customer_name TEXT NOT NULL DEFAULT '',
  customer_email TEXT NOT NULL CHECK (length(customer_email) <= 254),
  customer_phone TEXT,
  shipping_address TEXT,
  shipping_city TEXT,
  shipping_zone TEXT,
  tracking_number TEXT,
  payment_proof TEXT,
  admin_notes TEXT,
  coupon_code TEXT,
  promo_code_id INTEGER REFERENCES promo_codes (id) ON DELETE SET NULL,
  estimated_delivery TEXT,
  paid_at TEXT,
  shipped_at TEXT,
  delivered_at TEXT,
  ${timestamps}
)`,
  `CREATE INDEX orders_user_idx ON orders (user_id, created_at)`,
  `CREATE INDEX orders_session_idx ON orders (session_id)`,
  `CREATE INDEX orders_status_idx ON orders (status, created_at)`,
  `CREATE INDEX orders_created_idx ON orders (created_at)`,
  `CREATE INDEX orders_email_idx ON orders (customer_email COLLATE NOCASE)`,

  `CREATE TABLE order_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id INTEGER REFERENCES products (id) ON DELETE SET NULL,
  size TEXT NOT NULL DEFAULT '100ml',
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  price INTEGER NOT NULL CHECK (price >= 0),
  product_name TEXT NOT NULL CHECK (length(product_name) <= 200),
  product_image TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX order_items_order_idx ON order_items (order_id)`,
  `CREATE INDEX order_items_product_idx ON order_items (product_id)`,

  `CREATE TABLE reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT CHECK (length(title) <= 200),
  comment TEXT NOT NULL CHECK (length(trim(comment)) > 0),
  ${bool("is_verified", 0)},
  ${bool("is_approved", 0)},
  admin_response TEXT,
  ${timestamps},
  UNIQUE (product_id, user_id)
)`,
  `CREATE INDEX reviews_product_idx ON reviews (product_id, is_approved, created_at)`,
  `CREATE INDEX reviews_user_idx ON reviews (user_id)`,

  `CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email TEXT NOT NULL CHECK (length(email) <= 254),
  phone TEXT,
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  ${bool("is_read", 0)},
  ${bool("is_replied", 0)},
  reply TEXT,
  replied_at TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX messages_created_idx ON messages (created_at)`,

  `CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  session_id TEXT CHECK (length(session_id) <= 128),
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size TEXT NOT NULL DEFAULT '100ml',
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  ${timestamps},
  CHECK (user_id IS NOT NULL OR session_id IS NOT NULL)
)`,
  `CREATE UNIQUE INDEX cart_items_user_line_idx ON cart_items (user_id, product_id, size) WHERE user_id IS NOT NULL`,
  `CREATE UNIQUE INDEX cart_items_session_line_idx ON cart_items (session_id, product_id, size) WHERE user_id IS NULL`,

  `CREATE TABLE wishlist_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT ${now},
  UNIQUE (user_id, product_id)
)`,

  // D7: one key/value store that merges site_settings and enhanced_settings.
  `CREATE TABLE settings (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 100),
  value TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT 'general'
    CHECK (category IN ('general', 'contact', 'social', 'company', 'business', 'checkout', 'loyalty', 'system')),
  label TEXT NOT NULL DEFAULT '',
  description TEXT,
  input_type TEXT NOT NULL DEFAULT 'text'
    CHECK (input_type IN ('text', 'textarea', 'number', 'money', 'boolean', 'email', 'url', 'tel')),
  ${bool("is_required", 0)},
  sort_order INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT ${now}
)`,

  `CREATE TABLE user_activity_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  admin_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  action_type TEXT NOT NULL CHECK (action_type IN ('admin_note', 'role_change', 'account_block',
    'account_unblock', 'password_change', 'password_reset', 'profile_update', 'order_cancelled',
    'order_denied', 'order_deleted')),
  action_description TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  field_changed TEXT,
  admin_notes TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX user_activity_log_user_idx ON user_activity_log (user_id, created_at)`,

  `CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('order_cancelled', 'order_denied', 'order_deleted',
    'order_approved', 'order_shipped', 'order_delivered', 'promo_code_assigned', 'promo_code',
    'loyalty_points')),
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  order_number TEXT,
  ${bool("is_read", 0)},
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX notifications_user_idx ON notifications (user_id, is_read, created_at)`,

  `CREATE TABLE points_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points INTEGER NOT NULL CHECK (points <> 0),
  type TEXT NOT NULL CHECK (type IN ('earned', 'redeemed', 'bonus', 'admin', 'expired', 'reversed')),
  description TEXT NOT NULL,
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX points_history_user_idx ON points_history (user_id, created_at)`,

  `CREATE TABLE user_coupons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(code) BETWEEN 1 AND 20),
  points_used INTEGER NOT NULL CHECK (points_used > 0),
  discount_amount INTEGER NOT NULL CHECK (discount_amount > 0),
  ${bool("is_used", 0)},
  used_at TEXT,
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT ${now}
)`,
  `CREATE INDEX user_coupons_user_idx ON user_coupons (user_id)`,

  `CREATE TABLE cms_pages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 50),
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  content TEXT NOT NULL DEFAULT '',
  meta_description TEXT CHECK (length(meta_description) <= 300),
  ${bool("is_active", 1)},
  ${timestamps}
)`,

  // Remix's createSessionStorage keeps (sid, sess, expire); user_id lets us end
  // every session of a user when the password changes or the account is blocked.
  `CREATE TABLE sessions (
  sid TEXT PRIMARY KEY,
  sess TEXT NOT NULL CHECK (json_valid(sess)),
  expire TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE
)`,
  `CREATE INDEX sessions_expire_idx ON sessions (expire)`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
];

export async function up(db: Kysely<unknown>) {
  // PostgreSQL: case-insensitive text for the NOCASE columns (dialect.ts).
  if (onPostgres(db)) await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  for (const statement of statements) await run(db, statement);
}

export async function down(db: Kysely<unknown>) {
  const tables = [
    "sessions",
    "cms_pages",
    "user_coupons",
    "points_history",
    "notifications",
    "user_activity_log",
    "settings",
    "wishlist_items",
    "cart_items",
    "messages",
    "reviews",
    "order_items",
    "orders",
    "promo_codes",
    "products",
    "brands",
    "users",
  ];
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
