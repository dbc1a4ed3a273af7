import { z } from "zod/v4";
import { centavos, defineCall, idField } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { CHECKOUT_LIMITS, PROOF_ID_PATTERN, SHIPPING_METHODS } from "~/models/checkout/checkout";
import type { PlaceOrderRefusal } from "~/models/checkout/checkout";
import { placeOrderMessage } from "~/models/checkout/checkout-messages.server";
import { PROOF_MAX_BYTES } from "~/models/checkout/proofs.server";
import { ORDER_ACTION_LIMITS, ORDER_STATUSES } from "~/models/orders/status";
import { isProductImageKey, productImageUrl } from "~/utils/images";
import { apiError } from "~/web/api/problem.server";
import { FORM_BODY_MAX_BYTES } from "~/utils/security.server";
import {
  orderRefusalMessage,
  type OrderErrorCode,
  type OrderRefusal,
} from "~/models/orders/refusals";
import type { OwnedOrder } from "~/models/orders/orders.server";
import {
  CheckoutFields,
  deliveryRules,
  withoutLateProof,
} from "~/models/checkout/checkout-form.server";

/*
 * The orders' calls (storefront.md §7 and backoffice.md §7): placing an order through the
 * checkout's own placeOrder (the shopper's cart, stock, prices, totals and coupon decided on the
 * server), the payment proof's upload through the checkout's storeProof, the customer's order
 * pages, and the back office's list and status changes through the one lifecycle module.
 * Money is in centavos (L 1 = 100).
 */

const TAG = "Pedidos";
const orderStatus = z.enum(ORDER_STATUSES);
const isoDate = z.string().describe("Fecha y hora ISO 8601.");

// ---------------------------------------------------------------------------------------
// Answers

const orderItemSchema = z
  .object({
    id: z.number().int(),
    productName: z.string(),
    image: z.string().nullable().describe("Ruta de la imagen del producto (640 px), o null."),
    size: z.string(),
    quantity: z.number().int(),
    price: centavos.describe("Precio unitario con el que se vendió."),
    slug: z.string().nullable().describe("El producto, si aún existe."),
  })
  .meta({ id: "OrderItem" });

const orderFields = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatus,
  paymentMethod: z.enum(["bank_transfer", "cash_on_delivery", "store_pickup"]),
  shippingMethod: z.enum(SHIPPING_METHODS),
  subtotal: centavos,
  shippingCost: centavos,
  tax: centavos,
  couponDiscount: centavos,
  couponCode: z.string().nullable(),
  total: centavos,
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingZone: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  estimatedDelivery: isoDate.nullable(),
  paidAt: isoDate.nullable(),
  shippedAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  items: z.array(orderItemSchema),
});

export const orderSchema = orderFields.meta({ id: "Order" });

/** An order as its owner's pages read it (getOrderForOwner), with each item's image as a path. */
export function toOrder(order: OwnedOrder) {
  return {
    ...order,
    items: order.items.map(({ productImage, ...item }) => ({
      ...item,
      image: productImage && isProductImageKey(productImage) ? productImageUrl(productImage) : null,
    })),
  };
}

/** Decision 171: a fiscal document as issued (app/models/invoicing/document.ts). */
const fiscalDocumentSchema = z
  .object({
    kind: z.enum(["invoice", "credit_note"]),
    title: z.string().describe("FACTURA o NOTA DE CRÉDITO."),
    number: z.string().describe("000-001-01-00000001"),
    issuedAt: isoDate,
    issuer: z.object({
      legalName: z.string(),
      rtn: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
    range: z.object({
      cai: z.string(),
      first: z.string(),
      last: z.string(),
      deadline: isoDate.describe("Fecha límite de emisión."),
    }),
    buyer: z.object({
      name: z.string().describe("Consumidor Final sin RTN."),
      rtn: z.string().nullable(),
    }),
    order: z.object({ id: z.string(), number: z.string() }),
    lines: z.array(
      z.object({
        quantity: z.number().int(),
        description: z.string(),
        unitPrice: centavos,
        discount: centavos,
        amount: centavos,
      }),
    ),
    totals: z.object({
      subtotal: centavos,
      discount: centavos,
      exempt: centavos,
      exonerated: centavos,
      taxed: centavos,
      taxPercentage: z.number(),
      tax: centavos,
      shipping: centavos,
      surcharge: centavos,
      total: centavos,
    }),
    totalInWords: z.string(),
    paymentMethod: z.string(),
    reverses: z
      .object({ number: z.string(), issuedAt: isoDate, reason: z.string() })
      .nullable()
      .describe("Una nota de crédito: la factura que anula y el motivo."),
    copy: z.string(),
  })
  .meta({ id: "FiscalDocument" });

const transferSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("awaiting"),
      dueAt: isoDate.describe("Fecha límite de la transferencia."),
    }),
    z.object({ kind: z.literal("in_review") }),
    z.object({ kind: z.literal("none") }),
  ])
  .describe(
    "El pago: `awaiting` espera la transferencia hasta `dueAt`, `in_review` su comprobante está en revisión, `none` nada pendiente.",
  )
  .meta({ id: "TransferState" });

