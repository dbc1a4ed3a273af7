import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { renderMaintenancePage } from "./maintenance-page.server";
import { getEnv } from "./utils/env.server";
import { isBlockedByMaintenance } from "~/web/maintenance.server";
import { safeRedirect } from "~/web/redirect.server";
import { StylesheetProvider } from "./components/inline-stylesheet";
import { NonceProvider } from "./utils/nonce";
import { hasSessionCookie, refreshedSessionCookie, setsSessionCookie } from "~/web/session.server";
import { startScriptsAfterPaint } from "./utils/deferred-scripts.server";
import { inlineStylesheet } from "./utils/stylesheet.server";
import {
  inlineScriptHashes,
  rememberSharedPage,
  type PageCacheTicket,
} from "./utils/page-cache.server";
import {
  checkRequestBody as checkBody,
  contentSecurityPolicy,
  isTokenLinkPath,
  TOKEN_LINK_HEADERS,
} from "./utils/security.server";
import { uploadBodyMaxBytes } from "./web/api/registry.server";
import { startBackgroundJobs } from "./jobs.server";
import { setPasswordHashQueue } from "./utils/password.server";

// Every worker loads this module once: the store's background jobs start here (app/jobs.server.ts),
// and the password hashing queue takes its size (decision 155).
startBackgroundJobs();
setPasswordHashQueue(getEnv().PASSWORD_HASH_QUEUE);

const ABORT_DELAY = 5_000;

/** Pages with personal data even for a visitor without a session (a sign-in form, a cart). */
const PRIVATE_PATHS =
  /^\/(admin|admin-access|account|profile|orders|order-confirmation|order-success|checkout|cart|wishlist|notifications|complete-profile|login|register)(\/|$)/;

/**
 * Issue 19: a response to anyone with a session (either cookie name, valid or not) carries
 * their name, e-mail, cart or toast in its header or data, and one that sets the session
 * cookie starts one: never stored by the browser or a shared cache. The shared first-visitor
 * page (page-cache.server.ts) has no session by definition and keeps its own headers.
 * Its use written (at most once a minute), the session's cookie is sent again to renew its
 * Max-Age. nosniff, Referrer-Policy and the other fixed headers are set for every response
 * (static files and redirects too) by scripts/server.mjs.
 */
async function applySessionHeaders(request: Request, headers: Headers) {
  const refreshed = await refreshedSessionCookie(request);
  if (refreshed && !setsSessionCookie(headers)) headers.append("Set-Cookie", refreshed);
  if (
    PRIVATE_PATHS.test(new URL(request.url).pathname) ||
    hasSessionCookie(request) ||
    setsSessionCookie(headers)
  ) {
    headers.set("Cache-Control", "private, no-store");
  }
  // Issue 37: a reset or verification link's page is never stored, nor named in a Referer.
  // A signed-in page's own `private, no-store` already says it.
  const noStore = /\bno-store\b/.test(headers.get("Cache-Control") ?? "");
  if (isTokenLinkPath(new URL(request.url).pathname) && !noStore) {
    for (const [name, value] of Object.entries(TOKEN_LINK_HEADERS)) headers.set(name, value);
  }
}

function cspOptions() {
  return {
    formActions: formActionOrigins(),
    styles: [inlineStylesheet().hash],
    dev: getEnv().NODE_ENV === "development",
  };
}

function formActionOrigins() {
  const env = getEnv();
  if (!env.googleEnabled) return [];
  // Chrome applies form-action to the redirect after POST /api/auth/google.
  return [
    env.GOOGLE_ISSUER_URL ? new URL(env.GOOGLE_ISSUER_URL).origin : "https://accounts.google.com",
  ];
}

/** The size of the buffer React 18's node renderer encodes its HTML into (`VIEW_SIZE`). */
const REACT_VIEW_SIZE = 2048;
/** The most bytes React can leave unfilled: a four-byte character (an emoji) with three left. */
const MAX_UNFILLED_BYTES = 3;

/**
 * React 18.3's `writeStringChunk` (facebook/react#26228, fixed only in React 19) encodes text
 * into a 2 KB view; when a multi-byte character (ñ, á, ★) does not fit in the bytes left, it
 * writes the *whole* view, with the bytes it never filled still zero, and starts the next view
 * with that character. The demo catalogue had such a NUL just before a card's stars.
 *
 * Only such a view arrives as exactly 2 KB with zeros at its end: a view React filled is sent
 * whole too, but our HTML holds no NUL of its own (the HTML parser would drop or replace one
 * anyway), and every other write is a partial view or a chunk larger than 2 KB. No text is
 * lost: the character that did not fit opens the next chunk.
 */
