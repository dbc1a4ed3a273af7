/*
 * The footer's columns as the server renders them; the browser keeps that HTML and loads the
 * component only when it draws the footer anew (_store.tsx, decision 159).
 */
export { FooterColumns } from "./footer-columns";
