/**
 * Demo data for the store: settings, brands, ~100 perfumes with drawn bottle
 * images, an admin, a demo customer with orders in every status, reviews,
 * loyalty points, notifications, promo codes, messages and the CMS pages.
 *
 *   npm run db:seed [-- --force]      (scripts/seed.ts: DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD)
 *
 * Never touches a store that already has users or products, unless `force`
 * (which empties every table first, in the same transaction as the inserts).
 * Content is deterministic (seeded PRNG); only timestamps (relative to now),
 * order UUIDs and password salts differ between runs.
 *
 * Every record goes through the factories (seed/factories), which follow the app's own
 * rules: prices, shipping, tax and coupon discounts (pricing.ts, coupons.ts), order numbers
 * (orders/number.ts), points and tiers (loyalty.ts), all over the settings written first.
 * Orders are written by the checkout's writer and moved by the order lifecycle
 * (applyStatusChange), which writes their status history, notes, points, notifications and
 * activity log in its own words; the seed only says who did what when (decision 092).
 */
import crypto from "node:crypto";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import { SETTING_DEFINITIONS } from "../app/models/settings/definitions";
import { PASSWORD_MIN_LENGTH } from "../app/models/customers/fields";
import { loyaltyRulesFrom } from "../app/models/loyalty/loyalty";
import { notifyUser } from "../app/models/notifications/notify.server";
import { applyStatusChange, type OrderActor } from "../app/models/orders/transitions.server";
import { hashPassword } from "../app/utils/password.server";
import { createBrand, createProduct, type CreatedProduct } from "./factories/catalog";
import { createPromoCode, type CreatedPromoCode } from "./factories/coupons";
import { grantRegistrationBonus, loyaltyCouponCode, redeemPoints } from "./factories/loyalty";
import { createOrder, type CreatedOrder } from "./factories/orders";
import { createReview } from "./factories/reviews";
import { storeSettings } from "./factories/settings";
import { createUser, type CreatedUser } from "./factories/users";
import { isPostgres } from "../db/connection";
import { bottleDesign, bottleSvg } from "./data/bottle-svg";
import { BRANDS } from "./data/brands";
import { cmsPages } from "./data/cms-pages";
import {
  ADMIN_PROFILE,
  DEMO_CUSTOMER,
  DEMO_ORDERS,
  DEMO_WISHLIST,
  MESSAGES,
  PROMO_CODES,
  REVIEWERS,
  REVIEWS,
  type OrderSpec,
  type ReviewerKey,
} from "./data/people";
import { renderSvgImages } from "./data/product-images";
import { buildProducts, type SeedProduct } from "./data/products";
import { createRandom, type Random } from "./data/random";
import type { Database, OrderStatus } from "../db/types";

export type SeedOptions = {
  dataDir: string;
  adminEmail: string;
  /** When absent, a strong random password is generated and returned once. */
  adminPassword?: string;
  /** Empty every table first. Without it, a store with users or products is left alone. */
  force?: boolean;
  log?: (message: string) => void;
  /** The moment the demo history is relative to (tests); defaults to now. */
  now?: Date;
};

export type SeedResult = {
  seeded: boolean;
  /** Only when it was generated here: print it once, it is not stored anywhere in clear. */
  adminPassword?: string;
  demoCustomer?: { email: string; password: string };
  counts?: Record<string, number>;
};

/** Every table, children before parents: the order in which rows can be deleted. */
export const TABLES_FK_SAFE_ORDER = [
  "sessions",
  "cmsPages",
  "userCoupons",
  "pointsHistory",
  "notifications",
  "userActivityLog",
  "settings",
  "wishlistItems",
  "cartItems",
  "messages",
  "reviews",
  "orderStatusEvents",
  "orderItems",
  "orders",
  "promoCodes",
  "products",
  "brands",
  "users",
] as const satisfies readonly (keyof Database)[];

