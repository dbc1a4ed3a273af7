/*
 * The header's links and plain forms as the server renders them; the browser keeps that HTML and
 * loads site-header-links.tsx only to draw them anew (site-header.tsx, decision 159).
 */
export { AccountLinks, MenuLinks, ThemeForm } from "./site-header-links";
