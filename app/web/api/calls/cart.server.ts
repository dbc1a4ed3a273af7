import { z } from "zod/v4";
import type { Caller } from "~/web/api/calls.server";
import { centavos, defineCall, idField } from "~/web/api/calls.server";
import type { Shopper } from "~/models/auth/shopper";
import { getCheckoutSummary } from "~/models/checkout/checkout.server";
import { apiError } from "~/web/api/problem.server";
import { productImageUrl } from "~/utils/images";
import { getSession } from "~/web/session.server";
import { getCart } from "~/models/cart/cart.server";
import {
  cartNotice,
  lineMaximum,
  QUANTITY_AT_LEAST_ONE,
  type CartRefusal,
} from "~/models/cart/cart";

/*
 * The cart's calls (storefront.md §7), over the cart page's model: the same adds, updates and
 * removals (cart.server.ts), and the same priced cart the /cart screen shows
 * (getCheckoutSummary). A cart line is one product in one size; the calls address a product,
 * with `size` choosing among its lines when the cart holds it in more than one size.
 * Money in centavos.
 */

const TAG = "Carrito";

const cartLineSchema = z
  .object({
    id: z.number().int().describe("La línea: un producto en un tamaño."),
    productId: z.number().int(),
    size: z.string(),
    quantity: z.number().int(),
    unitPrice: centavos.describe("El precio del tamaño hoy (el carrito no guarda precios)."),
    lineTotal: centavos,
    available: z
      .boolean()
      .describe("False si el producto se desactivó o ya no se vende en ese tamaño: no suma."),
    maxQuantity: z
      .number()
      .int()
      .describe("Lo más que admite la línea: el stock menos las otras líneas del producto."),
    product: z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      brandName: z.string(),
      image: z.string().nullable(),
      stock: z.number().int(),
    }),
  })
  .meta({ id: "CartLine" });

const orderTotalsSchema = z
  .object({
    subtotal: centavos,
    shippingCost: centavos,
    tax: centavos,
    couponDiscount: centavos,
    total: centavos,
  })
  .meta({ id: "OrderTotals" });

export const couponViewSchema = z
  .discriminatedUnion("status", [
    z.object({
      status: z.literal("applied"),
      code: z.string(),
      label: z.string(),
      discount: centavos,
    }),
    z.object({ status: z.literal("invalid"), code: z.string(), message: z.string() }),
  ])
  .nullable()
  .describe(
    "El cupón aplicado en el carrito de la sesión (un token no tiene uno): null sin cupón.",
  );

export const pricedCartSchema = z
  .object({
    lines: z.array(cartLineSchema),
    itemCount: z.number().int().describe("Unidades que se pueden comprar."),
    subtotal: centavos,
    coupon: couponViewSchema,
    totals: z.object({
      subtotal: centavos,
      tax: centavos,
      taxPercentage: z.number(),
      freeShippingRemaining: centavos,
      byMethod: z.object({
        standard: orderTotalsSchema,
        express: orderTotalsSchema,
        pickup: orderTotalsSchema,
      }),
    }),
  })
  .meta({ id: "Cart" });

export type ApiCart = z.output<typeof pricedCartSchema>;

/**
 * The cart as /cart shows it to this caller: the page's own summary. A browser session keeps
 * the code applied in its code box (the page's coupon); a token has no such box.
 */
export async function pricedCartFor(
  request: Request,
  caller: Caller,
  shopper: Shopper,
): Promise<ApiCart> {
  const applied =
    caller.via === "token" ? undefined : (await getSession(request)).get("appliedCoupon");
  const { cart, coupon, priced } = await getCheckoutSummary(shopper, applied);
  return {
    lines: cart.lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      available: line.available,
      maxQuantity: lineMaximum(line, cart.lines),
      product: {
        id: line.productId,
        name: line.name,
        slug: line.slug,
        brandName: line.brandName,
        image: line.imageKey ? productImageUrl(line.imageKey) : null,
        stock: line.stock,
      },
    })),
    itemCount: cart.itemCount,
    subtotal: cart.subtotal,
    coupon,
    totals: {
      subtotal: priced.subtotal,
      tax: priced.tax,
      taxPercentage: priced.taxPercentage,
      freeShippingRemaining: priced.freeShippingRemaining,
      byMethod: priced.byMethod,
    },
  };
}

/**
 * A refusal of the cart model as a problem with the screen's words (storefront.md §8): stock
 * refusals are 409 and say the screen's title and message ('Stock insuficiente: No hay
 * suficientes unidades disponibles…', 'Producto agotado: …'), so a client can tell them apart
 * as the screen does.
 */
