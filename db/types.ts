import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/*
 * The one Database interface, matching db/migrations (tests/integration/schema.test.ts
 * fails if they drift). Columns are camelCase here and snake_case in SQLite
 * (CamelCasePlugin). Money is integer centavos, booleans are 0 | 1, timestamps ISO
 * text, lists JSON text.
 */

type Bool = 0 | 1;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** JSON array text, e.g. '["100ml","50ml"]'. */
type JsonList = Defaulted<string>;
type Timestamp = Defaulted<string>;

export type Role = "customer" | "admin";
export type LoyaltyTier = "bronce" | "plata" | "oro";
export type Gender = "masculine" | "feminine" | "unisex";
export type PerfumeType = "designer" | "niche";
export type CatalogType = "normal" | "custom_order";
export type ProductCategory =
  "fragrance" | "skincare" | "makeup" | "haircare" | "bodycare" | "accessories";
export type OrderStatus =
  "pending" | "paid" | "processing" | "shipped" | "delivered" | "cancelled" | "denied";
export type PaymentMethod = "bank_transfer" | "cash_on_delivery" | "store_pickup";
export type ShippingMethod = "standard" | "express" | "pickup";
export type DiscountType = "percentage" | "fixed";
export type SettingCategory =
  "general" | "contact" | "social" | "company" | "business" | "checkout" | "loyalty" | "system";
export type SettingInputType =
  "text" | "textarea" | "number" | "money" | "boolean" | "email" | "url" | "tel";
export type ActivityType =
  | "admin_note"
  | "role_change"
  | "account_block"
  | "account_unblock"
  | "password_change"
  | "password_reset"
  | "profile_update"
  | "order_cancelled"
  | "order_denied"
  | "order_deleted";
export type NotificationType =
  | "order_cancelled"
  | "order_denied"
  | "order_deleted"
  | "order_approved"
  | "order_shipped"
  | "order_delivered"
  | "promo_code_assigned"
  | "promo_code"
  | "loyalty_points"
  /** Issue 12: a bank transfer's deadline is half gone (migration 20261225T0200). */
  | "payment_reminder";
