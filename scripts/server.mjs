#!/usr/bin/env node
// The production server: remix-serve's setup (compression, immutable /build assets, here sent
// as the build precompressed them, request log, Remix handler) plus what remix-serve cannot do
// before Remix runs:
// - refuse cross-origin POSTs with 403 (an /api/ call with a Bearer token excepted) (Remix's own check answers 500 for a foreign
//   Origin, and never sees Sec-Fetch-Site), using the app's isSameOriginRequest, against the
//   request's own origin (X-Forwarded-Host and -Proto count only from the local proxy);
// - limit request bodies (the app's checkRequestBody): 413 by Content-Length before anything
//   is read, a chunked body counted as Remix reads it and cut off at the same limit; 415/400
//   for a body no page action takes (JSON, text, multipart without a boundary);
// - security headers on every response, static files and redirects included, and HSTS when
//   the request came over HTTPS;
// - the socket's client IP for sign-in rate limiting (remix-serve passes none);
// - one worker process per core (Node's cluster module; WEB_CONCURRENCY overrides, 1 serves
//   in this process with no cluster). The primary only forks, restarts a crashed worker and
//   stops them all on SIGTERM/SIGINT; what the workers share lives in SQLite (rate limits,
//   the daily jobs' claims, the settings' data_version), so any worker may take any request.
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { servePrecompressed } from "./precompressed.mjs";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const workers = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
if (!Number.isInteger(workers) || workers < 1) {
  console.error(
    `WEB_CONCURRENCY debe ser un entero positivo (es "${process.env.WEB_CONCURRENCY}").`,
  );
  process.exit(1);
}
// A worker given this long to finish its requests in flight after SIGTERM is then killed
// (under Docker's 10 s before its own SIGKILL; the tests shorten it).
const STOP_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS || 8_000);
if (!Number.isInteger(STOP_TIMEOUT_MS) || STOP_TIMEOUT_MS < 1) {
  console.error(
    `SHUTDOWN_TIMEOUT_MS debe ser un entero positivo (es "${process.env.SHUTDOWN_TIMEOUT_MS}").`,
  );
  process.exit(1);
}

// Who may tell us the client's address, scheme and host (X-Forwarded-For, -Proto, -Host): by
// default only a proxy on this machine (nginx, caddy); behind a load balancer on another
// machine, its addresses or subnet (docs/deployment.md). Express checks the list here.
const TRUST_PROXY = process.env.TRUST_PROXY?.trim() || "loopback";
try {
  express().set("trust proxy", TRUST_PROXY);
} catch (error) {
  console.error(
    `TRUST_PROXY debe ser una lista de direcciones o redes separadas por comas, como "10.0.0.2, 10.0.1.0/24" (es "${TRUST_PROXY}"): ${error.message}`,
  );
  process.exit(1);
}

if (cluster.isPrimary) holdServerLock();
if (workers > 1 && cluster.isPrimary) {
  runPrimary();
} else {
  await serve();
}

// DATA_DIR/server.pid names the process serving that store while it runs: `npm run restore`
// refuses while it names a live process (app/models/backups/backup.server.ts, runningServerPid).
function holdServerLock() {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(dataDir, "server.pid");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  process.on("exit", () => {
    // Only our own line: a second server started on the same folder has taken the file over.
    if (fs.existsSync(file) && fs.readFileSync(file, "utf8").trim() === String(process.pid)) {
      fs.rmSync(file);
    }
  });
}

function runPrimary() {
  let stopping = false;
  // Whether a worker failed to stop in time (or crashed while stopping): exit 1, not 0.
  let unclean = false;
  const listening = new Set();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker.id);
      // One line once every worker listens: the tests and scripts wait for it.
      if (listening.size === workers) {
        console.log(`[perfumeria] http://${host ?? "localhost"}:${port} (${workers} workers)`);
      }
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) unclean = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(unclean ? 1 : 0);
      return;
    }
    // A worker that never listened would fail again (a bad build, a bad setting): stop.
    if (!started) {
      console.error(`[perfumeria] a worker failed to start (${signal ?? code}); stopping.`);
      process.exit(1);
    }
    console.error(
      `[perfumeria] worker ${worker.process.pid} died (${signal ?? code}); restarting.`,
    );
    fork();
  });
  for (let i = 0; i < workers; i++) fork();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    // Ctrl-C signals the whole group and a supervisor may signal twice: stop once.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {});
      if (running.length === 0) process.exit(0);
      for (const worker of running) worker?.process.kill("SIGTERM");
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
        process.exit(1);
      }, STOP_TIMEOUT_MS + 1_000).unref();
    });
  }
}

