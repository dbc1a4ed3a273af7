/*
 * What the checkout's server renders and its browser does not need at first: the summary's lines,
 * kept as served (route.tsx, decision 159), the error summary, loaded when a post is refused, and the receipt's words for a browser without JavaScript,
 * which only a `<noscript>` shows.
 */
export { ErrorSummary } from "./error-summary";
export { SummaryLines } from "./summary-lines-render.server";

/* Issue 39: said without JavaScript, before the photo travels whole with the order. */
const SLOW_LINK =
  "Con señal débil, una foto tarda en subir y la página queda en blanco mientras tanto.";
const LIGHTER_LATER =
  "Una captura de pantalla de la app de tu banco pesa mucho menos; también puedes elegir «Transferiré después» y enviar el comprobante más tarde, desde tu pedido o por WhatsApp.";
const LIGHTER_NOW = "Una captura de pantalla de la app de tu banco pesa mucho menos.";
/* A post cut off while the photo travels keeps what was typed (submitCheckout's onIncomplete). */
const KEPT_IF_CUT = "Si la conexión se corta, lo que escribiste te espera al volver a esta página.";

/** The receipt's `<noscript>` words: the lighter ways this shopper has, and what a cut keeps. */
export function slowLinkHint(payLater: "open" | "guest" | "unverified") {
  return `${SLOW_LINK} ${payLater === "open" ? LIGHTER_LATER : LIGHTER_NOW} ${KEPT_IF_CUT}`;
}
