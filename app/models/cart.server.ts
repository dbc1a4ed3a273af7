import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
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
