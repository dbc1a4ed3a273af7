/*
 * The Reseñas and Recomendaciones panels as the server renders them: in the page's HTML at once,
 * so they work without JavaScript. The browser downloads them only for a page that shows one, or
 * when a shopper points at a tab (route.tsx).
 */
export { RecommendationsTab, ReviewsTab } from "./tab-panels";