export function withoutUnfilledViewBytes(chunk: Buffer) {
  if (chunk.length !== REACT_VIEW_SIZE) return chunk;
  let end = chunk.length;
  while (end > chunk.length - MAX_UNFILLED_BYTES && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/**
 * React writes its HTML in 2 KB pieces and calls `flush()` after each batch. Passing every
 * piece on costs one gzip call each in the compression middleware (about 10 ms for a 100 KB
 * catalogue page on this machine); this stream hands them on one batch at a time, without
 * the zero bytes React 18 leaves at the end of some pieces, and its scripts started only once
 * the page is painted (`startScriptsAfterPaint`, decision 111).
 */
export class BatchedHtmlStream extends Transform {
  private pending: Buffer[] = [];

  /** `nonce`: the response's, for the script that starts the page's scripts ("" when shared). */
  constructor(private readonly nonce: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(withoutUnfilledViewBytes(chunk));
    callback();
  }

  /** Called by React at the end of each batch of writes. */
  flush() {
    if (this.pending.length === 0) return;
    const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.push(startScriptsAfterPaint(batch, this.nonce));
    this.pending = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const url = new URL(request.url);
  await applySessionHeaders(request, responseHeaders);
  // Decision 098: the browser's Save-Data header changes the pictures of every page.
  responseHeaders.append("Vary", "Save-Data");
  forwardRetryAfter(responseStatusCode, responseHeaders, remixContext);
  const maintenance = maintenanceError(remixContext);
  if (maintenance) {
    return sendMaintenancePage(maintenance, url, responseStatusCode, responseHeaders, remixContext);
  }
  if (loadContext.pageCache) {
    return renderSharedPage(
      loadContext.pageCache,
      request,
      responseStatusCode,
      responseHeaders,
      remixContext,
    );
  }

  const nonce = crypto.randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, cspOptions()));

  // Bots get the whole document at once; people get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetProvider value={inlineStylesheet().text}>
        <NonceProvider value={nonce}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </NonceProvider>
      </StylesheetProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new BatchedHtmlStream(nonce);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A document's headers come from the routes' `headers` exports, and each sees only its own
 * route's loader and action headers: a page's 429 or 503 (the sign-in throttle, the contact
 * form, the password-hashing queue, the maintenance gate) would lose its Retry-After without
 * JavaScript. The document takes the one its loaders or actions answered with.
 */
function forwardRetryAfter(status: number, responseHeaders: Headers, remixContext: EntryContext) {
  if (status !== 429 && status !== 503) return;
  const { actionHeaders, loaderHeaders } = remixContext.staticHandlerContext;
  for (const headers of [...Object.values(actionHeaders), ...Object.values(loaderHeaders)]) {
    const retryAfter = headers.get("Retry-After");
    if (!retryAfter) continue;
    responseHeaders.set("Retry-After", retryAfter);
    return;
  }
}

/** The contact details of the root's maintenance 503 (D35), when that is what this page is. */
function maintenanceError(remixContext: EntryContext) {
  const error = remixContext.staticHandlerContext.errors?.root;
  if (!isRouteErrorResponse(error) || error.status !== 503 || !error.data?.maintenance) return null;
  return {
    contactEmail: String(error.data.contactEmail),
    contactPhone: String(error.data.contactPhone),
  };
}

/**
 * The maintenance screen is a static page: sent whole, without the app's scripts (so its code
 * is not in the store's JavaScript), never from or into the page cache, with a nonce for its
 * one inline script (the admins' hidden door).
 */
function sendMaintenancePage(
  contact: { contactEmail: string; contactPhone: string },
  url: URL,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, cspOptions()));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const links = (remixContext.routeModules.root?.links?.() ?? []).flatMap((link) =>
    "rel" in link && typeof link.href === "string"
      ? [{ rel: link.rel, href: link.href, type: link.type }]
      : [],
  );
  return new Response(renderMaintenancePage({ contact, url, links, nonce }), {
    status: responseStatusCode,
    headers: responseHeaders,
  });
}

/**
 * A first-time visitor's page (app/utils/page-cache.server.ts): rendered whole, without a
 * nonce, so that the same bytes can answer every visitor; its CSP lists the hashes of its
 * inline scripts instead, and the page cache keeps it when nothing in it is personal.
 */
function renderSharedPage(
  ticket: PageCacheTicket,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const finish = (body: Buffer) => {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ hashes: inlineScriptHashes(body.toString()) }, cspOptions()),
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const etag = rememberSharedPage(ticket, {
      status: responseStatusCode,
      headers: responseHeaders,
      body,
    });
    if (etag) responseHeaders.set("ETag", etag);
    return new Response(new Uint8Array(body), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  };

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetProvider value={inlineStylesheet().text}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </StylesheetProvider>,
      {
        onAllReady() {
          const stream = new BatchedHtmlStream("");
          pipe(stream);
          buffer(stream).then(finish).then(resolve, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const url = new URL(request.url);
  await applySessionHeaders(request, response.headers);
  // A client-side navigation must not slip past maintenance mode: make the browser load
  // the document, which answers 503 with the maintenance screen. A fetcher's load of a
  // resource route (a search suggestion, a delivery estimate) reloads the page it came from,
  // not the resource's JSON.
  if (request.method === "GET" && (await isBlockedByMaintenance(request))) {
    const fromResource = url.searchParams.get("_data")?.startsWith("routes/resources.");
    const target = fromResource
      ? safeRedirect(sameOriginPath(request.headers.get("Referer"), url.origin))
      : `${url.pathname}${url.search.replace(/([?&])_data=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
    return new Response(null, {
      status: 204,
      headers: {
        "X-Remix-Redirect": target,
        "X-Remix-Status": "302",
        "X-Remix-Reload-Document": "true",
      },
    });
  }
  return response;
};

/** The path of a same-origin Referer (the page a fetcher ran on), else null. */
function sameOriginPath(referer: string | null, origin: string) {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === origin ? `${from.pathname}${from.search}` : null;
  } catch {
    return null;
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}

/**
 * scripts/server.mjs's body rule before Remix runs: checkRequestBody, with the ceiling of the
 * API's declared upload call when the request is one (uploadBodyMaxBytes).
 */
export function checkRequestBody(
  headers: Omit<Parameters<typeof checkBody>[0], "uploadMaxBytes"> & { method: string },
) {
  return checkBody({
    ...headers,
    uploadMaxBytes: uploadBodyMaxBytes(headers.method, headers.pathname),
  });
}

// Used by scripts/server.mjs before Remix runs (one implementation of the origin and body rules).
export {
  BODY_MESSAGES,
  isSameOriginRequest,
  loggedUrl,
  SECURITY_HEADERS,
} from "./utils/security.server";
export { servePageFromCache } from "./utils/page-cache.server";