export function cartProblem(refusal: CartRefusal, action: "add" | "update") {
  const notice = cartNotice(refusal, action);
  const worded = notice.title === "Error" ? notice.message : `${notice.title}: ${notice.message}`;
  switch (refusal.error) {
    case "insufficient_stock":
    case "out_of_stock":
      return apiError(409, worded, { code: refusal.error });
    case "unavailable":
      // Adding a product that is not for sale (unknown or inactive) is a 404; a line already in
      // the cart whose product was withdrawn is a conflict of state.
      return apiError(action === "add" ? 404 : 409, notice.message, { code: "unavailable" });
    case "size_unavailable":
      return apiError(422, notice.message, { errors: { size: [notice.message] } });
    case "invalid_quantity":
      return apiError(422, notice.message, { errors: { quantity: [notice.message] } });
    case "not_found":
      return apiError(404, notice.message);
  }
}

/**
 * The shopper's lines of a product (of `size` when given): a 404 with the cart page's words
 * when there is none.
 */
export async function productLines(shopper: Shopper, productId: number, size?: string) {
  const { lines } = await getCart(shopper);
  const found = lines.filter(
    (line) => line.productId === productId && (size === undefined || line.size === size),
  );
  if (found.length === 0) throw cartProblem({ error: "not_found" }, "update");
  return found;
}

const WHICH_SIZE = "Tienes este producto en varios tamaños: indica cuál (size).";

/** The one line of a product a quantity is set on: `size` is needed when it has several. */
export async function productLine(shopper: Shopper, productId: number, size?: string) {
  const lines = await productLines(shopper, productId, size);
  if (lines.length > 1) throw apiError(422, WHICH_SIZE, { errors: { size: [WHICH_SIZE] } });
  return lines[0]!;
}

const quantity = (floor: number, message: string) =>
  z
    .number({ error: "Indica la cantidad" })
    .int("La cantidad debe ser un número entero")
    .min(floor, message);

const size = z
  .string()
  .trim()
  .min(1, "Elige un tamaño")
  .max(20, "Este tamaño no está disponible para este producto")
  .optional()
  .describe("El tamaño (`100ml`…): si falta, el tamaño principal del producto.");

const lineSize = z
  .string()
  .trim()
  .min(1, "Elige un tamaño")
  .max(20, "Este tamaño no está disponible para este producto")
  .optional()
  .describe("La línea del tamaño; hace falta si el producto está en el carrito en varios tamaños.");

export const cartCalls = {
  get: defineCall({
    method: "GET",
    path: "/api/cart",
    tag: TAG,
    summary: "El carrito, con sus totales",
    description:
      "Lo mismo que muestra /cart: líneas con su producto, precio de hoy, subtotal, ISV y el total de cada método de envío. Un invitado compra con la cookie de sesión; un token, con su cuenta.",
    access: "shopper",
    response: pricedCartSchema,
  }),
  add: defineCall({
    method: "POST",
    path: "/api/cart",
    tag: TAG,
    summary: "Agregar un producto al carrito",
    description:
      "Las mismas reglas que el botón 'Agregar al carrito': producto activo, tamaño que se vende y unidades del producto en el carrito (en cualquier tamaño) dentro del stock. El mismo producto y tamaño se suman en una línea. Responde con el carrito.",
    access: "shopper",
    body: z.object({
      productId: idField(),
      quantity: quantity(1, QUANTITY_AT_LEAST_ONE).default(1),
      size,
    }),
    response: pricedCartSchema,
    status: 201,
    errors: [404, 409],
  }),
  update: defineCall({
    method: "PUT",
    path: "/api/cart/{productId}",
    tag: TAG,
    summary: "Cambiar la cantidad de un producto del carrito",
    description:
      "Como los botones −/+ del carrito: 0 quita la línea; subir la cantidad sigue las reglas de stock, bajarla siempre se puede. Responde con el carrito.",
    access: "shopper",
    params: { productId: "integer" },
    body: z.object({
      quantity: quantity(0, "La cantidad no puede ser negativa"),
      size: lineSize,
    }),
    response: pricedCartSchema,
    errors: [404, 409],
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/cart/{productId}",
    tag: TAG,
    summary: "Quitar un producto del carrito",
    description:
      "Quita las líneas del producto (todas, o la del tamaño `size`). Responde con el carrito.",
    access: "shopper",
    params: { productId: "integer" },
    query: z.object({ size: lineSize }),
    response: pricedCartSchema,
    errors: [404],
  }),
  clear: defineCall({
    method: "DELETE",
    path: "/api/cart",
    tag: TAG,
    summary: "Vaciar el carrito",
    access: "shopper",
    response: pricedCartSchema,
  }),
};
