import "@remix-run/node";
import type { PageCacheTicket } from "~/utils/page-cache.server";

declare module "@remix-run/node" {
  /** What scripts/server.mjs passes to every loader and action. */
  interface AppLoadContext {
    /** The client's address (the socket's, or a local proxy's X-Forwarded-For). */
    clientIp?: string;
    /** A first-time visitor's page to render once for the page cache (servePageFromCache). */
    pageCache?: PageCacheTicket;
  }
}
