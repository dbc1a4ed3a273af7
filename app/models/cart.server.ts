import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { isProductImageKey } from "~/utils/images";
import { parseList, sizeOptions } from "./products.server";

/** Whose cart: a signed-in user's, or a visitor's on the session's guest id (D10). */
export type CartOwner =
  { userId: number; guestId?: undefined } | { userId?: undefined; guestId: string };

/** storefront.md §5 and §8: the messages shoppers see when a product cannot be added. */
export const CART_MESSAGES = {
  unavailable: "Este producto no está disponible",
  outOfStock: "Producto agotado",
  sizeUnavailable: "Este tamaño no está disponible para este producto",
  invalidQuantity: "La cantidad debe ser al menos 1",
} as const;

/** §8 reads 'unidades disponibles' in the server's message as "Stock insuficiente". */
export function insufficientStockMessage(stock: number, inCart: number) {
  const detail = inCart > 0 ? `stock: ${stock}, en tu carrito: ${inCart}` : `stock: ${stock}`;
  return `No hay suficientes unidades disponibles (${detail}).`;
}

export type AddToCartError =
  "unavailable" | "out_of_stock" | "size_unavailable" | "insufficient_stock" | "invalid_quantity";

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
  | { ok: false; error: AddToCartError; message: string };

type Trx = Transaction<Database>;

async function unitsInCart(trx: Trx, owner: CartOwner, productId: number) {
  let query = trx
    .selectFrom("cartItems")
    .select(["id", "size", "quantity"])
    .where("productId", "=", productId);
  query =
    owner.userId !== undefined
      ? query.where("userId", "=", owner.userId)
      : query.where("sessionId", "=", owner.guestId).where("userId", "is", null);
  return query.execute();
}

/**
 * Adds units of one size of a product to a cart, in one transaction (BEGIN IMMEDIATE, so two
 * shoppers' adds are serialised). The server decides: the product must be active and in stock,
 * the size must be one it is sold in, and the units of this product already in the cart (any
 * size: stock is counted per product) plus the new ones may not exceed the stock. The same
 * product and size merges into one line. Nothing is written when a rule fails.
 */
export async function addToCart(
  input: CartOwner & { productId: number; size: string; quantity: number },
): Promise<AddToCartResult> {
  const { productId, size, quantity } = input;
  const owner: CartOwner =
    input.userId !== undefined ? { userId: input.userId } : { guestId: input.guestId };
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    return { ok: false, error: "invalid_quantity", message: CART_MESSAGES.invalidQuantity };
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
      return { ok: false, error: "unavailable", message: CART_MESSAGES.unavailable };
    }
    if (product.stock <= 0) {
      return { ok: false, error: "out_of_stock", message: CART_MESSAGES.outOfStock };
    }
    const option = sizeOptions({
      ...product,
      availableSizes: parseList(product.availableSizes),
    }).find((candidate) => candidate.size === size);
    if (!option) {
      return { ok: false, error: "size_unavailable", message: CART_MESSAGES.sizeUnavailable };
    }

    const lines = await unitsInCart(trx, owner, productId);
    const inCart = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (inCart + quantity > product.stock) {
      return {
        ok: false,
        error: "insufficient_stock",
        message: insufficientStockMessage(product.stock, inCart),
      };
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
          userId: owner.userId ?? null,
          sessionId: owner.userId !== undefined ? null : owner.guestId,
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

export type CartLine = {
  id: number;
  productId: number;
  name: string;
  slug: string;
  brandName: string;
  imageKey: string | null;
  size: string;
  quantity: number;
  /** The size's price now, from the product (a cart never keeps a price). */
  unitPrice: number;
  lineTotal: number;
  stock: number;
  /** False when the product was deactivated or its size is no longer sold: it cannot be bought. */
  available: boolean;
};

export type Cart = { lines: CartLine[]; subtotal: number; itemCount: number };

/**
 * A cart as the shopper sees it, priced from the products now (storefront §5: the server
 * decides prices). Lines that can no longer be bought stay visible, marked unavailable, and
 * count in neither the subtotal nor the item count.
 */
export async function getCart(owner: CartOwner, executor: Kysely<Database> = db): Promise<Cart> {
  let query = executor
    .selectFrom("cartItems as c")
    .innerJoin("products as p", "p.id", "c.productId")
    .innerJoin("brands as b", "b.id", "p.brandId")
    .select([
      "c.id",
      "c.productId",
      "c.size",
      "c.quantity",
      "p.name",
      "p.slug",
      "b.name as brandName",
      "p.images",
      "p.price",
      "p.originalPrice",
      "p.size as mainSize",
      "p.availableSizes",
      "p.stock",
      "p.isActive",
    ])
    .orderBy("c.createdAt")
    .orderBy("c.id");
  query =
    owner.userId !== undefined
      ? query.where("c.userId", "=", owner.userId)
      : query.where("c.sessionId", "=", owner.guestId).where("c.userId", "is", null);
  const rows = await query.execute();
  const lines = rows.map((row): CartLine => {
    const option = sizeOptions({
      price: row.price,
      originalPrice: row.originalPrice,
      size: row.mainSize,
      availableSizes: parseList(row.availableSizes),
    }).find((candidate) => candidate.size === row.size);
    const available = row.isActive === 1 && option !== undefined;
    const unitPrice = option?.price ?? row.price;
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
