/*
 * The late receipt's form as the server renders it: in the order page's HTML at once, so it
 * works before and without JavaScript. The browser loads its code (the uploader with it) only on
 * the orders that wait for a receipt (decision 112; issue 39's room in the budget).
 */
export { LateProofForm } from "./late-proof-form";
