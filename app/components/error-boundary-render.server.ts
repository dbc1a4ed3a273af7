/*
 * The error boundary as the server renders it: in the page's HTML at once. The browser loads the
 * same component only when an error is shown (root.tsx, decision 112).
 */
export { GeneralErrorBoundary } from "./error-boundary";
