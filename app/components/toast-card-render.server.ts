/*
 * A toast as the server renders it, in the page's HTML at once; the browser loads the card only
 * when one is shown (root.tsx and _store.tsx, decision 112).
 */
export { ToastCard } from "./toast-card";
