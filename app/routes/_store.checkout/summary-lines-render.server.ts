/*
 * The order summary's lines, totals and promises as the server renders them; the page keeps that
 * HTML and loads summary-lines.tsx only to draw them anew (decision 159).
 */
export { SummaryLines, SummaryTotals, TrustNotes } from "./summary-lines";