export type PointsType = "earned" | "redeemed" | "bonus" | "admin" | "expired" | "reversed";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  googleId: string | null;
  firstName: Defaulted<string>;
  lastName: Defaulted<string>;
  phone: string | null;
  address: string | null;
  role: Defaulted<Role>;
  isBlocked: Defaulted<Bool>;
  totalOrders: Defaulted<number>;
  totalSpent: Defaulted<number>;
  adminNotes: string | null;
  loyaltyPoints: Defaulted<number>;
  loyaltyTier: Defaulted<LoyaltyTier>;
  pointsEarned: Defaulted<number>;
  pointsRedeemed: Defaulted<number>;
  lastPurchaseDate: string | null;
  consecutivePurchases: Defaulted<number>;
  birthDate: string | null;
  hasRegistrationBonus: Defaulted<Bool>;
  favoriteAddress1: string | null;
  favoriteAddress2: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When the account proved its address (a verification link, or Google); null until then. */
  emailVerifiedAt: string | null;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  logoUrl: string | null;
  country: string | null;
  isActive: Defaulted<Bool>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  brandId: number;
  category: Defaulted<ProductCategory>;
  gender: Defaulted<Gender>;
  perfumeType: Defaulted<PerfumeType>;
  catalogType: Defaulted<CatalogType>;
  description: Defaulted<string>;
  shortDescription: string | null;
  price: number;
  originalPrice: number | null;
  stock: Defaulted<number>;
  minStock: Defaulted<number>;
  size: Defaulted<string>;
  availableSizes: JsonList;
  concentration: string | null;
  topNotes: JsonList;
  middleNotes: JsonList;
  baseNotes: JsonList;
  longevity: string | null;
  sillage: string | null;
  seasonRecommendation: JsonList;
  occasionRecommendation: JsonList;
  images: JsonList;
  videoUrl: string | null;
  isActive: Defaulted<Bool>;
  isFeatured: Defaulted<Bool>;
  isNew: Defaulted<Bool>;
  isViral: Defaulted<Bool>;
  isExclusive: Defaulted<Bool>;
  viewCount: Defaulted<number>;
  salesCount: Defaulted<number>;
  averageRating: Defaulted<number>;
  reviewCount: Defaulted<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  description: string | null;
  discountType: DiscountType;
  discountValue: number;
  minOrderAmount: Defaulted<number>;
  maxUses: Defaulted<number>;
  currentUses: Defaulted<number>;
  isActive: Defaulted<Bool>;
  validFrom: string | null;
  validUntil: string | null;
  createdBy: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OrdersTable {
  id: string;
  userId: number | null;
  sessionId: string | null;
  orderNumber: string;
  status: Defaulted<OrderStatus>;
  paymentMethod: Defaulted<PaymentMethod>;
  shippingMethod: Defaulted<ShippingMethod>;
  subtotal: number;
  shippingCost: Defaulted<number>;
  tax: Defaulted<number>;
  couponDiscount: Defaulted<number>;
  total: number;
  customerName: Defaulted<string>;
  customerEmail: string;
  customerPhone: string | null;
  shippingAddress: string | null;
  shippingCity: string | null;
  shippingZone: string | null;
  trackingNumber: string | null;
  paymentProof: string | null;
  adminNotes: string | null;
  couponCode: string | null;
  promoCodeId: number | null;
  estimatedDelivery: string | null;
  /** The delivery window's first day (decision 158); null for pickup and older orders. */
  estimatedDeliveryFrom: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The checkout form's random key: the same form posted twice creates one order. */
  checkoutKey: string | null;
  /** A deadline an admin set for the transfer; null: created_at + transfer_deadline_hours. */
  paymentDueAt: string | null;
  /** When the half-time payment reminder was sent (once per order). */
  paymentRemindedAt: string | null;
  /** Decision 166: the cash recorded as received ('Cobrado'), in centavos; null until then. */
  cashCollectedAmount: number | null;
  /** Decision 166: who collected it (a name, as the admin typed it). */
  cashCollectedBy: string | null;
  /** Decision 166: the administrator who entered the order for a customer; null for a shopper's. */
  createdBy: number | null;
  /** Decision 166: why an order the shop took has its payment method. */
  paymentNote: string | null;
  /** Decision 166: cash on delivery's surcharge, its own line of the total (centavos). */
  paymentSurcharge: Defaulted<number>;
  /** Decision 171: "Factura a nombre de": the buyer's RTN (14 digits) and name; null: Consumidor Final. */
  invoiceRtn: string | null;
  invoiceName: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  orderId: string;
  productId: number | null;
  size: Defaulted<string>;
  quantity: number;
  price: number;
  productName: string;
  productImage: string | null;
  createdAt: Timestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  productId: number;
  userId: number;
  orderId: string | null;
  rating: number;
  title: string | null;
  comment: string;
  isVerified: Defaulted<Bool>;
  isApproved: Defaulted<Bool>;
  adminResponse: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  isRead: Defaulted<Bool>;
  isReplied: Defaulted<Bool>;
  reply: string | null;
  repliedAt: string | null;
  createdAt: Timestamp;
}

export interface CartItemsTable {
  id: Generated<number>;
  userId: number | null;
  sessionId: string | null;
  productId: number;
  size: Defaulted<string>;
  quantity: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  userId: number;
  productId: number;
  createdAt: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
  category: Defaulted<SettingCategory>;
  label: Defaulted<string>;
  description: string | null;
  inputType: Defaulted<SettingInputType>;
  isRequired: Defaulted<Bool>;
  sortOrder: Defaulted<number>;
  updatedAt: Timestamp;
}

export interface UserActivityLogTable {
  id: Generated<number>;
  userId: number;
  adminId: number | null;
  actionType: ActivityType;
  actionDescription: string;
  oldValue: string | null;
  newValue: string | null;
  fieldChanged: string | null;
  adminNotes: string | null;
  createdAt: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  orderId: string | null;
  orderNumber: string | null;
  isRead: Defaulted<Bool>;
  createdAt: Timestamp;
}

export interface PointsHistoryTable {
  id: Generated<number>;
  userId: number;
  points: number;
  type: PointsType;
  description: string;
  orderId: string | null;
  expiresAt: string | null;
  createdAt: Timestamp;
}

export interface UserCouponsTable {
  id: Generated<number>;
  userId: number;
  code: string;
  pointsUsed: number;
  discountAmount: number;
  isUsed: Defaulted<Bool>;
  usedAt: string | null;
  orderId: string | null;
  expiresAt: string | null;
  createdAt: Timestamp;
}

