import "@remix-run/node";

declare module "@remix-run/node" {
  /** What scripts/server.mjs passes to every loader and action. */
  interface AppLoadContext {
    /** The client's address (the socket's, or a local proxy's X-Forwarded-For). */
    clientIp?: string;
  }
}
