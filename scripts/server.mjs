#!/usr/bin/env node
// The production server: remix-serve's setup (compression, immutable /build assets,
// request log, Remix handler) plus what remix-serve cannot do before Remix runs:
// - refuse cross-origin POSTs with 403 (Remix's own check answers 500 for a foreign
//   Origin, and never sees Sec-Fetch-Site), using the app's isSameOriginRequest;
// - security headers on every response, static files and redirects included;
// - the socket's client IP for sign-in rate limiting (remix-serve passes none).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

installGlobals();

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(pathToFileURL(buildPath).href);
const { isSameOriginRequest, SECURITY_HEADERS, servePageFromCache } = build.entry.module;

const app = express();
app.disable("x-powered-by");
// Only a proxy on this machine (nginx, caddy) may tell us the client's address.
app.set("trust proxy", "loopback");
app.use(compression());
app.use((req, res, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (req.method === "GET" || req.method === "HEAD") return next();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
    headers,
  });
  if (isSameOriginRequest(request)) return next();
  res.status(403).type("text/plain; charset=utf-8");
  res.send("Solicitud rechazada: el formulario no se envió desde este sitio.");
});
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }),
);
app.use(express.static("public", { maxAge: "1h" }));
app.use(morgan("tiny"));
// A first-time visitor's storefront page, rendered once per catalogue version.
app.use(servePageFromCache);
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => ({
      clientIp: req.ip ?? "unknown",
      pageCache: res.locals.pageCache,
    }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const onListen = () => console.log(`[perfumeria] http://${host ?? "localhost"}:${port}`);
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => server.close(() => process.exit(0)));
