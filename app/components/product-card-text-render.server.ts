/*
 * A card's words as the server renders them; the page keeps that HTML and loads
 * product-card-text.tsx only to draw a card anew (product-card.tsx, decision 159).
 */
export { CardText } from "./product-card-text";