export interface CmsPagesTable {
  id: Generated<number>;
  key: string;
  title: string;
  content: Defaulted<string>;
  metaDescription: string | null;
  isActive: Defaulted<Bool>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** D8: an uploaded payment proof, owned by its uploader until an order takes it. */
export interface PaymentProofsTable {
  id: string;
  file: string;
  userId: number | null;
  sessionId: string | null;
  orderId: string | null;
  size: number;
  /** sha256 (hex) of the stored WebP bytes; null for proofs stored before it was kept. */
  contentHash: string | null;
  createdAt: Timestamp;
}

/** One status change of an order, as orders/lifecycle.server.ts made it. */
export interface OrderStatusEventsTable {
  id: Generated<number>;
  orderId: string;
  /** Null only for changes recovered from older records (migration 20261221T0000). */
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** The admin who made it; null for the shop itself or when nobody is known. */
  actorId: number | null;
  note: string | null;
  trackingNumber: string | null;
  createdAt: Timestamp;
  /** 1 when the shop's own job made it (issue 12), shown as "Sistema". */
  bySystem: Defaulted<Bool>;
}

export interface SessionsTable {
  sid: string;
  sess: string;
  expire: string;
  userId: number | null;
  /** When the session began (ISO); a sign-in always starts a new one. */
  createdAt: string;
  /** Its last use (ISO), moved forward at most once a minute (decision 084). */
  lastSeenAt: string;
  /** The browser's User-Agent at sign-in, cut to 512 characters (decision 164). */
  userAgent: string | null;
  /** The network of the address it signed in from (IPv4 /24, IPv6 /48), never the address. */
  ipNetwork: string | null;
}

/** One row (id 1): bumped by triggers on every write the shared storefront pages show. */
export interface PageCacheVersionTable {
  id: Generated<number>;
  version: number;
}

/** Issue 11: fixed-window counters shared by the server's workers (rate-limit.server.ts). */
export interface RateLimitsTable {
  scope: string;
  key: string;
  count: number;
  /** Epoch milliseconds at which this counter's window ends. */
  resetAt: number;
}

/** Issue 11: a periodic job's claim on its period, so one worker runs it (jobs.server.ts). */
export interface JobRunsTable {
  job: string;
  /** The period the run stands for, e.g. the UTC day `2026-12-23`. */
  period: string;
  startedAt: string;
  /** When the task ended, in success or failure; null while it runs (or if its worker died). */
  finishedAt: string | null;
  /** The failure's message; null when the task succeeded. */
  error: string | null;
}

export type OutboxEmailStatus = "pending" | "sent" | "failed" | "skipped";

/** Every e-mail the shop sends, rendered, from the change that caused it (decision 102). */
export interface OutboxEmailsTable {
  id: Generated<number>;
  /** `<…@host>`, fixed per row: a resend after a crash is the same message to a mail client. */
  messageId: string;
  /** What it is about (`order_received`, `password_reset`, …): the outbox screen filters by it. */
  kind: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  orderId: string | null;
  status: Defaulted<OutboxEmailStatus>;
  /** Sends begun, the one in flight included. */
  attempts: Defaulted<number>;
  nextAttemptAt: string;
  /** The worker sending it and until when; another worker may take it after that. */
  leasedBy: string | null;
  leasedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /**
   * How the sender makes the e-mail's live link when it sends it (decision 130), as JSON; the
   * stored bodies hold a placeholder in its place. Null for an e-mail without one.
   */
  link: string | null;
  /** Decision 171: what goes with it, made when it is sent (MailAttachment, JSON); null: nothing. */
  attachment: string | null;
}

export type UserTokenPurpose = "password_reset" | "email_verification";

/** Single-use links sent by e-mail; only the token's SHA-256 is kept. */
export interface UserTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: UserTokenPurpose;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/**
 * Decision 129: a customer's change of sign-in e-mail, pending until the link to the new address
 * is followed; the old address's link undoes it for 7 days. Only the tokens' SHA-256 is kept.
 */
export interface EmailChangesTable {
  id: Generated<number>;
  userId: number;
  oldEmail: string;
  newEmail: string;
  confirmTokenHash: string;
  confirmExpiresAt: string;
  confirmedAt: string | null;
  undoTokenHash: string;
  undoExpiresAt: string;
  undoneAt: string | null;
  createdAt: string;
}

export type ApiTokenScope = "read" | "write";
export type ApiTokenLevel = "customer" | "admin";

/** Issue 25: an integration's key to the JSON API; only the secret's SHA-256 is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  tokenHash: string;
  /** The first characters of the secret (`pf_ab12…`), so an admin can tell tokens apart. */
  prefix: string;
  /** The account it acts for. */
  userId: number;
  createdBy: number | null;
  scope: ApiTokenScope;
  level: ApiTokenLevel;
  createdAt: Defaulted<string>;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** When it stops being accepted (decision 131); written on every insert, a null reads as expired. */
  expiresAt: string | null;
}

