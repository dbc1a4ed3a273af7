/**
 * Client-safe cart rules shared by the cart page, the drawer, the catalogue cards and the
 * product page: what a refusal from the cart model says to the shopper (storefront.md §5, §8).
 */

/** storefront §5: the quantity rule's message, from the form's schema or the cart model. */
export const QUANTITY_AT_LEAST_ONE = "La cantidad debe ser al menos 1";

/** Why the cart model refused a change (cart.server.ts); the route turns it into a notice. */
export type CartRefusal =
  | { error: "unavailable" | "out_of_stock" | "size_unavailable" | "invalid_quantity" }
  | { error: "not_found" }
  | { error: "insufficient_stock"; stock: number; inCart: number };

export type CartNotice = { title: string; message: string };

/** §8's words when a refused add or update carries no message of its own. */
export const CART_CHANGE_FAILED = {
  add: "No se pudo agregar el producto al carrito",
  update: "No se pudo actualizar la cantidad",
} as const;

/** §8: an add (cards, product page) and an update (cart page, drawer) are told apart. */
export function cartNotice(refusal: CartRefusal, action: "add" | "update"): CartNotice {
  switch (refusal.error) {
    case "insufficient_stock": {
      const { stock, inCart } = refusal;
      const detail = inCart > 0 ? `stock: ${stock}, en tu carrito: ${inCart}` : `stock: ${stock}`;
      return {
        title: "Stock insuficiente",
        message: `No hay suficientes unidades disponibles (${detail}).`,
      };
    }
    case "out_of_stock":
      return {
        title: "Producto agotado",
        message:
          action === "add"
            ? "Este producto no está disponible en este momento."
            : "Este producto ya no está disponible.",
      };
    case "unavailable":
      // §8: an update of a product that was deactivated (or whose size is no longer sold)
      return {
        title: "Error",
        message:
          action === "add"
            ? "Este producto no está disponible"
            : "Este producto ya no está disponible.",
      };
    case "size_unavailable":
      return { title: "Error", message: "Este tamaño no está disponible para este producto" };
    case "invalid_quantity":
      return { title: "Error", message: QUANTITY_AT_LEAST_ONE };
    case "not_found":
      return { title: "Error", message: "Este producto ya no está en tu carrito." };
  }
}

/** The most units a line may hold: the stock less the product's units in the cart's other lines. */
export function lineMaximum(
  line: { id: number; productId: number; stock: number },
  lines: readonly { id: number; productId: number; quantity: number }[],
) {
  const others = lines
    .filter((other) => other.productId === line.productId && other.id !== line.id)
    .reduce((sum, other) => sum + other.quantity, 0);
  return Math.max(0, line.stock - others);
}

/** A cart line as the shopper sees it (cart.server.ts getCart builds it). */
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
