/*
 * The result card as the server renders it: in the page's HTML at once, so it works without
 * JavaScript. The browser downloads the same component only for a page that shows it (route.tsx).
 */
export { TrackResultCard } from "./track-result";
