/*
 * Decision 171: the order page's "Factura" as the server renders it; the page keeps that HTML
 * and loads invoicing-section.tsx only to draw it anew (decision 159).
 */
export { OrderInvoicingSection } from "./invoicing-section";