async function serve() {
  installGlobals();

  const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
  const build = await import(pathToFileURL(buildPath).href);
  const {
    BODY_MESSAGES,
    checkRequestBody,
    isSameOriginRequest,
    loggedUrl,
    SECURITY_HEADERS,
    servePageFromCache,
  } = build.entry.module;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", TRUST_PROXY);
  app.use(compression());
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // Over HTTPS only: on plain HTTP the header means nothing, and a LAN install must keep working.
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    res.locals.origin = ownOrigin(req);
    if (!res.locals.origin) return refuse(req, res, 400, "Solicitud mal formada.");
    if (req.method === "GET" || req.method === "HEAD") return next();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const request = new Request(res.locals.origin + req.path, { headers });
    // An API call with a token is no browser's form: no cookie makes it, so no other site can
    // (the route checks the token). A session's API call is checked like any form.
    const byToken =
      req.path.startsWith("/api/") && /^bearer\s/i.test(req.headers.authorization ?? "");
    if (!byToken && !isSameOriginRequest(request)) {
      return refuse(
        req,
        res,
        403,
        "Solicitud rechazada: el formulario no se envió desde este sitio.",
      );
    }
    const length = req.headers["content-length"];
    const body = checkRequestBody({
      method: req.method,
      pathname: req.path,
      contentType: req.headers["content-type"] ?? null,
      contentLength: length === undefined ? null : Number(length),
      chunked: req.headers["transfer-encoding"] !== undefined,
    });
    if (!body.ok) return refuse(req, res, body.status, body.message);
    res.locals.bodyMaxBytes = body.maxBytes;
    next();
  });
  // Hashed, immutable assets: brotli-11 or gzip-9 written by the build when the browser takes
  // it (scripts/compress-assets.mjs), else the file itself.
  app.use(build.publicPath, servePrecompressed(build.assetsBuildDirectory, { maxAge: "1y" }));
  app.use(
    build.publicPath,
    express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }),
  );
  // public/ holds files (favicon.svg, …): a path without an extension is a page, and never
  // costs a look at the disk first.
  const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  // In a cluster each request line names its worker, to read a log (and for the tests).
  morgan.token("worker", () => (cluster.isWorker ? ` [w${cluster.worker.id}]` : ""));
  // A reset or verification link's token never reaches the log (issue 37).
  morgan.token("logged-url", (req) => loggedUrl(req.originalUrl || req.url));
  app.use(morgan(":method :logged-url :status :res[content-length] - :response-time ms:worker"));
  // A first-time visitor's storefront page, rendered once per catalogue version (each worker
  // keeps its own copy; the version row in SQLite tells every worker when it is stale).
  app.use(servePageFromCache);
  app.all("*", remixHandler(build, BODY_MESSAGES.tooLarge));
  // Express's own refusals (a path that does not decode, such as /api/products/slug/%ff%fe):
  // the API answers them in its one shape, problem+json (issue 37), as refuse() does.
  app.use((error, req, res, next) => {
    const status = Number(error?.status ?? error?.statusCode);
    if (res.headersSent || !(status >= 400 && status < 500)) return next(error);
    refuse(req, res, status, status === 400 ? "Solicitud mal formada." : String(error.message));
  });

  const onListen = () => {
    if (cluster.isPrimary) console.log(`[perfumeria] http://${host ?? "localhost"}:${port}`);
  };
  const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);
  stopGracefully(server);
}

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The request's own origin (scheme, host, port), or null for a Host that names no host. The
 * local proxy's X-Forwarded-Proto and X-Forwarded-Host count, anyone else's do not: req.protocol
 * follows `trust proxy`, and so does the host here (Remix's express adapter would take the port
 * of anyone's X-Forwarded-Host).
 */
function ownOrigin(req) {
  const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || req.get("Host");
  if (!host || !/^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(:\d{1,5})?$/i.test(host)) return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * How long the rest of a refused body may keep arriving, thrown away, before the connection is
 * cut: a client still sending when its socket is closed gets a reset, often instead of the
 * answer (an HTTP server's "lingering close").
 */
const LINGER_MS = 2_000;

/** A short plain-text refusal. A body not read yet is never read: discarded, then cut off. */
function refuse(req, res, status, message) {
  discardUnreadBody(req, res);
  if (req.path.startsWith("/api/")) {
    // The API's one error shape (app/web/api/problem.server.ts), here before the app runs.
    const body = { type: "about:blank", title: API_TITLES[status], status, detail: message };
    res.status(status).type("application/problem+json; charset=utf-8").send(JSON.stringify(body));
    return;
  }
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

const API_TITLES = {
  400: "Solicitud incorrecta",
  403: "Acceso denegado",
  404: "No encontrado",
  413: "Contenido demasiado grande",
  415: "Tipo de contenido no admitido",
};

/** Once answered, what is left of the request's body is thrown away, for LINGER_MS at most. */
function discardUnreadBody(req, res) {
  res.once("finish", () => {
    if (req.complete) return;
    req.unpipe();
    req.resume();
    setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS).unref();
  });
}

/**
 * Remix's express adapter (@remix-run/express's createRequestHandler, which exports nothing
 * smaller to reuse), with the request's URL from ownOrigin and its body counted as Remix reads it: past `res.locals.bodyMaxBytes` (a
 * chunked body, whose length nobody declared) the request is answered 413 and the body Remix
 * reads fails, so an action never sees half a form.
 */
function remixHandler(build, tooLargeMessage) {
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      const init = {
        method: req.method,
        headers: new Headers(),
        signal: controller.signal,
      };
      for (const [name, values] of Object.entries(req.headers)) {
        for (const value of [values ?? []].flat()) init.headers.append(name, value);
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        // An action may answer without reading the whole body (a 413 of its own, a redirect).
        discardUnreadBody(req, res);
        const counted = countBody(req, res.locals.bodyMaxBytes, () => {
          // Aborted first: Remix then does not log the action's failed read as an error.
          controller.abort();
          refuse(req, res, 413, tooLargeMessage);
        });
        init.body = createReadableStreamFromReadable(counted);
        init.duplex = "half";
        // A POST with no body at all (curl -X POST) is an empty form, not a parser's 500.
        const hasBody =
          Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"];
        if (!hasBody && !init.headers.has("Content-Type")) {
          init.headers.set("Content-Type", "application/x-www-form-urlencoded");
        }
      }
      // Abort the loaders and actions once the response can no longer be written.
      res.on("close", () => res.writableFinished || controller.abort());
      const request = new Request(res.locals.origin + req.originalUrl, init);
      const response = await handleRequest(request, {
        clientIp: req.ip ?? "unknown",
        pageCache: res.locals.pageCache,
      });
      if (res.headersSent) return; // refused with 413 while Remix read the body
      res.statusMessage = response.statusText;
      res.status(response.status);
      // A response's own header replaces the fixed one of the same name (a framed e-mail's
      // X-Frame-Options: SAMEORIGIN over DENY); only Set-Cookie comes several times.
      for (const [name, value] of response.headers.entries()) {
        if (name === "set-cookie") res.append(name, value);
        else res.setHeader(name, value);
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** The request body as a stream that fails, after calling onTooLarge, past maxBytes. */
function countBody(req, maxBytes, onTooLarge) {
  let seen = 0;
  const counted = new Transform({
    transform(chunk, _encoding, callback) {
      seen += chunk.length;
      if (seen <= maxBytes) return callback(null, chunk);
      req.unpipe(counted);
      onTooLarge();
      callback(new Error("request body too large"));
    },
  });
  // A client that goes away mid-body: the read fails rather than ending with half a form.
  req.once("close", () => req.complete || counted.destroy(new Error("request aborted")));
  // Remix's reader reports the stream's errors while it reads; one after it cancelled (an
  // action that stopped reading) must not be an uncaught 'error' event that ends the worker.
  counted.on("error", () => {});
  return req.pipe(counted);
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (a checkout
 * commits its one transaction or never starts it), close every keep-alive connection as soon as
 * it is idle, and exit; a request that hangs is cut off after STOP_TIMEOUT_MS (SQLite rolls back
 * a transaction the process did not commit, so an order is whole or absent).
 */
function stopGracefully(server) {
  let stopping = false;
  const inFlight = new Set();
  // Node's close() ends the idle sockets only: a socket busy at that moment would stay open,
  // waiting for its next request, until keepAliveTimeout. Its response says `Connection: close`
  // instead, or, already under way, the socket is ended once it is sent.
  const closeAfter = (res) => {
    if (!res.headersSent) return res.setHeader("Connection", "close");
    const socket = res.socket;
    res.once("finish", () => socket?.end());
  };
  server.on("request", (req, res) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    // A request that arrives on a kept-alive socket after the stop began.
    if (stopping) closeAfter(res);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const res of inFlight) closeAfter(res);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      console.error(`[perfumeria] ${inFlight.size} request(s) still running at the stop timeout.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  // Ctrl-C signals the whole group and a supervisor may signal twice: stop once.
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);
}
