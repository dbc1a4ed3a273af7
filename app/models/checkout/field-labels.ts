/*
 * Its own module: only the error summary reads it, and its code loads only when a post is
 * refused (decision 112), so the page's first load never carries these labels.
 */

/**
 * The checkout's fields in the order the page shows them, with the label the error summary
 * names and the id its link jumps to (the form's ids are `checkout-<name>`). The coupon's code
 * is not here: its box answers 'Aplicar' beside it.
 */
export const CHECKOUT_FIELDS = [
  { name: "firstName", label: "Nombre" },
  { name: "lastName", label: "Apellido" },
  { name: "email", label: "Correo electrónico" },
  { name: "phone", label: "Teléfono" },
  { name: "invoiceRtn", label: "RTN de la factura" },
  { name: "invoiceName", label: "Nombre de la factura" },
  { name: "shippingMethod", label: "Método de envío", target: "shippingMethod-standard" },
  { name: "address", label: "Dirección" },
  { name: "referenceAddress", label: "Punto de referencia" },
  { name: "city", label: "Ciudad" },
  { name: "department", label: "Departamento" },
  { name: "paymentProof", label: "Comprobante de pago", target: "proofFile" },
] as const satisfies readonly { name: string; label: string; target?: string }[];
