import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { isProductImageKey } from "~/utils/images";
import { parseList, sizeOptions } from "~/models/catalog/products.server";
import type { Cart, CartLine, CartRefusal } from "./cart";
import { ownedBy, ownerColumns, type KnownShopper, type Shopper } from "~/models/auth/shopper";

export type { Cart, CartLine };

export type AddToCartResult =
  | {
      ok: true;
      productName: string;
      size: string;
      /** what one unit of this size costs now (the cart charges the size's price) */
      unitPrice: number;
      /** the line's quantity after merging */
      lineQuantity: number;
    }
  | ({ ok: false } & CartRefusal);

type Trx = Transaction<Database>;

async function unitsInCart(trx: Trx, shopper: Shopper, productId: number) {
  return trx
    .selectFrom("cartItems")
    .select(["id", "size", "quantity"])
    .where("productId", "=", productId)
    .where(ownedBy(shopper, "cartItems"))
    .execute();
}

/**
 * Adds units of one size of a product to a cart, in one transaction (BEGIN IMMEDIATE, so two
 * shoppers' adds are serialised). The server decides: the product must be active and in stock,
 * the size must be one it is sold in, and the units of this product already in the cart (any
 * size: stock is counted per product) plus the new ones may not exceed the stock. The same
 * product and size merges into one line. Nothing is written when a rule fails.
 */
