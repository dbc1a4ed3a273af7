import { describe, expect, it } from "vitest";
import { cartNotice, type CartRefusal } from "~/models/cart/cart";

describe("cartNotice (storefront.md §8: what a refused cart change tells the shopper)", () => {
  it("reads a stock refusal as 'Stock insuficiente' with the units in stock and in the cart", () => {
    const refusal: CartRefusal = { error: "insufficient_stock", stock: 5, inCart: 2 };
    expect(cartNotice(refusal, "update")).toEqual({
      title: "Stock insuficiente",
      message: "No hay suficientes unidades disponibles (stock: 5, en tu carrito: 2).",
    });
    expect(cartNotice({ error: "insufficient_stock", stock: 3, inCart: 0 }, "add").message).toBe(
      "No hay suficientes unidades disponibles (stock: 3).",
    );
  });

  it("tells an add from an update for a sold-out or withdrawn product", () => {
    expect(cartNotice({ error: "out_of_stock" }, "add")).toEqual({
      title: "Producto agotado",
      message: "Este producto no está disponible en este momento.",
    });
    expect(cartNotice({ error: "out_of_stock" }, "update")).toEqual({
      title: "Producto agotado",
      message: "Este producto ya no está disponible.",
    });
    expect(cartNotice({ error: "unavailable" }, "add")).toEqual({
      title: "Error",
      message: "Este producto no está disponible",
    });
    expect(cartNotice({ error: "unavailable" }, "update")).toEqual({
      title: "Error",
      message: "Este producto ya no está disponible.",
    });
  });

  it("gives every other refusal the 'Error' title with its own message", () => {
    expect(cartNotice({ error: "size_unavailable" }, "add").message).toBe(
      "Este tamaño no está disponible para este producto",
    );
    expect(cartNotice({ error: "invalid_quantity" }, "add").message).toBe(
      "La cantidad debe ser al menos 1",
    );
    expect(cartNotice({ error: "not_found" }, "update")).toEqual({
      title: "Error",
      message: "Este producto ya no está en tu carrito.",
    });
  });
});
