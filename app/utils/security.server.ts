import { invariantResponse } from "./invariant";

/**
 * OWASP ASVS 5.0 §3.5.1: SameSite cookies alone do not stop cross-site form posts
 * (a sibling subdomain or a top-level POST navigation). Every state-changing request
 * must come from our own origin: `Sec-Fetch-Site` when the browser sends it, otherwise
 * an `Origin` whose host is ours. A request with neither is refused.
 */
export function isSameOriginRequest(request: Request) {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";

  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host =
    request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ||
    request.headers.get("host") ||
    new URL(request.url).host;
  return originHost === host;
}

export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  invariantResponse(
    isSameOriginRequest(request),
    "Solicitud rechazada: el formulario no se envió desde este sitio.",
    { status: 403 },
  );
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

/** Headers every response carries (documents and data). */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;