export async function addToCart(input: {
  shopper: KnownShopper;
  productId: number;
  /** Omitted by the catalogue cards: the product's main size. */
  size?: string;
  quantity: number;
}): Promise<AddToCartResult> {
  const { shopper, productId, quantity } = input;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    return { ok: false, error: "invalid_quantity" };
  }
  return db.transaction().execute(async (trx): Promise<AddToCartResult> => {
    const product = await trx
      .selectFrom("products")
      .select([
        "id",
        "name",
        "isActive",
        "stock",
        "price",
        "originalPrice",
        "size",
        "availableSizes",
      ])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!product || product.isActive !== 1) {
      return { ok: false, error: "unavailable" };
    }
    if (product.stock <= 0) return { ok: false, error: "out_of_stock" };
    const size = input.size ?? product.size;
    const option = sizeOptions({
      ...product,
      availableSizes: parseList(product.availableSizes),
    }).find((candidate) => candidate.size === size);
    if (!option) {
      return { ok: false, error: "size_unavailable" };
    }

    const lines = await unitsInCart(trx, shopper, productId);
    const inCart = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (inCart + quantity > product.stock) {
      return { ok: false, error: "insufficient_stock", stock: product.stock, inCart };
    }

    const now = new Date().toISOString();
    const line = lines.find((candidate) => candidate.size === size);
    let lineQuantity = quantity;
    if (line) {
      lineQuantity = line.quantity + quantity;
      await trx
        .updateTable("cartItems")
        .set({ quantity: lineQuantity, updatedAt: now })
        .where("id", "=", line.id)
        .execute();
    } else {
      await trx
        .insertInto("cartItems")
        .values({
          ...ownerColumns(shopper),
          productId,
          size,
          quantity,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    return { ok: true, productName: product.name, size, unitPrice: option.price, lineQuantity };
  });
}

type LineWithProduct = {
  size: string;
  isActive: number;
  price: number;
  originalPrice: number | null;
  mainSize: string;
  availableSizes: string;
};

/**
 * The one rule for whether a cart line can be bought, and at what unit price: its product is
 * active and still sold in the line's size (the page, drawer, badge, updates, the merge at
 * sign-in and the order all go through it). `price` is null when it cannot be bought.
 */
function linePrice(line: LineWithProduct): number | null {
  if (line.isActive !== 1) return null;
  const option = sizeOptions({
    price: line.price,
    originalPrice: line.originalPrice,
    size: line.mainSize,
    availableSizes: parseList(line.availableSizes),
  }).find((candidate) => candidate.size === line.size);
  return option?.price ?? null;
}

/** A shopper's cart lines with what the price and stock rules need of their product. */
function linesWithProduct(executor: Kysely<Database>, shopper: Shopper) {
  return executor
    .selectFrom("cartItems as c")
    .innerJoin("products as p", "p.id", "c.productId")
    .select([
      "c.id",
      "c.productId",
      "c.size",
      "c.quantity",
      "p.name",
      "p.isActive",
      "p.stock",
      "p.price",
      "p.originalPrice",
      "p.size as mainSize",
      "p.availableSizes",
    ])
    .where(ownedBy(shopper, "c"));
}

/**
 * A cart as the shopper sees it, priced from the products now (storefront §5: the server
 * decides prices). Lines that can no longer be bought stay visible, marked unavailable, and
 * count in neither the subtotal nor the item count.
 */
export async function getCart(shopper: Shopper, executor: Kysely<Database> = db): Promise<Cart> {
  const rows = await linesWithProduct(executor, shopper)
    .innerJoin("brands as b", "b.id", "p.brandId")
    .select(["p.slug", "b.name as brandName", "p.images"])
    .orderBy("c.createdAt")
    .orderBy("c.id")
    .execute();
  const lines = rows.map((row): CartLine => {
    const price = linePrice(row);
    const available = price !== null;
    // An unavailable line shows the product's price; it counts in no total.
    const unitPrice = price ?? row.price;
    const imageKey = parseList(row.images)[0] ?? null;
    return {
      id: row.id,
      productId: row.productId,
      name: row.name,
      slug: row.slug,
      brandName: row.brandName,
      imageKey: imageKey && isProductImageKey(imageKey) ? imageKey : null,
      size: row.size,
      quantity: row.quantity,
      unitPrice,
      lineTotal: unitPrice * row.quantity,
      stock: row.stock,
      available,
    };
  });
  const buyable = lines.filter((line) => line.available);
  return {
    lines,
    subtotal: buyable.reduce((sum, line) => sum + line.lineTotal, 0),
    itemCount: buyable.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export type UpdateCartLineResult =
  | { ok: true; removed: boolean; productName: string; quantity: number }
  | ({ ok: false } & CartRefusal);

/**
 * Sets a line's quantity (storefront §2 cart page: −/+ and a typed quantity; 0 removes the
 * line). Ownership is checked here: another cart's line reads as not found and nothing changes.
 * Raising a quantity follows the add rules (active product, in stock, units of the product in
 * the cart in any size within the stock); lowering one is always allowed, so a shopper whose
 * line outgrew a reduced stock can bring it back down.
 */
export async function updateCartLine({
  shopper,
  lineId,
  quantity,
}: {
  shopper: Shopper;
  lineId: number;
  quantity: number;
}): Promise<UpdateCartLineResult> {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    return { ok: false, error: "invalid_quantity" };
  }
  return db.transaction().execute(async (trx): Promise<UpdateCartLineResult> => {
    const line = await linesWithProduct(trx, shopper).where("c.id", "=", lineId).executeTakeFirst();
    if (!line) return { ok: false, error: "not_found" };

    if (quantity === 0) {
      await trx.deleteFrom("cartItems").where("id", "=", line.id).execute();
      return { ok: true, removed: true, productName: line.name, quantity: 0 };
    }
    if (quantity > line.quantity) {
      if (linePrice(line) === null) return { ok: false, error: "unavailable" };
      if (line.stock <= 0) return { ok: false, error: "out_of_stock" };
      const others = (await unitsInCart(trx, shopper, line.productId))
        .filter((other) => other.id !== line.id)
        .reduce((sum, other) => sum + other.quantity, 0);
      if (others + quantity > line.stock) {
        return { ok: false, error: "insufficient_stock", stock: line.stock, inCart: others };
      }
    }
    await trx
      .updateTable("cartItems")
      .set({ quantity, updatedAt: new Date().toISOString() })
      .where("id", "=", line.id)
      .execute();
    return { ok: true, removed: false, productName: line.name, quantity };
  });
}

/** 'Eliminar': deletes one of the shopper's lines. False when they have no such line. */
export async function removeCartLine({ shopper, lineId }: { shopper: Shopper; lineId: number }) {
  const result = await db
    .deleteFrom("cartItems")
    .where("id", "=", lineId)
    .where(ownedBy(shopper, "cartItems"))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** 'Vaciar carrito': deletes every line of the shopper's cart; returns how many there were. */
export async function clearCart(shopper: Shopper) {
  const result = await db
    .deleteFrom("cartItems")
    .where(ownedBy(shopper, "cartItems"))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type MergeGuestCartResult = {
  /** guest lines whose units reached the account cart (in full or in part) */
  merged: number;
  /** guest lines cut down (or dropped) because the product's stock did not allow them in full */
  capped: number;
  /** guest lines of products that can no longer be bought (inactive, size no longer sold) */
  dropped: number;
};

/**
 * D10: at sign-in the visitor's cart joins the account's, in one transaction. The same product
 * and size add up into one line; the units of a product in the account cart (any size, as in
 * addToCart) never exceed its stock, so a guest line is cut to what is left and dropped when
 * nothing is. Lines the account already had are never reduced. Guest lines of products that
 * cannot be bought are dropped. The guest's rows are deleted afterwards.
 */
export async function mergeGuestCart({
  guestId,
  userId,
}: {
  guestId: string;
  userId: number;
}): Promise<MergeGuestCartResult> {
  return db.transaction().execute(async (trx) => {
    const guest: Shopper = { userId: null, guestId };
    const guestLines = await linesWithProduct(trx, guest)
      .orderBy("c.createdAt")
      .orderBy("c.id")
      .execute();
    const result: MergeGuestCartResult = { merged: 0, capped: 0, dropped: 0 };
    if (guestLines.length === 0) return result;

    const account: Shopper = { userId, guestId: null };
    const now = new Date().toISOString();
    for (const line of guestLines) {
      if (linePrice(line) === null) {
        result.dropped += 1;
        continue;
      }
      const accountLines = await unitsInCart(trx, account, line.productId);
      const inCart = accountLines.reduce((sum, other) => sum + other.quantity, 0);
      const units = Math.min(line.quantity, Math.max(0, line.stock - inCart));
      if (units < line.quantity) result.capped += 1;
      if (units === 0) continue;
      result.merged += 1;
      const same = accountLines.find((other) => other.size === line.size);
      if (same) {
        await trx
          .updateTable("cartItems")
          .set({ quantity: same.quantity + units, updatedAt: now })
          .where("id", "=", same.id)
          .execute();
      } else {
        await trx
          .insertInto("cartItems")
          .values({
            userId,
            sessionId: null,
            productId: line.productId,
            size: line.size,
            quantity: units,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
    }
    await trx.deleteFrom("cartItems").where(ownedBy(guest, "cartItems")).execute();
    return result;
  });
}
