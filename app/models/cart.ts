/**
 * Client-safe cart rules shared by the cart page, the drawer, the catalogue cards and the
 * product page: how a refusal from the server is shown (storefront.md §8).
 */

export type CartNotice = { title: string; message: string };

/**
 * §8 reads the server's message: 'unidades disponibles' is "Stock insuficiente" with that
 * message; 'agotado' is "Producto agotado" with the add or update text; anything else is
 * "Error" with the message, or the generic text when there is none.
 */
export function cartErrorNotice(action: "add" | "update", message: string | undefined): CartNotice {
  const text = message?.trim() ?? "";
  if (text.includes("unidades disponibles")) return { title: "Stock insuficiente", message: text };
  if (text.toLowerCase().includes("agotado")) {
    return {
      title: "Producto agotado",
      message:
        action === "add"
          ? "Este producto no está disponible en este momento."
          : "Este producto ya no está disponible.",
    };
  }
  return {
    title: "Error",
    message:
      text ||
      (action === "add"
        ? "No se pudo agregar el producto al carrito"
        : "No se pudo actualizar la cantidad"),
  };
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
