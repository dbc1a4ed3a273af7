import { z } from "zod/v4";
import { centavos, defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { COUPON_MESSAGES } from "~/models/promotions/coupons";

/*
 * The customer's side of points and coupons (storefront.md §7, backoffice.md §2, D13, D20):
 * the checkout's code check, the loyalty screen's history and coupons, and its redemption of
 * points into a single-use coupon, over the same models and messages. Money in centavos.
 */

const TAG = "Puntos";

const historyEntrySchema = z
  .object({
    id: z.number().int(),
    points: z.number().int().describe("Positivos: ganados; negativos: canjeados o vencidos."),
    type: z.enum(["earned", "redeemed", "bonus", "admin", "expired", "reversed"]),
    description: z.string(),
    orderNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PointsEntry" });

export const loyaltyCouponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    pointsUsed: z.number().int(),
    discountAmount: centavos,
    state: z.enum(["available", "used", "expired"]),
    expiresAt: z.string().nullable(),
    usedAt: z.string().nullable(),
    orderNumber: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "LoyaltyCoupon" });

export const pointsCalls = {
  validateCoupon: defineCall({
    method: "POST",
    path: "/api/points/validate-coupon",
    tag: TAG,
    summary: "Validar un código de cupón para mi carrito",
    description:
      "Las reglas del cuadro de cupón del carrito y del pago: códigos promocionales (activo, vigencia, usos, compra mínima) y cupones de puntos (solo su dueño, un uso, vencimiento). El descuento se calcula sobre el subtotal de las líneas que se pueden comprar del carrito de quien llama; el pedido lo limita a su total. Solo valida: no aplica el código al carrito de la sesión ni lo consume.",
    access: "shopper",
    body: z.object({
      code: z
        .string({ error: COUPON_MESSAGES.empty })
        .trim()
        .min(1, COUPON_MESSAGES.empty)
        .max(50, COUPON_MESSAGES.notFound),
    }),
    response: z.object({
      valid: z.boolean(),
      coupon: z
        .object({
          id: z.number().int(),
          code: z.string(),
          discountAmount: centavos.describe("Descuento sobre el subtotal del carrito de hoy."),
          kind: z.enum(["promo", "loyalty"]),
          label: z.string().describe("'10%' o 'L 100.00'."),
        })
        .nullable(),
      message: z.string(),
    }),
  }),
  history: defineCall({
    method: "GET",
    path: "/api/points/history",
    tag: TAG,
    summary: "Mi historial de puntos, lo más reciente primero",
    access: "customer",
    query: pageQuery,
    response: pageSchema(historyEntrySchema),
  }),
  coupons: defineCall({
    method: "GET",
    path: "/api/points/coupons",
    tag: TAG,
    summary: "Mis cupones comprados con puntos, los más recientes primero",
    access: "customer",
    query: pageQuery,
    response: pageSchema(loyaltyCouponSchema),
  }),
  generateCoupon: defineCall({
    method: "POST",
    path: "/api/points/generate-coupon",
    tag: TAG,
    summary: "Canjear puntos por un cupón",
    description:
      "Las reglas de la pantalla de puntos: un mínimo y múltiplos que compran lempiras enteros (422 con el mensaje de la pantalla), sin pasar del saldo (409 'Puntos insuficientes'). El cupón es de un solo uso.",
    access: "customer",
    body: z.object({
      pointsToRedeem: z
        .number({ error: "Indica los puntos a canjear" })
        .describe("Puntos a canjear (un número entero)."),
    }),
    response: z.object({
      coupon: z.object({
        id: z.number().int(),
        code: z.string(),
        pointsUsed: z.number().int(),
        discountAmount: centavos,
        expiresAt: z.string().nullable(),
      }),
      message: z.string(),
    }),
    status: 201,
    errors: [409],
  }),
};
