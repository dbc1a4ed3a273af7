/*
 * The order pages' error boundary as the server renders it: in the page's HTML at once. The
 * browser loads it only when an error is shown (decision 112).
 */
export { OrderNotFoundBoundary } from "./order-not-found";
