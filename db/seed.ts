/**
 * Demo data for the store: settings, brands, ~100 perfumes with drawn bottle
 * images, an admin, a demo customer with orders in every status, reviews,
 * loyalty points, notifications, promo codes, messages and the CMS pages.
 *
 *   npx tsx db/seed.ts [--force]      (DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD from the environment)
 *
 * Never touches a store that already has users or products, unless `force`
 * (which empties every table first, in the same transaction as the inserts).
 * Content is deterministic (seeded PRNG); only timestamps (relative to now),
 * order UUIDs and password salts differ between runs.
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { orderTotals, priceForSize, type PricingSettings } from "../app/models/pricing";
import { SETTING_DEFINITIONS, settingDefault } from "../app/models/settings-definitions";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../app/utils/password.server";
import { createDb, databasePath, migrateToLatest, openSqlite } from "./connection";
import { bottleDesign, bottleSvg } from "./seed-data/bottle-svg";
import { BRANDS } from "./seed-data/brands";
import { CMS_PAGES } from "./seed-data/cms-pages";
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
} from "./seed-data/people";
import { renderSvgImages } from "./seed-data/product-images";
import { buildProducts, type SeedProduct } from "./seed-data/products";
import { createRandom, type Random } from "./seed-data/random";
import type {
  Database,
  LoyaltyTier,
  NotificationType,
  OrderStatus,
  PointsHistoryTable,
} from "./types";

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
  "orderItems",
  "orders",
  "promoCodes",
  "products",
  "brands",
  "users",
] as const satisfies readonly (keyof Database)[];

/** The demo orders are priced with the checkout's own arithmetic and default settings. */
const PRICING_SETTINGS = Object.fromEntries(
  (
    [
      "shipping_cost",
      "free_shipping_threshold",
      "express_shipping_cost",
      "express_free_shipping_threshold",
      "tax_percentage",
    ] as const
  ).map((key) => [key, settingDefault(key)]),
) as PricingSettings;
const POINTS_PER_LEMPIRA = 1;
const POINTS_PER_LEMPIRA_DISCOUNT = 35;
const REGISTRATION_BONUS = 50;
const TIER_PLATA = 2000;
const TIER_ORO = 5000;
const REDEEMED_POINTS = 700;

const MINUTE = 60_000;
/** Honduras is UTC−6 all year. */
const HONDURAS_OFFSET_MINUTES = 6 * 60;
const DAY_MINUTES = 24 * 60;

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

function tierFor(pointsEarned: number): LoyaltyTier {
  if (pointsEarned >= TIER_ORO) return "oro";
  if (pointsEarned >= TIER_PLATA) return "plata";
  return "bronce";
}