/** How many points the demo customer turned into a coupon, and how long the coupon lasts. */
const REDEEMED_POINTS = 700;
const COUPON_VALID_DAYS = 30;

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** Honduras is UTC−6 all year: the demo orders are placed during its day. */
const HONDURAS_OFFSET_MINUTES = 6 * 60;

async function storeHasData(db: Kysely<Database>) {
  const user = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (user) return true;
  const product = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  return Boolean(product);
}

export async function countRows(db: Kysely<Database>) {
  const counts: Record<string, number> = {};
  for (const table of [...TABLES_FK_SAFE_ORDER].reverse()) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();

  if (!options.force && (await storeHasData(db))) {
    log("La tienda ya tiene datos (usuarios o productos): no se cargan datos de demostración.");
    return { seeded: false };
  }
  if (options.adminPassword !== undefined && options.adminPassword.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`);
  }

  const random = createRandom("perfumeria-de-lujo-demo-v1");
  const catalog = buildCatalog(random);

  // Password hashing (~0.5 s each) runs while the images render.
  const generatedPassword = options.adminPassword
    ? undefined
    : crypto.randomBytes(15).toString("base64url");
  const hashes = Promise.all([
    hashPassword(options.adminPassword ?? generatedPassword!),
    hashPassword(DEMO_CUSTOMER.password),
  ]);
  const imagesBySlug = await renderProductImages(catalog, options.dataDir, log);
  const [adminHash, customerHash] = await hashes;

  const inserted = await db.transaction().execute(async (trx) => {
    if (options.force) {
      if (isPostgres(trx)) {
        const tables = TABLES_FK_SAFE_ORDER.map((table) => sql.table(table));
        await sql`TRUNCATE ${sql.join(tables)} RESTART IDENTITY`.execute(trx);
      } else {
        for (const table of TABLES_FK_SAFE_ORDER) await trx.deleteFrom(table).execute();
        await sql`DELETE FROM sqlite_sequence`.execute(trx).catch(() => undefined);
      }
    } else if (await storeHasData(trx)) {
      return false; // another process seeded meanwhile
    }
    await insertAll(trx, {
      clock: demoClock(options.now ?? new Date()),
      random,
      catalog,
      imagesBySlug,
      adminEmail: options.adminEmail,
      adminHash,
      customerHash,
    });
    return true;
  });
  if (!inserted) {
    log("La tienda ya tiene datos: no se cargan datos de demostración.");
    return { seeded: false };
  }

  const counts = await countRows(db);
  log(
    `Datos de demostración cargados en ${Date.now() - started} ms: ` +
      Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([table, count]) => `${table} ${count}`)
        .join(", "),
  );
  return {
    seeded: true,
    adminPassword: generatedPassword,
    demoCustomer: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    counts,
  };
}

// ---------------------------------------------------------------------------------------
// Before the transaction: the catalogue and its pictures

/** The products, each old enough to have been sold in the demo orders that contain it. */
function buildCatalog(random: Random) {
  const minAgeDays: Record<string, number> = {};
  for (const order of DEMO_ORDERS) {
    for (const item of order.items) {
      minAgeDays[item.slug] = Math.max(minAgeDays[item.slug] ?? 0, order.daysAgo + 10);
    }
  }
  return buildProducts(random, { minAgeDays });
}

/** One front view each, a second angle for about a third of the catalogue: image keys by slug. */
async function renderProductImages(
  catalog: SeedProduct[],
  dataDir: string,
  log: (message: string) => void,
) {
  const started = Date.now();
  const brandBySlug = new Map(BRANDS.map((brand) => [brand.slug, brand]));
  const svgs: string[] = [];
  const svgIndexes = catalog.map((product, index) => {
    const brand = brandBySlug.get(product.brandSlug);
    if (!brand) throw new Error(`Marca desconocida: ${product.brandSlug}`);
    const design = bottleDesign({
      slug: product.slug,
      brand: brand.name,
      name: product.name,
      gender: product.gender,
    });
    const indexes = [svgs.push(bottleSvg(design, "front")) - 1];
    if (index % 3 === 1) indexes.push(svgs.push(bottleSvg(design, "angle")) - 1);
    return indexes;
  });
  const imageDir = path.join(dataDir, "uploads", "products");
  const { keys, rendered } = await renderSvgImages(imageDir, svgs);
  log(`Imágenes: ${svgs.length} (${rendered} nuevas) en ${Date.now() - started} ms → ${imageDir}`);
  return new Map(
    catalog.map((product, index) => [product.slug, svgIndexes[index].map((i) => keys[i])]),
  );
}

// ---------------------------------------------------------------------------------------
// The transaction: one small step per part of the store

/** The demo history is told in "days ago": the clock turns it into moments before `now`. */
function demoClock(now: Date) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  return {
    now,
    ago,
    daysAgo: (days: number) => ago(days * DAY_MINUTES),
    later: (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE),
    /** Events the story puts in the future happened five minutes ago. */
    past: (date: Date) => (date < ago(5) ? date : ago(5)),
  };
}

type DemoClock = ReturnType<typeof demoClock>;

type SeedContext = {
  clock: DemoClock;
  random: Random;
  catalog: SeedProduct[];
  imagesBySlug: Map<string, string[]>;
  adminEmail: string;
  adminHash: string;
  customerHash: string;
};

type Products = Map<string, CreatedProduct>;
type People = {
  admin: CreatedUser;
  customer: CreatedUser;
  reviewers: Map<ReviewerKey, CreatedUser>;
};
type DemoOrder = {
  spec: OrderSpec;
  row: CreatedOrder;
  created: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
};

const iso = (date: Date) => date.toISOString();
const json = (value: unknown) => JSON.stringify(value);

async function insertAll(trx: Transaction<Database>, context: SeedContext) {
  await insertSettings(trx);
  const brandIds = await insertBrands(trx, context);
  const products = await insertProducts(trx, context, brandIds);
  const people = await insertPeople(trx, context);
  const promoCodes = await insertPromoCodes(trx, context, people.admin);
  const orders = await insertOrders(trx, context, {
    products,
    customer: people.customer,
    promoCodes,
  });
  await insertHistory(trx, context, people, orders);
  await redeemCustomerPoints(trx, context, people.customer);
  await insertReviews(trx, context, { products, people, orders });
  await insertWishlist(trx, context, people.customer, products);
  await insertMessages(trx, context);
  await insertCmsPages(trx, context);
}

/** Every setting at its default: the rules below read them back through the factories. */
async function insertSettings(trx: Transaction<Database>) {
  await trx
    .insertInto("settings")
    .values(
      SETTING_DEFINITIONS.map((definition) => ({
        key: definition.key,
        value: definition.value,
        category: definition.category,
        label: definition.label,
        description: "description" in definition ? definition.description : null,
        inputType: definition.inputType,
        isRequired: definition.isRequired,
        sortOrder: definition.sortOrder,
      })),
    )
    .execute();
}

async function insertBrands(trx: Transaction<Database>, { clock }: SeedContext) {
  const brandIds = new Map<string, number>();
  for (const [index, brand] of BRANDS.entries()) {
    const created = iso(clock.daysAgo(135 - index));
    const row = await createBrand(trx, {
      name: brand.name,
      slug: brand.slug,
      description: brand.description,
      country: brand.country,
      createdAt: created,
      updatedAt: created,
    });
    brandIds.set(brand.slug, row.id);
  }
  return brandIds;
}

async function insertProducts(
  trx: Transaction<Database>,
  { clock, catalog, imagesBySlug }: SeedContext,
  brandIds: Map<string, number>,
): Promise<Products> {
  const products: Products = new Map();
  for (const product of catalog) {
    const created = iso(clock.ago(product.ageMinutes));
    const row = await createProduct(trx, {
      name: product.name,
      slug: product.slug,
      brandId: brandIds.get(product.brandSlug)!,
      category: "fragrance",
      gender: product.gender,
      perfumeType: product.perfumeType,
      catalogType: product.catalogType,
      description: product.description,
      shortDescription: product.shortDescription,
      price: product.price,
      originalPrice: product.originalPrice,
      stock: product.stock,
      minStock: product.minStock,
      size: product.size,
      availableSizes: json(product.availableSizes),
      concentration: product.concentration,
      topNotes: json(product.topNotes),
      middleNotes: json(product.middleNotes),
      baseNotes: json(product.baseNotes),
      longevity: product.longevity,
      sillage: product.sillage,
      seasonRecommendation: json(product.seasonRecommendation),
      occasionRecommendation: json(product.occasionRecommendation),
      images: json(imagesBySlug.get(product.slug) ?? []),
      isActive: product.isActive,
      isFeatured: product.isFeatured,
      isNew: product.isNew,
      isViral: product.isViral,
      isExclusive: product.isExclusive,
      viewCount: product.viewCount,
      salesCount: product.salesCount,
      createdAt: created,
      updatedAt: created,
    });
    products.set(product.slug, row);
  }
  return products;
}

/** The admin, the demo customer (with her welcome points) and the reviewers (Google accounts). */
async function insertPeople(trx: Transaction<Database>, context: SeedContext): Promise<People> {
  const { clock } = context;
  const adminCreated = iso(clock.daysAgo(ADMIN_PROFILE.daysAgo));
  const admin = await createUser(trx, {
    email: context.adminEmail,
    passwordHash: context.adminHash,
    firstName: ADMIN_PROFILE.firstName,
    lastName: ADMIN_PROFILE.lastName,
    phone: ADMIN_PROFILE.phone,
    role: "admin",
    createdAt: adminCreated,
    updatedAt: adminCreated,
  });

  const customerCreated = iso(clock.daysAgo(DEMO_CUSTOMER.daysAgo));
  const customer = await createUser(trx, {
    email: DEMO_CUSTOMER.email,
    passwordHash: context.customerHash,
    firstName: DEMO_CUSTOMER.firstName,
    lastName: DEMO_CUSTOMER.lastName,
    phone: DEMO_CUSTOMER.phone,
    address: DEMO_CUSTOMER.address,
    adminNotes: "Clienta frecuente. Prefiere entregas por la tarde.",
    birthDate: DEMO_CUSTOMER.birthDate,
    favoriteAddress1: DEMO_CUSTOMER.favoriteAddress1,
    favoriteAddress2: DEMO_CUSTOMER.favoriteAddress2,
    createdAt: customerCreated,
    updatedAt: customerCreated,
  });
  await grantRegistrationBonus(trx, customer.id, { createdAt: customerCreated });

  const reviewers = new Map<ReviewerKey, CreatedUser>();
  for (const [index, reviewer] of REVIEWERS.entries()) {
    const created = iso(clock.daysAgo(reviewer.daysAgo));
    const row = await createUser(trx, {
      email: reviewer.email,
      googleId: `seed-reviewer-${index + 1}`,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      phone: reviewer.phone,
      address: reviewer.city,
      createdAt: created,
      updatedAt: created,
    });
    reviewers.set(reviewer.key, row);
  }
  return { admin, customer, reviewers };
}

async function insertPromoCodes(
  trx: Transaction<Database>,
  { clock }: SeedContext,
  admin: CreatedUser,
) {
  const promoCodes = new Map<string, CreatedPromoCode>();
  for (const promo of PROMO_CODES) {
    const created = iso(clock.daysAgo(promo.validFromDaysAgo));
    const row = await createPromoCode(trx, {
      code: promo.code,
      description: promo.description,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
      minOrderAmount: promo.minOrderAmount,
      maxUses: promo.maxUses,
      validFrom: created,
      validUntil:
        promo.validUntilDaysAhead === null ? null : iso(clock.daysAgo(-promo.validUntilDaysAhead)),
      createdBy: admin.id,
      createdAt: created,
      updatedAt: created,
    });
    promoCodes.set(promo.code, row);
  }
  return promoCodes;
}

/** The demo customer's orders, one per status, priced and numbered by the order factory. */
async function insertOrders(
  trx: Transaction<Database>,
  context: SeedContext,
  parts: { products: Products; customer: CreatedUser; promoCodes: Map<string, CreatedPromoCode> },
) {
  const { clock, random } = context;
  const { products, customer, promoCodes } = parts;
  const orders: DemoOrder[] = [];
  for (const spec of DEMO_ORDERS) {
    const history = orderHistory(spec, clock, random);
    const undone = spec.status === "cancelled" || spec.status === "denied";
    const row = await createOrder(trx, {
      lines: spec.items.map((item) => {
        const product = products.get(item.slug);
        if (!product) throw new Error(`Producto desconocido en pedido demo: ${item.slug}`);
        const sold = (JSON.parse(product.availableSizes) as string[]).includes(item.size ?? "");
        return { product, quantity: item.quantity, size: sold ? item.size : product.size };
      }),
      // The catalogue's stock is today's: the sales that stand are already out of it. An
      // order that was undone took its units and the lifecycle gives them back.
      takeStock: undone,
      promo: spec.promoCode ? promoCodes.get(spec.promoCode) : undefined,
      serial: random.int(1000, 9999),
      userId: customer.id,
      shippingMethod: spec.shippingMethod,
      createdAt: iso(history.created),
      contact: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: customer.phone ?? "",
        address: spec.address,
        city: spec.city,
        department: spec.zone,
        referenceAddress: spec.reference,
      },
    });
    orders.push({ spec, row, ...history });
  }
  return orders;
}

/** When an order was placed (during the Honduran day, never in the future) and moved on. */
function orderHistory(spec: OrderSpec, clock: DemoClock, random: Random) {
  const day = clock.daysAgo(spec.daysAgo);
  const offset = HONDURAS_OFFSET_MINUTES * MINUTE;
  const dayLength = DAY_MINUTES * MINUTE;
  const localMidnight = new Date(
    Math.floor((day.getTime() - offset) / dayLength) * dayLength + offset,
  );
  let created = clock.later(localMidnight, random.int(8 * 60, 20 * 60));
  if (created > clock.ago(30)) created = clock.ago(random.int(60, 180));

  const reached = (statuses: OrderStatus[]) => statuses.includes(spec.status);
  const paidAt = reached(["paid", "processing", "shipped", "delivered"])
    ? clock.past(clock.later(created, random.int(90, 300)))
    : null;
  const shippedAt =
    paidAt && reached(["shipped", "delivered"])
      ? clock.past(clock.later(paidAt, random.int(18 * 60, 26 * 60)))
      : null;
  const deliveredAt =
    shippedAt && spec.status === "delivered"
      ? clock.past(clock.later(shippedAt, random.int(1, 3) * DAY_MINUTES))
      : null;
  const closedAt = closedAtOf(spec.status, created, clock);
  const updatedAt = deliveredAt ?? shippedAt ?? closedAt ?? paidAt ?? created;
  return { created, paidAt, shippedAt, deliveredAt, updatedAt };
}

/** The demo admin cancels within 75 minutes and denies after 20 hours. */
function closedAtOf(status: OrderStatus, created: Date, clock: DemoClock) {
  if (status === "cancelled") return clock.later(created, 75);
  if (status === "denied") return clock.later(created, 20 * 60);
  return null;
}

/** She turned points into a coupon (D13) nine days ago, after her deliveries had credited them. */
async function redeemCustomerPoints(
  trx: Transaction<Database>,
  { clock, random }: SeedContext,
  customer: CreatedUser,
) {
  await redeemPoints(trx, {
    userId: customer.id,
    points: REDEEMED_POINTS,
    code: loyaltyCouponCode((n) => random.int(0, n - 1)),
    createdAt: iso(clock.daysAgo(9)),
    couponDays: COUPON_VALID_DAYS,
  });
}

/**
 * The demo customer reviews what she bought (verified, after delivery); the reviewers write
 * at some moment after both their account and the product existed.
 */
async function insertReviews(
  trx: Transaction<Database>,
  { clock, random }: SeedContext,
  parts: { products: Products; people: People; orders: DemoOrder[] },
) {
  const orderByRef = new Map(parts.orders.map((order) => [order.spec.ref, order]));
  for (const review of REVIEWS) {
    const product = parts.products.get(review.slug);
    if (!product) throw new Error(`Producto desconocido en reseña demo: ${review.slug}`);
    let author: CreatedUser;
    let order: DemoOrder | undefined;
    let created: Date;
    if ("customerOrder" in review.by) {
      order = orderByRef.get(review.by.customerOrder)!;
      author = parts.people.customer;
      created = clock.past(
        clock.later(order.deliveredAt ?? order.created, random.int(2, 4) * DAY_MINUTES),
      );
    } else {
      author = parts.people.reviewers.get(review.by.reviewer)!;
      const since = [new Date(author.createdAt), new Date(product.createdAt)];
      const start = clock.later(since[0] > since[1] ? since[0] : since[1], DAY_MINUTES);
      const span = Math.max(60, (clock.now.getTime() - start.getTime()) / MINUTE - 120);
      created = clock.later(start, Math.floor(random.next() * span));
    }
    await createReview(trx, {
      productId: product.id,
      userId: author.id,
      orderId: order?.row.id ?? null,
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      isVerified: order ? 1 : 0,
      isApproved: review.approved ? 1 : 0,
      adminResponse: review.adminResponse ?? null,
      createdAt: iso(created),
      updatedAt: iso(created),
    });
  }
}

/** One moment of the demo story: something the admin or the store did to the customer. */
type HistoryStep = { at: Date; run: () => Promise<unknown> };

/**
 * The demo customer's story after her orders were placed, told in time order: the admin moves
 * each order through the lifecycle (approved, prepared two hours after the payment, shipped,
 * delivered, cancelled or denied), which writes the status history, the notes, the points,
 * the notifications and the activity log as the admin screens do; the store sends her two
 * promotions; the admin leaves a note on her account. Then she has read all but her latest news.
 */
async function insertHistory(
  trx: Transaction<Database>,
  { clock }: SeedContext,
  people: People,
  orders: DemoOrder[],
) {
  const { customer, admin } = people;
  const actor: OrderActor = { userId: admin.id, role: "admin" };
  const rules = loyaltyRulesFrom(await storeSettings(trx));
  const steps: HistoryStep[] = [];
  const move = (order: DemoOrder, to: OrderStatus, at: Date, extra: { note?: string } = {}) =>
    steps.push({
      at,
      run: async () => {
        const moved = await applyStatusChange(
          trx,
          {
            orderId: order.row.id,
            to,
            actor,
            now: at,
            note: extra.note,
            trackingNumber: to === "shipped" ? order.spec.trackingNumber : undefined,
          },
          rules,
        );
        // The story only takes allowed steps: a refusal is a mistake in it.
        if (!moved.ok) throw new Error(`Paso del pedido rechazado: ${moved.error}`);
      },
    });
  for (const order of orders) {
    const { status, reason } = order.spec;
    if (order.paidAt) move(order, "paid", order.paidAt);
    if (order.paidAt && ["processing", "shipped", "delivered"].includes(status)) {
      move(order, "processing", clock.past(clock.later(order.paidAt, 120)));
    }
    if (order.shippedAt) move(order, "shipped", order.shippedAt);
    if (order.deliveredAt) move(order, "delivered", order.deliveredAt);
    const closedAt = closedAtOf(status, order.created, clock);
    if (closedAt) move(order, status, closedAt, { note: reason });
  }

  const promotions = [
    {
      title: "¡Bienvenida a Perfumería de Lujo!",
      message: "Usa el código BIENVENIDO10 y obtén 10% de descuento en tu primera compra.",
      at: clock.later(new Date(customer.createdAt), 5),
    },
    {
      title: "Nuevo código: VERANO500",
      message: "L 500 de descuento en compras desde L 3,000. Válido por tiempo limitado.",
      at: clock.daysAgo(7),
    },
  ];
  for (const promotion of promotions) {
    const { at, ...words } = promotion;
    steps.push({
      at,
      run: () =>
        notifyUser(trx, { userId: customer.id, type: "promo_code", ...words, createdAt: iso(at) }),
    });
  }
  const noteAt = clock.daysAgo(20);
  steps.push({
    at: noteAt,
    run: () =>
      trx
        .insertInto("userActivityLog")
        .values({
          userId: customer.id,
          adminId: admin.id,
          actionType: "admin_note",
          actionDescription: "Nota agregada por el administrador",
          oldValue: null,
          newValue: null,
          fieldChanged: null,
          adminNotes: customer.adminNotes,
          createdAt: iso(noteAt),
        })
        .execute(),
  });

  // A stable sort: an order's own steps keep their order when the clock puts them together.
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) await step.run();
  await markReadButLatest(trx, customer, orders, promotions.at(-1)!.at);
}

/**
 * What she has not read yet: the news of the order still waiting to be prepared (approved)
 * and of the one on its way (shipped), the points of her latest delivery and the latest
 * promotion. Everything else she has seen.
 */
async function markReadButLatest(
  trx: Transaction<Database>,
  customer: CreatedUser,
  orders: DemoOrder[],
  latestPromotionAt: Date,
) {
  const statusOf = new Map(orders.map((order) => [order.row.id, order.spec.status]));
  const lastDelivered = orders.findLast((order) => order.deliveredAt)?.row.id;
  const notifications = await trx
    .selectFrom("notifications")
    .select(["id", "type", "orderId", "createdAt"])
    .where("userId", "=", customer.id)
    .execute();
  const unread = notifications.filter((notification) => {
    const status = notification.orderId ? statusOf.get(notification.orderId) : undefined;
    switch (notification.type) {
      case "order_approved":
        return status === "paid";
      case "order_shipped":
        return status === "shipped";
      case "loyalty_points":
        return notification.orderId === lastDelivered;
      case "promo_code":
        return notification.createdAt === iso(latestPromotionAt);
      default:
        return false;
    }
  });
  await trx
    .updateTable("notifications")
    .set({ isRead: 1 })
    .where("userId", "=", customer.id)
    .where(
      "id",
      "not in",
      unread.map((notification) => notification.id),
    )
    .execute();
}

async function insertWishlist(
  trx: Transaction<Database>,
  { clock }: SeedContext,
  customer: CreatedUser,
  products: Products,
) {
  await trx
    .insertInto("wishlistItems")
    .values(
      DEMO_WISHLIST.filter((slug) => products.has(slug)).map((slug, index) => ({
        userId: customer.id,
        productId: products.get(slug)!.id,
        createdAt: iso(clock.daysAgo(30 - index * 6)),
      })),
    )
    .execute();
}

/** Contact messages, one of them answered. */
async function insertMessages(trx: Transaction<Database>, { clock, random }: SeedContext) {
  await trx
    .insertInto("messages")
    .values(
      MESSAGES.map((message) => {
        const created = clock.later(clock.daysAgo(message.daysAgo), -random.int(30, 300));
        return {
          name: message.name,
          email: message.email,
          phone: message.phone,
          subject: message.subject,
          message: message.message,
          isRead: message.isRead,
          isReplied: message.reply ? (1 as const) : (0 as const),
          reply: message.reply,
          repliedAt: message.reply ? iso(clock.later(created, 5 * 60)) : null,
          createdAt: iso(created),
        };
      }),
    )
    .execute();
}

/** The content pages, written when the admin opened the store, with the figures of its settings. */
async function insertCmsPages(trx: Transaction<Database>, { clock }: SeedContext) {
  const created = iso(clock.daysAgo(ADMIN_PROFILE.daysAgo));
  await trx
    .insertInto("cmsPages")
    .values(
      cmsPages(await storeSettings(trx)).map((page) => ({
        key: page.key,
        title: page.title,
        content: page.content,
        metaDescription: page.metaDescription,
        isActive: 1 as const,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .execute();
}
