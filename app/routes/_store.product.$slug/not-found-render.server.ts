/*
 * The product's error boundary as the server renders it: in the page's HTML at once. The browser
 * loads it only when an error is shown (route.tsx, decision 112).
 */
export { ProductErrorBoundary } from "./not-found";