const confirmationSchema = z
  .object({
    order: orderSchema,
    transfer: transferSchema,
    title: z.string().describe("El título de la página de confirmación."),
    bank: z.object({ bankName: z.string(), bankAccount: z.string(), bankHolder: z.string() }),
    invoicing: z
      .object({
        documents: z.array(
          z.object({
            kind: z.enum(["invoice", "credit_note"]),
            title: z.string(),
            number: z.string(),
            issuedAt: isoDate,
            total: centavos,
            reversedBy: z.string().nullable().describe("La nota de crédito que anuló la factura."),
          }),
        ),
        buyer: z.object({ rtn: z.string().nullable(), name: z.string().nullable() }),
        buyerEditable: z.boolean().describe("'Factura a nombre de' aún puede cambiar."),
        canIssue: z.boolean().describe("Un administrador puede emitir su factura ahora."),
      })
      .describe("Decisión 171: la factura del pedido (GET /api/orders/{id}/invoice la da entera)."),
  })
  .meta({ id: "OrderConfirmation" });

const orderSummarySchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: orderStatus,
    total: centavos,
    createdAt: isoDate,
    items: z
      .array(
        z.object({
          id: z.number().int(),
          slug: z.string().nullable(),
          productName: z.string(),
          size: z.string(),
          quantity: z.number().int(),
        }),
      )
      .describe("Los 3 primeros productos."),
    moreCount: z.number().int().describe("Productos además de los mostrados ('+N más')."),
  })
  .meta({ id: "OrderSummary" });

const adminOrderRowSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: orderStatus,
    paymentMethod: z.enum(["bank_transfer", "cash_on_delivery", "store_pickup"]),
    shippingCity: z.string().nullable(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().nullable(),
    total: centavos,
    shippingCost: centavos,
    createdAt: isoDate,
    isGuest: z.boolean(),
    hasProof: z.boolean(),
    firstItems: z.array(
      z.object({ productName: z.string(), size: z.string(), quantity: z.number().int() }),
    ),
    moreItems: z.number().int(),
  })
  .meta({ id: "AdminOrderRow" });

const statusChangeSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    from: orderStatus,
    to: orderStatus,
    stockRestored: z.boolean().describe("Las unidades volvieron al inventario."),
    pointsCredited: z.number().int(),
    pointsReversed: z.number().int(),
    couponReleased: z
      .enum(["promo", "loyalty"])
      .nullable()
      .describe("El cupón del pedido, devuelto al cancelar o denegar."),
  })
  .meta({ id: "OrderStatusChange" });

const deletionSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  stockRestored: z.boolean(),
  couponReleased: z.enum(["promo", "loyalty"]).nullable(),
});

// ---------------------------------------------------------------------------------------
// Input