/** D14: PH-yymmdd-NNNN, the date in Honduras (UTC−6, no daylight saving). */
function orderNumber(created: Date, random: Random, taken: Set<string>) {
  const local = new Date(created.getTime() - HONDURAS_OFFSET_MINUTES * MINUTE);
  const yymmdd = local.toISOString().slice(2, 10).replace(/-/g, "");
  for (;;) {
    const candidate = `PH-${yymmdd}-${random.int(1000, 9999)}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

function couponCode(random: Random) {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  let code = "";
  for (let i = 0; i < 6; i++) code += alphabet[random.int(0, alphabet.length - 1)];
  return `LEAL-${code}`;
}

const json = (value: unknown) => JSON.stringify(value);

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

  const now = options.now ?? new Date();
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const iso = (date: Date) => date.toISOString();
  const random = createRandom("perfumeria-de-lujo-demo-v1");

  // Products must exist before the orders that contain them.
  const minAgeDays: Record<string, number> = {};
  for (const order of DEMO_ORDERS) {
    for (const item of order.items) {
      minAgeDays[item.slug] = Math.max(minAgeDays[item.slug] ?? 0, order.daysAgo + 10);
    }
  }
  const products = buildProducts(random, { minAgeDays });
  const productBySlug = new Map(products.map((product) => [product.slug, product]));
  const brandBySlug = new Map(BRANDS.map((brand) => [brand.slug, brand]));

  // Password hashing (~0.5 s each) runs while the images render.
  const generatedPassword = options.adminPassword
    ? undefined
    : crypto.randomBytes(15).toString("base64url");
  const hashes = Promise.all([
    hashPassword(options.adminPassword ?? generatedPassword!),
    hashPassword(DEMO_CUSTOMER.password),
  ]);

  // Images: one front view each, a second angle for about a third of the catalogue.
  const imageStarted = Date.now();
  const svgs: string[] = [];
  const svgIndexes = products.map((product, index) => {
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
  const imageDir = path.join(options.dataDir, "uploads", "products");
  const { keys, rendered } = await renderSvgImages(imageDir, svgs);
  const imagesBySlug = new Map(
    products.map((product, index) => [product.slug, svgIndexes[index].map((i) => keys[i])]),
  );
  log(
    `Imágenes: ${svgs.length} (${rendered} nuevas) en ${Date.now() - imageStarted} ms → ${imageDir}`,
  );

  const [adminHash, customerHash] = await hashes;

  const inserted = await db.transaction().execute(async (trx) => {
    if (options.force) {
      for (const table of TABLES_FK_SAFE_ORDER) await trx.deleteFrom(table).execute();
      await sql`DELETE FROM sqlite_sequence`.execute(trx).catch(() => undefined);
    } else if (await storeHasData(trx)) {
      return false; // another process seeded meanwhile
    }
    await insertAll(trx, {
      now,
      at,
      iso,
      random,
      products,
      productBySlug,
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

type InsertContext = {
  now: Date;
  at: (minutesAgo: number) => Date;
  iso: (date: Date) => string;
  random: Random;
  products: SeedProduct[];
  productBySlug: Map<string, SeedProduct>;
  imagesBySlug: Map<string, string[]>;
  adminEmail: string;
  adminHash: string;
  customerHash: string;
};

async function insertAll(trx: Transaction<Database>, context: InsertContext) {
  const { now, at, iso, random, products, productBySlug, imagesBySlug } = context;
  const days = (count: number) => at(count * DAY_MINUTES);
  const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);
  const min = (a: Date, b: Date) => (a < b ? a : b);
  const latestPast = (date: Date) => min(date, at(5));

  // Settings
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

  // Brands
  const brandRows = await trx
    .insertInto("brands")
    .values(
      BRANDS.map((brand, index) => {
        const created = iso(at((135 - index) * DAY_MINUTES));
        return {
          name: brand.name,
          slug: brand.slug,
          description: brand.description,
          logoUrl: null,
          country: brand.country,
          isActive: 1 as const,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning(["id", "slug"])
    .execute();
  const brandId = new Map(brandRows.map((row) => [row.slug, row.id]));

  // Users: admin, demo customer, reviewers (Google-style accounts, no password).
  const adminCreated = iso(days(ADMIN_PROFILE.daysAgo));
  const [admin] = await trx
    .insertInto("users")
    .values({
      email: context.adminEmail,
      passwordHash: context.adminHash,
      googleId: null,
      firstName: ADMIN_PROFILE.firstName,
      lastName: ADMIN_PROFILE.lastName,
      phone: ADMIN_PROFILE.phone,
      address: null,
      role: "admin",
      adminNotes: null,
      lastPurchaseDate: null,
      birthDate: null,
      favoriteAddress1: null,
      favoriteAddress2: null,
      createdAt: adminCreated,
      updatedAt: adminCreated,
    })
    .returning("id")
    .execute();

  const customerCreated = days(DEMO_CUSTOMER.daysAgo);
  const [customer] = await trx
    .insertInto("users")
    .values({
      email: DEMO_CUSTOMER.email,
      passwordHash: context.customerHash,
      googleId: null,
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      phone: DEMO_CUSTOMER.phone,
      address: DEMO_CUSTOMER.address,
      role: "customer",
      adminNotes: "Clienta frecuente. Prefiere entregas por la tarde.",
      lastPurchaseDate: null,
      birthDate: DEMO_CUSTOMER.birthDate,
      hasRegistrationBonus: 1,
      favoriteAddress1: DEMO_CUSTOMER.favoriteAddress1,
      favoriteAddress2: DEMO_CUSTOMER.favoriteAddress2,
      createdAt: iso(customerCreated),
      updatedAt: iso(customerCreated),
    })
    .returning("id")
    .execute();

  const reviewerRows = await trx
    .insertInto("users")
    .values(
      REVIEWERS.map((reviewer, index) => {
        const created = iso(days(reviewer.daysAgo));
        return {
          email: reviewer.email,
          passwordHash: null,
          googleId: `seed-reviewer-${index + 1}`,
          firstName: reviewer.firstName,
          lastName: reviewer.lastName,
          phone: reviewer.phone,
          address: reviewer.city,
          role: "customer" as const,
          adminNotes: null,
          lastPurchaseDate: null,
          birthDate: null,
          favoriteAddress1: null,
          favoriteAddress2: null,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning(["id", "email"])
    .execute();
  const reviewerId = new Map(
    REVIEWERS.map((reviewer) => [
      reviewer.key,
      reviewerRows.find((row) => row.email === reviewer.email)!.id,
    ]),
  );
  const reviewerCreated = new Map(
    REVIEWERS.map((reviewer) => [reviewer.key, days(reviewer.daysAgo)]),
  );

  // Products
  const productCreated = new Map(products.map((product) => [product.slug, at(product.ageMinutes)]));
  const productRows = await trx
    .insertInto("products")
    .values(
      products.map((product) => {
        const created = iso(productCreated.get(product.slug)!);
        return {
          name: product.name,
          slug: product.slug,
          brandId: brandId.get(product.brandSlug)!,
          category: "fragrance" as const,
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
          videoUrl: null,
          isActive: product.isActive,
          isFeatured: product.isFeatured,
          isNew: product.isNew,
          isViral: product.isViral,
          isExclusive: product.isExclusive,
          viewCount: product.viewCount,
          salesCount: product.salesCount,
          createdAt: created,
          updatedAt: created,
        };
      }),
    )
    .returning(["id", "slug"])
    .execute();
  const productId = new Map(productRows.map((row) => [row.slug, row.id]));

  // Promo codes
  const promoRows = await trx
    .insertInto("promoCodes")
    .values(
      PROMO_CODES.map((promo) => ({
        code: promo.code,
        description: promo.description,
        discountType: promo.discountType,
        discountValue: promo.discountValue,
        minOrderAmount: promo.minOrderAmount,
        maxUses: promo.maxUses,
        currentUses: DEMO_ORDERS.filter((order) => order.promoCode === promo.code).length,
        isActive: 1 as const,
        validFrom: iso(days(promo.validFromDaysAgo)),
        validUntil:
          promo.validUntilDaysAhead === null ? null : iso(days(-promo.validUntilDaysAhead)),
        createdBy: admin.id,
        createdAt: iso(days(promo.validFromDaysAgo)),
        updatedAt: iso(days(promo.validFromDaysAgo)),
      })),
    )
    .returning(["id", "code"])
    .execute();
  const promoByCode = new Map(
    PROMO_CODES.map((promo) => [
      promo.code,
      { ...promo, id: promoRows.find((row) => row.code === promo.code)!.id },
    ]),
  );

  // Orders of the demo customer
  type BuiltOrder = {
    spec: OrderSpec;
    id: string;
    orderNumber: string;
    created: Date;
    paidAt: Date | null;
    shippedAt: Date | null;
    deliveredAt: Date | null;
    subtotal: number;
    total: number;
    items: {
      slug: string;
      productId: number;
      name: string;
      image: string | null;
      size: string;
      price: number;
      quantity: number;
    }[];
  };
  const takenNumbers = new Set<string>();
  const orders: BuiltOrder[] = [];
  const customerName = `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`;
  for (const spec of DEMO_ORDERS) {
    // Orders are placed during the Honduran day (UTC−6), never in the future.
    const day = days(spec.daysAgo);
    const localMidnight = new Date(
      Math.floor((day.getTime() - HONDURAS_OFFSET_MINUTES * MINUTE) / (DAY_MINUTES * MINUTE)) *
        DAY_MINUTES *
        MINUTE +
        HONDURAS_OFFSET_MINUTES * MINUTE,
    );
    let created = addMinutes(localMidnight, random.int(8 * 60, 20 * 60));
    if (created.getTime() > now.getTime() - 30 * MINUTE) created = at(random.int(60, 180));
    const items = spec.items.map((item) => {
      const product = productBySlug.get(item.slug);
      if (!product) throw new Error(`Producto desconocido en pedido demo: ${item.slug}`);
      const size =
        item.size && product.availableSizes.includes(item.size) ? item.size : product.size;
      const price = priceForSize(product.price, product.size, size);
      if (price === null) throw new Error(`Tamaño desconocido en pedido demo: ${size}`);
      return {
        slug: item.slug,
        productId: productId.get(item.slug)!,
        name: product.name,
        image: imagesBySlug.get(item.slug)?.[0] ?? null,
        size,
        price,
        quantity: item.quantity,
      };
    });
    const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    const promo = spec.promoCode ? promoByCode.get(spec.promoCode) : undefined;
    const requestedDiscount = !promo
      ? 0
      : promo.discountType === "percentage"
        ? Math.round((subtotal * promo.discountValue) / 100)
        : promo.discountValue;
    const { shippingCost, tax, couponDiscount, total } = orderTotals({
      lines: items,
      method: spec.shippingMethod,
      couponDiscount: requestedDiscount,
      settings: PRICING_SETTINGS,
    });

    const reached = (statuses: OrderStatus[]) => statuses.includes(spec.status);
    const paidAt = reached(["paid", "processing", "shipped", "delivered"])
      ? latestPast(addMinutes(created, random.int(90, 300)))
      : null;
    const shippedAt =
      paidAt && reached(["shipped", "delivered"])
        ? latestPast(addMinutes(paidAt, random.int(18 * 60, 26 * 60)))
        : null;
    const deliveredAt =
      shippedAt && spec.status === "delivered"
        ? latestPast(addMinutes(shippedAt, random.int(1, 3) * DAY_MINUTES))
        : null;
    const closedAt =
      spec.status === "cancelled"
        ? addMinutes(created, 75)
        : spec.status === "denied"
          ? addMinutes(created, 20 * 60)
          : null;
    const updatedAt = deliveredAt ?? shippedAt ?? closedAt ?? paidAt ?? created;
    const deliveryDays =
      spec.shippingMethod === "express" ? 2 : spec.shippingMethod === "pickup" ? 1 : 5;
    const estimatedDelivery =
      spec.status === "cancelled" || spec.status === "denied"
        ? null
        : iso(addMinutes(created, deliveryDays * DAY_MINUTES));

    const notes = [
      "Banco: BAC Credomatic (transferencia)",
      `Cliente: ${customerName}`,
      `Referencia: ${spec.reference}`,
    ];
    if (spec.status === "cancelled" && spec.reason) notes.push(`Cancelado: ${spec.reason}`);
    if (spec.status === "denied" && spec.reason) notes.push(`Denegado: ${spec.reason}`);

    const built: BuiltOrder = {
      spec,
      id: crypto.randomUUID(),
      orderNumber: orderNumber(created, random, takenNumbers),
      created,
      paidAt,
      shippedAt,
      deliveredAt,
      subtotal,
      total,
      items,
    };
    orders.push(built);

    await trx
      .insertInto("orders")
      .values({
        id: built.id,
        userId: customer.id,
        sessionId: null,
        orderNumber: built.orderNumber,
        status: spec.status,
        paymentMethod: "bank_transfer",
        shippingMethod: spec.shippingMethod,
        subtotal,
        shippingCost,
        tax,
        couponDiscount,
        total,
        customerName,
        customerEmail: DEMO_CUSTOMER.email,
        customerPhone: DEMO_CUSTOMER.phone,
        shippingAddress:
          spec.shippingMethod === "pickup"
            ? spec.address
            : `${spec.address}, ${spec.city}, ${spec.zone}`,
        shippingCity: spec.city,
        shippingZone: spec.zone,
        trackingNumber: spec.trackingNumber ?? null,
        paymentProof: null,
        adminNotes: notes.join("\n"),
        couponCode: promo ? promo.code : null,
        promoCodeId: promo ? promo.id : null,
        estimatedDelivery,
        paidAt: paidAt && iso(paidAt),
        shippedAt: shippedAt && iso(shippedAt),
        deliveredAt: deliveredAt && iso(deliveredAt),
        createdAt: iso(created),
        updatedAt: iso(updatedAt),
      })
      .execute();
    await trx
      .insertInto("orderItems")
      .values(
        items.map((item) => ({
          orderId: built.id,
          productId: item.productId,
          size: item.size,
          quantity: item.quantity,
          price: item.price,
          productName: item.name,
          productImage: item.image,
          createdAt: iso(created),
        })),
      )
      .execute();
  }
  const orderByRef = new Map(orders.map((order) => [order.spec.ref, order]));
  const delivered = orders.filter((order) => order.spec.status === "delivered");

  // Loyalty: registration bonus, points for delivered orders, one redemption (D13).
  const pointsRows: Insertable<PointsHistoryTable>[] = [];
  pointsRows.push({
    userId: customer.id,
    points: REGISTRATION_BONUS,
    type: "bonus",
    description: "Bono de bienvenida por registrarte",
    orderId: null,
    expiresAt: null,
    createdAt: iso(customerCreated),
  });
  let pointsEarned = REGISTRATION_BONUS;
  for (const order of delivered) {
    const points = Math.floor(order.subtotal / 100) * POINTS_PER_LEMPIRA;
    pointsEarned += points;
    pointsRows.push({
      userId: customer.id,
      points,
      type: "earned",
      description: `Puntos por el pedido ${order.orderNumber}`,
      orderId: order.id,
      expiresAt: null,
      createdAt: iso(order.deliveredAt!),
    });
  }
  const couponCreated = days(9);
  const userCouponCode = couponCode(random);
  const couponDiscount = Math.floor(REDEEMED_POINTS / POINTS_PER_LEMPIRA_DISCOUNT) * 100;
  pointsRows.push({
    userId: customer.id,
    points: -REDEEMED_POINTS,
    type: "redeemed",
    description: `Canje por el cupón ${userCouponCode} (L ${(couponDiscount / 100).toFixed(2)} de descuento)`,
    orderId: null,
    expiresAt: null,
    createdAt: iso(couponCreated),
  });
  await trx.insertInto("pointsHistory").values(pointsRows).execute();
  await trx
    .insertInto("userCoupons")
    .values({
      userId: customer.id,
      code: userCouponCode,
      pointsUsed: REDEEMED_POINTS,
      discountAmount: couponDiscount,
      isUsed: 0,
      usedAt: null,
      orderId: null,
      expiresAt: iso(addMinutes(couponCreated, 30 * DAY_MINUTES)),
      createdAt: iso(couponCreated),
    })
    .execute();

  const lastDelivered = delivered.at(-1);
  await trx
    .updateTable("users")
    .set({
      totalOrders: delivered.length,
      totalSpent: delivered.reduce((sum, order) => sum + order.total, 0),
      loyaltyPoints: pointsEarned - REDEEMED_POINTS,
      pointsEarned,
      pointsRedeemed: REDEEMED_POINTS,
      loyaltyTier: tierFor(pointsEarned),
      lastPurchaseDate: lastDelivered ? iso(lastDelivered.deliveredAt!) : null,
      consecutivePurchases: delivered.length,
      updatedAt: iso(couponCreated),
    })
    .where("id", "=", customer.id)
    .execute();

  // Reviews, then the rating columns of the products that have them (the others stay at 0:
  // a card must not promise reviews the product page cannot show).
  const reviewRows = REVIEWS.map((review) => {
    const product = productBySlug.get(review.slug);
    if (!product) throw new Error(`Producto desconocido en reseña demo: ${review.slug}`);
    let userId: number;
    let orderId: string | null = null;
    let created: Date;
    if ("customerOrder" in review.by) {
      const order = orderByRef.get(review.by.customerOrder)!;
      userId = customer.id;
      orderId = order.id;
      created = latestPast(
        addMinutes(order.deliveredAt ?? order.created, random.int(2, 4) * DAY_MINUTES),
      );
    } else {
      userId = reviewerId.get(review.by.reviewer)!;
      const accountCreated = reviewerCreated.get(review.by.reviewer)!;
      const productSince = productCreated.get(review.slug)!;
      const start = addMinutes(
        accountCreated > productSince ? accountCreated : productSince,
        DAY_MINUTES,
      );
      const span = Math.max(60, (now.getTime() - start.getTime()) / MINUTE - 120);
      created = addMinutes(start, Math.floor(random.next() * span));
    }
    return {
      productId: productId.get(review.slug)!,
      userId,
      orderId,
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      isVerified: orderId ? (1 as const) : (0 as const),
      isApproved: review.approved ? (1 as const) : (0 as const),
      adminResponse: review.adminResponse ?? null,
      createdAt: iso(created),
      updatedAt: iso(created),
    };
  });
  await trx.insertInto("reviews").values(reviewRows).execute();
  const ratings = new Map<number, number[]>();
  for (const review of reviewRows) {
    if (!review.isApproved) continue;
    ratings.set(review.productId, [...(ratings.get(review.productId) ?? []), review.rating]);
  }
  for (const [id, values] of ratings) {
    const average = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
    await trx
      .updateTable("products")
      .set({ reviewCount: values.length, averageRating: average })
      .where("id", "=", id)
      .execute();
  }

  // Notifications of the demo customer
  type NotificationRow = {
    type: NotificationType;
    title: string;
    message: string;
    order?: (typeof orders)[number];
    at: Date;
    isRead: 0 | 1;
  };
  const notifications: NotificationRow[] = [
    {
      type: "promo_code",
      title: "¡Bienvenida a Perfumería de Lujo!",
      message: "Usa el código BIENVENIDO10 y obtén 10% de descuento en tu primera compra.",
      at: addMinutes(customerCreated, 5),
      isRead: 1,
    },
    {
      type: "promo_code",
      title: "Nuevo código: VERANO500",
      message: "L 500 de descuento en compras desde L 3,000. Válido por tiempo limitado.",
      at: days(7),
      isRead: 0,
    },
  ];
  for (const order of orders) {
    const { status } = order.spec;
    if (order.paidAt) {
      notifications.push({
        type: "order_approved",
        title: "Pago aprobado",
        message: `Verificamos el pago de tu pedido ${order.orderNumber}. ¡Ya lo estamos preparando!`,
        order,
        at: order.paidAt,
        isRead: status === "paid" ? 0 : 1,
      });
    }
    if (order.shippedAt) {
      notifications.push({
        type: "order_shipped",
        title: "Tu pedido va en camino",
        message: order.spec.trackingNumber
          ? `Tu pedido ${order.orderNumber} fue enviado. Número de guía: ${order.spec.trackingNumber}.`
          : `Tu pedido ${order.orderNumber} fue enviado.`,
        order,
        at: order.shippedAt,
        isRead: status === "shipped" ? 0 : 1,
      });
    }
    if (order.deliveredAt) {
      const points = Math.floor(order.subtotal / 100) * POINTS_PER_LEMPIRA;
      notifications.push(
        {
          type: "order_delivered",
          title: "Pedido entregado",
          message: `Tu pedido ${order.orderNumber} fue entregado. ¡Gracias por tu compra!`,
          order,
          at: order.deliveredAt,
          isRead: 1,
        },
        {
          type: "loyalty_points",
          title: "¡Ganaste puntos!",
          message: `Sumaste ${points.toLocaleString("es-HN")} puntos por tu pedido ${order.orderNumber}.`,
          order,
          at: addMinutes(order.deliveredAt, 1),
          isRead: order === delivered.at(-1) ? 0 : 1,
        },
      );
    }
    if (status === "cancelled") {
      notifications.push({
        type: "order_cancelled",
        title: "Pedido cancelado",
        message: `Tu pedido ${order.orderNumber} fue cancelado según tu solicitud.`,
        order,
        at: addMinutes(order.created, 75),
        isRead: 1,
      });
    }
    if (status === "denied") {
      notifications.push({
        type: "order_denied",
        title: "Pedido denegado",
        message: `No pudimos verificar el pago del pedido ${order.orderNumber}. Contáctanos para ayudarte.`,
        order,
        at: addMinutes(order.created, 20 * 60),
        isRead: 1,
      });
    }
  }
  notifications.sort((a, b) => a.at.getTime() - b.at.getTime());
  await trx
    .insertInto("notifications")
    .values(
      notifications.map((notification) => ({
        userId: customer.id,
        type: notification.type,
        title: notification.title,
        message: notification.message,
        orderId: notification.order?.id ?? null,
        orderNumber: notification.order?.orderNumber ?? null,
        isRead: notification.isRead,
        createdAt: iso(notification.at),
      })),
    )
    .execute();

  // Admin history on the customer's account
  const cancelled = orders.find((order) => order.spec.status === "cancelled");
  const denied = orders.find((order) => order.spec.status === "denied");
  await trx
    .insertInto("userActivityLog")
    .values([
      {
        userId: customer.id,
        adminId: admin.id,
        actionType: "admin_note" as const,
        actionDescription: "Nota agregada por el administrador",
        oldValue: null,
        newValue: null,
        fieldChanged: null,
        adminNotes: "Clienta frecuente. Prefiere entregas por la tarde.",
        createdAt: iso(days(20)),
      },
      ...(cancelled
        ? [
            {
              userId: customer.id,
              adminId: admin.id,
              actionType: "order_cancelled" as const,
              actionDescription: `Pedido ${cancelled.orderNumber} cancelado`,
              oldValue: "pending",
              newValue: "cancelled",
              fieldChanged: "status",
              adminNotes: cancelled.spec.reason ?? null,
              createdAt: iso(addMinutes(cancelled.created, 75)),
            },
          ]
        : []),
      ...(denied
        ? [
            {
              userId: customer.id,
              adminId: admin.id,
              actionType: "order_denied" as const,
              actionDescription: `Pedido ${denied.orderNumber} denegado`,
              oldValue: "pending",
              newValue: "denied",
              fieldChanged: "status",
              adminNotes: denied.spec.reason ?? null,
              createdAt: iso(addMinutes(denied.created, 20 * 60)),
            },
          ]
        : []),
    ])
    .execute();

  // Wishlist of the demo customer
  await trx
    .insertInto("wishlistItems")
    .values(
      DEMO_WISHLIST.filter((slug) => productId.has(slug)).map((slug, index) => ({
        userId: customer.id,
        productId: productId.get(slug)!,
        createdAt: iso(days(30 - index * 6)),
      })),
    )
    .execute();

  // Contact messages
  await trx
    .insertInto("messages")
    .values(
      MESSAGES.map((message) => {
        const created = addMinutes(days(message.daysAgo), -random.int(30, 300));
        return {
          name: message.name,
          email: message.email,
          phone: message.phone,
          subject: message.subject,
          message: message.message,
          isRead: message.isRead,
          isReplied: message.reply ? (1 as const) : (0 as const),
          reply: message.reply,
          repliedAt: message.reply ? iso(addMinutes(created, 5 * 60)) : null,
          createdAt: iso(created),
        };
      }),
    )
    .execute();

  // CMS pages
  await trx
    .insertInto("cmsPages")
    .values(
      CMS_PAGES.map((page) => ({
        key: page.key,
        title: page.title,
        content: page.content,
        metaDescription: page.metaDescription,
        isActive: 1 as const,
        createdAt: adminCreated,
        updatedAt: adminCreated,
      })),
    )
    .execute();
}

async function main() {
  const force = process.argv.includes("--force");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const adminEmail = process.env.ADMIN_EMAIL || "admin@perfumeria.hn";
  const adminPassword = process.env.ADMIN_PASSWORD || undefined;
  const db = createDb(openSqlite(databasePath(dataDir)));
  try {
    await migrateToLatest(db);
    const result = await seed(db, { dataDir, adminEmail, adminPassword, force, log: console.log });
    if (!result.seeded) {
      console.log(
        "Nada que hacer. Usa --force para borrar todo y volver a cargar los datos de demostración.",
      );
      return;
    }
    console.log(`\nAdministrador: ${adminEmail}`);
    if (result.adminPassword) {
      console.log(`Contraseña generada (se muestra solo esta vez): ${result.adminPassword}`);
    } else {
      console.log("Contraseña: la de ADMIN_PASSWORD");
    }
    if (result.demoCustomer) {
      console.log(
        `Cliente de demostración: ${result.demoCustomer.email} / ${result.demoCustomer.password}`,
      );
    }
  } finally {
    await db.destroy();
  }
}

const invokedDirectly =
  typeof process !== "undefined" &&
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]).replace(/\.ts$/, "") ===
    fileURLToPath(import.meta.url).replace(/\.ts$/, "");

if (invokedDirectly) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