/** Decision 163: an account's time-based code (its secret) and recovery codes' hashes. */
export interface TwoFactorsTable {
  id: Generated<number>;
  userId: number;
  /** The TOTP secret, base32. */
  secret: string;
  /** The step of the last code taken: a code of it or an earlier step is refused. */
  lastStep: number | null;
  /** JSON array of the recovery codes' SHA-256 (hex); a used code is null. */
  recoveryCodes: string;
  createdAt: string;
}

/** Decision 163: "recordar este equipo 30 días": the cookie's token, as its SHA-256. */
export interface TrustedDevicesTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  /** The browser and system it was remembered on ("Chrome en Windows"). */
  label: string;
  createdAt: string;
  expiresAt: string;
}

/** Decision 165: a passkey (WebAuthn credential) of an account; ids and keys base64url. */
export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  credentialId: string;
  publicKey: string;
  /** The authenticator's signature count last seen; 0 for one that keeps none. */
  counter: Defaulted<number>;
  /** JSON array of the transports the browser named ("internal", "hybrid", …). */
  transports: Defaulted<string>;
  /** What the owner calls it: "Chrome en Android" unless they typed another name. */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type FiscalDocumentKind = "invoice" | "credit_note";

/** Decision 169: a range of numbers the SAR authorised under a CAI. */
export interface FiscalRangesTable {
  id: Generated<number>;
  kind: FiscalDocumentKind;
  cai: string;
  /** "000-001-01-": establishment, point of issue, document type. */
  prefix: string;
  firstNumber: number;
  lastNumber: number;
  /** The correlative the next document takes; last + 1 once used up. */
  nextNumber: number;
  /** The last moment a number of it may be issued (ISO-8601 UTC). */
  deadline: string;
  createdAt: string;
  createdBy: number | null;
  retiredAt: string | null;
}

/** Decision 169: an invoice or a credit note, as issued. */
export interface FiscalDocumentsTable {
  id: Generated<number>;
  kind: FiscalDocumentKind;
  number: string;
  rangeId: number;
  correlative: number;
  orderId: string | null;
  /** A credit note's invoice. */
  reversesId: number | null;
  issuedAt: string;
  buyerName: string;
  buyerRtn: string | null;
  /** The document as issued (JSON): never changed afterwards. */
  snapshot: string;
}

/**
 * The search index `product_search` (an FTS5 virtual table kept in sync by triggers, migration
 * 20261201T0000) is not listed: only app/models/catalog/catalog.server.ts reads it, with raw SQL.
 */
export interface Database {
  users: UsersTable;
  brands: BrandsTable;
  products: ProductsTable;
  promoCodes: PromoCodesTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  reviews: ReviewsTable;
  messages: MessagesTable;
  cartItems: CartItemsTable;
  wishlistItems: WishlistItemsTable;
  settings: SettingsTable;
  userActivityLog: UserActivityLogTable;
  notifications: NotificationsTable;
  pointsHistory: PointsHistoryTable;
  userCoupons: UserCouponsTable;
  cmsPages: CmsPagesTable;
  sessions: SessionsTable;
  paymentProofs: PaymentProofsTable;
  orderStatusEvents: OrderStatusEventsTable;
  pageCacheVersion: PageCacheVersionTable;
  rateLimits: RateLimitsTable;
  jobRuns: JobRunsTable;
  outboxEmails: OutboxEmailsTable;
  userTokens: UserTokensTable;
  apiTokens: ApiTokensTable;
  emailChanges: EmailChangesTable;
  twoFactors: TwoFactorsTable;
  fiscalRanges: FiscalRangesTable;
  fiscalDocuments: FiscalDocumentsTable;
  trustedDevices: TrustedDevicesTable;
  passkeys: PasskeysTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Brand = Selectable<BrandsTable>;
export type NewBrand = Insertable<BrandsTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
export type Review = Selectable<ReviewsTable>;
export type NewReview = Insertable<ReviewsTable>;
export type Setting = Selectable<SettingsTable>;
export type NewSetting = Insertable<SettingsTable>;
export type CmsPage = Selectable<CmsPagesTable>;
export type NewCmsPage = Insertable<CmsPagesTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