/** A proof named by its id or by the address the upload answered with. */
export function proofIdOf(value: string | null | undefined) {
  if (!value) return undefined;
  const id = value.trim().replace(/^\/resources\/payment-proofs\//, "");
  return PROOF_ID_PATTERN.test(id) ? id : value;
}

/**
 * The checkout form's fields (`CheckoutFields`, storefront.md §5) with its rules across them;
 * the receipt may be named by its address too, and the idempotency key may be left out.
 */
const placedOrderSchema = z.intersection(
  z.object({
    email: CheckoutFields.email,
    firstName: CheckoutFields.firstName,
    lastName: CheckoutFields.lastName,
    checkoutKey: CheckoutFields.checkoutKey
      .optional()
      .describe(
        "Clave de idempotencia: el mismo pedido enviado dos veces con la misma clave crea un solo pedido.",
      ),
  }),
  z
    .object({
      shippingMethod: CheckoutFields.shippingMethod,
      phone: CheckoutFields.phone.describe("Obligatorio para recoger en tienda."),
      address: CheckoutFields.address.describe("Envíos: al menos 10 caracteres."),
      referenceAddress: CheckoutFields.referenceAddress,
      city: CheckoutFields.city,
      department: CheckoutFields.department.describe("Uno de los 18 departamentos."),
      paymentTiming: CheckoutFields.paymentTiming.describe(
        "`now`: el comprobante va con el pedido; `later`: 'Transferiré después', solo para una cuenta con el correo verificado (403 si no).",
      ),
      paymentMethod: CheckoutFields.paymentMethod.describe(
        "Decisión 166: `bank_transfer` (por omisión), `cash_on_delivery` ('Pago Contra Entrega': si la tienda lo ofrece, en sus departamentos, hasta su total máximo y para las cuentas que permite; 422 `payment_method` si no) o `store_pickup` ('Pago en Tienda', para recoger en tienda: la tienda guarda el pedido unos días).",
      ),
      paymentProof: z
        .string()
        .max(CHECKOUT_LIMITS.paymentProofReference)
        .nullish()
        .transform(proofIdOf)
        .pipe(CheckoutFields.paymentProof)
        .describe(
          "El comprobante subido con POST /api/upload/payment-proof: su `id` (o su `url`). Obligatorio con `paymentTiming: now`.",
        ),
      invoiceRtn: CheckoutFields.invoiceRtn.describe(
        "Decisión 171: 'Factura a nombre de': el RTN (14 dígitos, con o sin guiones), con `invoiceName`; sin los dos, la factura dice Consumidor Final.",
      ),
      invoiceName: CheckoutFields.invoiceName.describe(
        "El nombre o la razón social de la factura, con `invoiceRtn`.",
      ),
    })
    .superRefine(deliveryRules)
    .transform(withoutLateProof),
);

const lineSchema = z.object({
  productId: idField(),
  size: z.string().min(1).max(20),
  quantity: z.number().int().min(1).max(10_000),
  price: z.number().optional().describe("Ignorado: el servidor pone los precios."),
});

export const placeOrderBody = z.object({
  order: placedOrderSchema,
  items: z
    .array(lineSchema)
    .max(200)
    .nullable()
    .optional()
    .describe(
      "Opcional. Si se envía, debe coincidir con el carrito del comprador (producto, tamaño y cantidad) o el pedido se rechaza con 409; sus precios se ignoran. El pedido siempre es el carrito del servidor.",
    ),
  couponId: z
    .union([z.number(), z.string().max(100)])
    .nullable()
    .optional()
    .describe("Ignorado: el cupón se identifica por `couponCode`."),
  couponCode: z
    .string()
    .trim()
    .max(50)
    .nullable()
    .optional()
    .describe("El cupón a aplicar, validado de nuevo contra el carrito (sin cupón si falta)."),
  couponDiscount: z
    .number()
    .nullable()
    .optional()
    .describe("Ignorado: el descuento lo calcula el servidor."),
});

export type PlaceOrderBody = z.output<typeof placeOrderBody>;

const notes = z
  .string()
  .max(ORDER_ACTION_LIMITS.note)
  .optional()
  .describe("Notas internas (obligatorias para cancelar, denegar o eliminar).");

/** The status of each lifecycle refusal; its message is the admin screen's (refusals.ts). */
const ORDER_REFUSAL_STATUSES = {
  not_found: 404,
  forbidden: 403,
  notes_required: 422,
  illegal_transition: 409,
  cannot_delete: 409,
  no_cash_to_record: 409,
  fiscal_refused: 409,
  stale: 409,
} as const satisfies Record<OrderErrorCode, number>;

/** An order status change refused by the lifecycle, said with its status and message. */
export function transitionProblem(refusal: OrderRefusal, notesField = "note") {
  const status = ORDER_REFUSAL_STATUSES[refusal.error];
  const detail = orderRefusalMessage(refusal);
  if (status === 422) return apiError(status, detail, { errors: { [notesField]: [detail] } });
  return apiError(status, detail, status === 409 ? { code: refusal.error } : {});
}

/** The checkout's refusal of an order, with the checkout's Spanish message. */
export function placeOrderProblem(refusal: PlaceOrderRefusal) {
  const detail = placeOrderMessage(refusal);
  switch (refusal.error) {
    case "proof":
      return apiError(422, detail, { code: "proof", errors: { "order.paymentProof": [detail] } });
    case "coupon":
      return apiError(422, detail, { code: "coupon", errors: { couponCode: [detail] } });
    case "insufficient_stock":
      return apiError(409, detail, { code: "out_of_stock" });
    // Decision 132: over an hourly or unpaid limit, with when to try again.
    case "too_many_orders":
    case "too_many_unpaid":
      return apiError(429, detail, {
        code: refusal.error,
        headers: { "Retry-After": String(refusal.retryAfterSeconds) },
      });
    case "unpaid_quantity":
      return apiError(422, detail, { code: refusal.error });
    case "pay_later":
      // Decision 128: a guest or an unverified account pays with the receipt.
      return apiError(403, detail, {
        code: "pay_later_not_allowed",
        errors: { "order.paymentTiming": [detail] },
      });
    default:
      // empty_cart, unavailable, cart_changed, duplicate_key: the cart's state.
      return apiError(409, detail, { code: refusal.error });
  }
}

/** Runs a lifecycle change, a refusal said as a problem (404, 409, 422 with its message). */
export async function throughLifecycle<T extends { ok: true }>(
  change: () => Promise<T | OrderRefusal>,
  notesField = "note",
) {
  const result = await change();
  if (!result.ok) throw transitionProblem(result, notesField);
  const { ok: _ok, ...answer } = result;
  return answer;
}

// ---------------------------------------------------------------------------------------
// Calls

const orderId = { id: "string" } as const;

export const ordersCalls = {
  place: defineCall({
    method: "POST",
    path: "/api/orders",
    tag: TAG,
    summary: "Hacer un pedido con el carrito del comprador",
    description:
      "El mismo pedido que /checkout: el carrito del servidor (cuenta o invitado), sus precios, el inventario y el cupón se deciden en el servidor; `items`, `couponId` y `couponDiscount` del cliente nunca cambian el pedido. Pago por transferencia: con `paymentTiming: now` hace falta el comprobante; `later` es solo para una cuenta con sesión y correo verificado (403 `pay_later_not_allowed` para un invitado o una cuenta sin verificar, sin crear nada). Límites (decisión 132): pedidos por hora por dirección IP, por correo y por teléfono, y pedidos sin pagar por cliente, 429 con Retry-After; un pedido sin pagar lleva como máximo 3 unidades de cada perfume (422). 409 si falta inventario (mismo mensaje que el checkout), si el carrito está vacío o si `items` no coincide con el carrito.",
    access: "shopper",
    body: placeOrderBody,
    response: z.object({ id: z.string(), orderNumber: z.string() }).meta({ id: "PlacedOrder" }),
    status: 201,
    errors: [403, 409, 422, 429],
  }),
  uploadProof: defineCall({
    method: "POST",
    path: "/api/upload/payment-proof",
    tag: TAG,
    summary: "Subir el comprobante de la transferencia",
    description:
      "El mismo comprobante que sube /checkout: una imagen (JPG, PNG, WebP o HEIC) de hasta 5 MB, guardada para quien la sube (cuenta o invitado). El pedido la nombra con su `id` en `order.paymentProof`.",
    access: "shopper",
    multipart: {
      paymentProof: { type: "file", required: true, description: "La foto o captura (≤ 5 MB)." },
    },
    // The photo, past its limit by enough for the route to answer its own message, and a form.
    maxBodyBytes: PROOF_MAX_BYTES + FORM_BODY_MAX_BYTES,
    response: z
      .object({
        id: z.string().describe("Para `order.paymentProof` de POST /api/orders."),
        url: z.string().describe("Dónde lo ven su dueño y los administradores."),
      })
      .meta({ id: "UploadedProof" }),
    status: 201,
    errors: [413, 415, 422],
  }),
  myOrders: defineCall({
    method: "GET",
    path: "/api/orders/my-orders",
    tag: TAG,
    summary: "Mis pedidos, en breve",
    description: "Lo que muestra /profile/orders: los 3 primeros productos y '+N más'.",
    access: "customer",
    query: pageQuery,
    response: pageSchema(orderSummarySchema),
  }),
  userOrders: defineCall({
    method: "GET",
    path: "/api/orders/user",
    tag: TAG,
    summary: "Mis pedidos con sus productos",
    description: "Lo que muestra /orders: cada pedido entero y el estado de su pago.",
    access: "customer",
    query: pageQuery,
    response: pageSchema(orderFields.extend({ transfer: transferSchema })),
  }),
  one: defineCall({
    method: "GET",
    path: "/api/orders/{id}",
    tag: TAG,
    summary: "Un pedido, como lo muestra su página de confirmación",
    description:
      "Para su dueño (la cuenta, o el invitado que lo hizo) o un administrador; para cualquier otro, 404 'Pedido no encontrado'.",
    access: "shopper",
    params: orderId,
    response: confirmationSchema,
    errors: [401, 404],
  }),
  invoice: defineCall({
    method: "GET",
    path: "/api/orders/{id}/invoice",
    tag: TAG,
    summary: "La factura de un pedido (y sus notas de crédito)",
    description:
      "Decisión 171: la factura del pedido tal como se emitió (número, CAI, rango, emisor, cliente, líneas y totales en centavos, total en letras) y las notas de crédito que la anulan. Con `Accept: application/pdf`, el PDF de la factura, o el de `documento` (su número). Para su dueño o un administrador, como /orders/{id}/factura; para cualquier otro, 404. 404 también si el pedido aún no tiene factura.",
    access: "shopper",
    params: orderId,
    query: z.object({
      documento: z
        .string()
        .max(40)
        .optional()
        .describe("El número de una nota de crédito del pedido, para su PDF."),
    }),
    response: z
      .object({
        invoice: fiscalDocumentSchema,
        creditNotes: z.array(fiscalDocumentSchema),
      })
      .meta({ id: "OrderInvoice" }),
    errors: [401, 404],
    pdf: true,
  }),
  adminList: defineCall({
    method: "GET",
    path: "/api/orders",
    tag: TAG,
    summary: "Pedidos de la tienda (administración)",
    description: "La lista de /admin/orders: más nuevos primero, con sus filtros.",
    access: "admin",
    query: pageQuery.extend({
      q: z
        .string()
        .trim()
        .max(100)
        .optional()
        .describe("Número de pedido, correo, nombre o apellido del cliente."),
      status: orderStatus.optional(),
    }),
    response: pageSchema(adminOrderRowSchema),
  }),
  status: defineCall({
    method: "PUT",
    path: "/api/orders/{id}/status",
    tag: TAG,
    summary: "Cambiar el estado de un pedido",
    description:
      "Por el ciclo de vida de los pedidos (backoffice.md §4): un cambio no permitido responde 409 con su mensaje; cancelar o denegar piden `note`.",
    access: "admin",
    params: orderId,
    body: z.object({
      status: orderStatus,
      trackingNumber: z.string().max(ORDER_ACTION_LIMITS.trackingNumber).optional(),
      note: notes,
      customerReason: z
        .string()
        .max(ORDER_ACTION_LIMITS.customerReason)
        .optional()
        .describe("Al denegar: el motivo que lee el cliente."),
      expectedStatus: orderStatus
        .optional()
        .describe("El estado que se vio: 409 si otro administrador lo cambió mientras tanto."),
    }),
    response: statusChangeSchema,
    errors: [404, 409],
  }),
  cash: defineCall({
    method: "POST",
    path: "/api/orders/{id}/cobrado",
    tag: TAG,
    summary: "Registrar el cobro ('Cobrado') de un pedido",
    description:
      "Decisión 166: el efectivo recibido de un pedido contra entrega (enviado o entregado) o pagado en tienda (pendiente en el mostrador, que pasa a pagado): una sola vez, con el monto en centavos y quién cobró. Sin cobro pendiente, 409.",
    access: "admin",
    params: orderId,
    body: z.object({
      amount: centavos.min(1).max(100_000_000),
      collectedBy: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .describe("Quién cobró: el repartidor o la caja."),
    }),
    response: z.object({
      orderNumber: z.string(),
      status: orderStatus,
      pointsCredited: z.number().int(),
    }),
    errors: [404, 409],
  }),
  cancel: defineCall({
    method: "PUT",
    path: "/api/orders/{id}/cancel",
    tag: TAG,
    summary: "Cancelar un pedido",
    access: "admin",
    params: orderId,
    body: z.object({ notes, expectedStatus: orderStatus.optional() }),
    response: statusChangeSchema,
    errors: [404, 409],
  }),
  deny: defineCall({
    method: "PUT",
    path: "/api/orders/{id}/deny",
    tag: TAG,
    summary: "Denegar un pedido pendiente",
    access: "admin",
    params: orderId,
    body: z.object({
      notes,
      customerReason: z
        .string()
        .max(ORDER_ACTION_LIMITS.customerReason)
        .optional()
        .describe("El motivo que lee el cliente."),
      expectedStatus: orderStatus.optional(),
    }),
    response: statusChangeSchema,
    errors: [404, 409],
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/orders/{id}",
    tag: TAG,
    summary: "Eliminar un pedido",
    description:
      "Lo que hace 'Eliminar' en /admin/orders: un pedido ni cancelado ni denegado, con notas; uno no entregado devuelve su inventario y su cupón.",
    access: "admin",
    params: orderId,
    body: z.object({ notes, expectedStatus: orderStatus.optional() }),
    response: deletionSchema,
    errors: [404, 409],
  }),
};
