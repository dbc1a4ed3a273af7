import { invariantResponse } from "./invariant";

/**
 * The request's own origin: scheme, host and port. Behind a proxy on this machine that is what
 * the proxy says (X-Forwarded-Proto, X-Forwarded-Host); scripts/server.mjs builds every
 * request's URL from those only when they come from the local proxy (express `trust proxy:
 * loopback`, as for X-Forwarded-For), so the URL is the one thing to read here.
 */
export function requestOrigin(request: Request) {
  return new URL(request.url).origin;
}

/**
 * OWASP ASVS 5.0 §3.5.1: SameSite cookies alone do not stop cross-site form posts
 * (a sibling subdomain or a top-level POST navigation). Every state-changing request
 * must come from our own origin: `Sec-Fetch-Site` when the browser sends it, otherwise
 * an `Origin` whose scheme, host and port are ours. A request with neither is refused.
 */
export function isSameOriginRequest(request: Request) {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";

  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).origin === requestOrigin(request);
  } catch {
    return false;
  }
}

export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  invariantResponse(
    isSameOriginRequest(request),
    "Solicitud rechazada: el formulario no se envió desde este sitio.",
    { status: 403 },
  );
}

/** A form of text fields is a few KB; the largest page form (a CMS page) is far below this. */
export const FORM_BODY_MAX_BYTES = 1024 * 1024;
/**
 * The largest multipart body any route takes: a product's 10 images of 5 MB and its fields
 * (app/models/catalog/product-images.server.ts). Each upload route cuts its own body off sooner.
 */
export const MULTIPART_BODY_MAX_BYTES = 55 * 1024 * 1024;

export const BODY_MESSAGES = {
  tooLarge: "El contenido enviado es demasiado grande.",
  unsupported: "Tipo de contenido no admitido: envía el formulario desde la página.",
  malformed: "Solicitud mal formada: el formulario llegó incompleto.",
  apiUnsupported: "Envía el cuerpo como JSON (Content-Type: application/json).",
} as const;

