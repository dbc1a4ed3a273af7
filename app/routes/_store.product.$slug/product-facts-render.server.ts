/*
 * What the product page says of the perfume, as the server renders it; the page keeps that HTML
 * and loads product-facts.tsx only to draw it anew (product-details.tsx, decision 159).
 */
export {
  Breadcrumb,
  DescriptionTab,
  Guarantees,
  ProductFacts,
  ProductHeading,
} from "./product-facts";