export type BodyVerdict =
  { ok: true; maxBytes: number } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * What a POST's body may be, from its headers alone, before a byte of it is read
 * (scripts/server.mjs before Remix runs, and guardAction for requests that do not come through
 * it). Page actions take the two kinds a browser's form sends, url-encoded (up to 1 MB) and
 * multipart with a boundary (up to the largest upload), or no body at all: anything else is 415
 * rather than a parser's 500. Under /api/ (issue 37) a body is 1 MB at most whatever its type,
 * and multipart only on a declared upload call (`uploadMaxBytes`, that call's own ceiling); the
 * calls choose among the other types themselves (JSON; a browser's form for Google's sign-in).
 * `contentLength` is null when the body's length is not declared (chunked): the caller counts.
 */
export function checkRequestBody({
  pathname,
  contentType,
  contentLength,
  chunked,
  uploadMaxBytes = null,
}: {
  pathname: string;
  contentType: string | null;
  contentLength: number | null;
  chunked: boolean;
  /** Under /api/: the declared upload call's ceiling for its multipart body, else null. */
  uploadMaxBytes?: number | null;
}): BodyVerdict {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() || null;
  const multipart = mediaType === "multipart/form-data";
  const api = pathname.startsWith("/api/");
  const hasBody = chunked || (contentLength ?? 0) > 0;
  if (api && multipart && uploadMaxBytes === null && hasBody) {
    return { ok: false, status: 415, message: BODY_MESSAGES.apiUnsupported };
  }
  const maxBytes = !multipart
    ? FORM_BODY_MAX_BYTES
    : api
      ? (uploadMaxBytes ?? FORM_BODY_MAX_BYTES)
      : MULTIPART_BODY_MAX_BYTES;
  if (contentLength !== null && contentLength > maxBytes) {
    return { ok: false, status: 413, message: BODY_MESSAGES.tooLarge };
  }
  if (api) return { ok: true, maxBytes };
  if (mediaType === null) {
    return hasBody
      ? { ok: false, status: 415, message: BODY_MESSAGES.unsupported }
      : { ok: true, maxBytes };
  }
  if (multipart) {
    return /;\s*boundary=[^;\s]/i.test(contentType ?? "")
      ? { ok: true, maxBytes }
      : { ok: false, status: 400, message: BODY_MESSAGES.malformed };
  }
  if (mediaType === "application/x-www-form-urlencoded") return { ok: true, maxBytes };
  return { ok: false, status: 415, message: BODY_MESSAGES.unsupported };
}

/**
 * The body rule inside Remix, for every action (guardAction): checkRequestBody on the
 * request's headers, for requests that do not come through scripts/server.mjs, and
 * `request.formData()` guarded on this request and its clones (the sign-in reads a clone).
 */
export function guardFormBody(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const length = request.headers.get("content-length");
  const verdict = checkRequestBody({
    pathname: new URL(request.url).pathname,
    contentType: request.headers.get("content-type"),
    contentLength: length === null ? null : Number(length),
    chunked: request.headers.has("transfer-encoding"),
  });
  if (!verdict.ok) invariantResponse(false, verdict.message, { status: verdict.status });
  guardFormData(request);
}

class BodyTooLargeError extends Error {}

/**
 * A form read with `request.formData()` is a form without files (the upload forms stream
 * theirs to disk with readMultipartForm), so a multipart one counts against the url-encoded
 * limit (413) instead of being held whole in memory up to the server's multipart ceiling; and
 * a form that does not parse (a multipart body cut short) is 400, not the parser's error (500).
 */
function guardFormData(request: Request) {
  const formData = request.formData.bind(request);
  const clone = request.clone.bind(request);
  request.formData = async () => {
    const multipart = request.headers.get("content-type")?.toLowerCase().startsWith("multipart/");
    try {
      if (!multipart || !request.body) return await formData();
      const init = {
        method: request.method,
        headers: request.headers,
        body: limitStream(request.body, FORM_BODY_MAX_BYTES),
        duplex: "half" as const,
      };
      return await new Request(request.url, init).formData();
    } catch (error) {
      // Aborted (the client left, or the server cut the body off with 413): nobody to answer.
      if (request.signal.aborted) throw error;
      if (error instanceof BodyTooLargeError) {
        invariantResponse(false, BODY_MESSAGES.tooLarge, { status: 413 });
      }
      invariantResponse(false, BODY_MESSAGES.malformed, { status: 400 });
    }
  };
  request.clone = () => {
    const copy = clone();
    guardFormData(copy);
    return copy;
  };
}

/** The same bytes, failing with BodyTooLargeError past maxBytes. */
function limitStream(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > maxBytes) {
        controller.error(new BodyTooLargeError());
        return void reader.cancel();
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Content-Security-Policy for a page. A page rendered for one response allows its scripts by
 * that response's nonce; a page shared by many responses (the page cache) must never reuse a
 * nonce, so it lists the hashes of its inline scripts instead, and allows our own origin's
 * files by 'self'. Not 'strict-dynamic' there: it makes 'self' ignored, and Remix's
 * `<link rel="modulepreload">` tags are parser-inserted and can match no hash. `styles` are the
 * hashes of inline stylesheets (the document's own, decision 070).
 */
export function contentSecurityPolicy(
  scripts: { nonce: string } | { hashes: string[] },
  options: { formActions?: string[]; styles?: string[]; dev?: boolean },
) {
  const formAction = ["'self'", ...(options.formActions ?? [])].join(" ");
  const scriptSources =
    "nonce" in scripts
      ? `'self' 'nonce-${scripts.nonce}' 'strict-dynamic'`
      : ["'self'", ...scripts.hashes].join(" ");
  return [
    `default-src 'self'`,
    `script-src ${scriptSources}`,
    `style-src ${["'self'", ...(options.styles ?? [])].join(" ")}`,
    `style-src-attr 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `form-action ${formAction}`,
  ].join("; ");
}

/**
 * Issue 37: pages reached by an e-mail's link that carries a live token in its query (a password
 * reset, an e-mail verification, a new e-mail's confirmation or its undoing (decision 129), a
 * pay-later order's signed receipt link (decision 130)). The request log writes them without their query, and their
 * answers are never stored. Their Referrer-Policy stays the site's strict-origin-when-cross-origin,
 * which names no path to another site: `no-referrer` makes the browser send `Origin: null` with
 * the page's own form, which every same-origin check must refuse (decision 127).
 */
const TOKEN_LINK_PATHS = new Set([
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/undo-email-change",
  "/track-order",
]);

export const TOKEN_LINK_HEADERS = { "Cache-Control": "no-store" } as const;

export function isTokenLinkPath(pathname: string) {
  return TOKEN_LINK_PATHS.has(pathname.replace(/\/+$/, "") || "/");
}

/** The request line's URL as the log writes it: a token link without its query. */
export function loggedUrl(url: string) {
  const query = url.indexOf("?");
  if (query === -1) return url;
  return isTokenLinkPath(url.slice(0, query)) ? url.slice(0, query) : url;
}

/** Headers every response carries (documents and data). */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;

/**
 * Headers of a stored HTML document that our own pages show in a sandboxed frame (an e-mail in
 * /admin/correos, decision 107). Its HTML is not ours to trust line by line, so it gets nothing:
 * no script, no request but pictures over HTTPS, no form, no navigation of the page around it
 * (`sandbox` sandboxes it even when opened on its own), and it may be framed by our own pages
 * only. The route's X-Frame-Options replaces the fixed DENY (scripts/server.mjs lets a response
 * set its own), for browsers that read no frame-ancestors.
 */
export const SANDBOXED_DOCUMENT_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    `img-src https: data:`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'self'`,
    `sandbox`,
  ].join("; "),
  "X-Frame-Options": "SAMEORIGIN",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
} as const;
