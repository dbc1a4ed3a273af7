import crypto from "node:crypto";
import { z } from "zod/v4";
import { BODY_MESSAGES } from "~/utils/security.server";

/*
 * The JSON API's plumbing (issue 25): one error shape, RFC 9457 `application/problem+json` with
 * a Spanish `detail` and, for bad input, the fields' errors; JSON bodies and queries read
 * through zod (the same schemas the OpenAPI document is generated from); ETags on public reads.
 * What a caller may do is decided in calls.server.ts, per call.
 */

// zod 4's own Spanish messages for whatever a call's schema does not word itself.
z.config(z.locales.es());

export const PROBLEM_TYPE = "application/problem+json";

/** Titles of the statuses the API answers with (the `title` of a problem). */
const TITLES: Record<number, string> = {
  400: "Solicitud incorrecta",
  401: "No autenticado",
  403: "Acceso denegado",
  404: "No encontrado",
  405: "Método no permitido",
  409: "Conflicto",
  413: "Contenido demasiado grande",
  415: "Tipo de contenido no admitido",
  422: "Datos no válidos",
  429: "Demasiadas solicitudes",
  500: "Error interno",
  503: "Tienda en mantenimiento",
};

/** Each field's messages, by its path in the body or query (`items.0.quantity`). */
export type FieldErrors = Record<string, string[]>;

export type ProblemInit = {
  errors?: FieldErrors;
  headers?: HeadersInit;
  /** A machine-readable reason beside the HTTP status (`out_of_stock`, `token_revoked`). */
  code?: string;
  /** A problem type of its own (RFC 9457 §3.1.1), where a client must act on it; else about:blank. */
  type?: string;
};

/** The one error response of every /api/ call. */
export function problem(status: number, detail: string, init: ProblemInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", `${PROBLEM_TYPE}; charset=utf-8`);
  headers.set("Cache-Control", "no-store");
  const body = {
    type: init.type ?? "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(init.code ? { code: init.code } : {}),
    ...(init.errors ? { errors: init.errors } : {}),
  };
  return new Response(JSON.stringify(body), { status, headers });
}

/** Stops a call with a problem: `throw apiError(409, "Stock insuficiente…")`. */
export function apiError(status: number, detail: string, init?: ProblemInit) {
  return problem(status, detail, init);
}

/** A JSON answer. Personal answers are never stored by a shared cache. */
export function apiJson(data: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return new Response(init.status === 204 ? null : JSON.stringify(data), { ...init, headers });
}

/**
 * A public read with a strong ETag of its body: a client that sends it back in
 * `If-None-Match` gets a 304 and no body. Caches must ask again each time (`no-cache`), so a
 * price change is seen on the next request.
 */
export function apiJsonWithEtag(request: Request, data: unknown) {
  const body = JSON.stringify(data);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": "public, no-cache",
    Vary: "Authorization, Cookie",
  });
  const sent = request.headers.get("If-None-Match");
  if (sent && sent.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

/** zod's issues as the problem's `errors`: each message under its field's path. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    (errors[path.length ? path.join(".") : "_"] ??= []).push(issue.message);
  }
  return errors;
}

const CHECK_THE_DATA = "Revisa los datos enviados.";

/** A 422 for input a rule refuses after the schemas passed (a name taken), each under its field. */
export function formProblem(issues: ReadonlyArray<{ path: string; message: string }>) {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.path || "_"] ??= []).push(issue.message);
  return problem(422, CHECK_THE_DATA, { errors });
}

/**
 * A body checked with its screen's own form schema (the form's rules and Spanish messages),
 * for a call whose rule depends on the account (decision 141; elsewhere the form's fields are
 * the call's body: decisions 136, 145, 146), after the call's own schema checked the JSON's
 * types: its value, or a 422 with each field's messages. So a rule and its message are written
 * once, in the form's schema.
 */
export function checkedByForm<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw problem(422, CHECK_THE_DATA, { errors: fieldErrors(parsed.error.issues) });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/**
 * The call's JSON body, checked by `schema`: 415 for another content type (told by the header,
 * before a byte is read: issue 37), 400 for a body that is not JSON, 422 with each field's
 * message for JSON the schema refuses.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  const mediaType = request.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "";
  // No body at all is no body whatever its type says: the server gives a bodyless write the
  // form type (scripts/server.mjs), and a DELETE whose fields are optional may send nothing.
  const length = request.headers.get("Content-Length");
  const declaresBody =
    request.headers.has("Transfer-Encoding") || (length !== null && Number(length) !== 0);
  if (declaresBody && !JSON_TYPE.test(mediaType)) {
    throw problem(415, BODY_MESSAGES.apiUnsupported);
  }
  const text = declaresBody || length === null ? await request.text() : "";
  let value: unknown = undefined;
  if (text.trim() !== "") {
    if (!JSON_TYPE.test(mediaType)) throw problem(415, BODY_MESSAGES.apiUnsupported);
    try {
      value = JSON.parse(text);
    } catch {
      throw problem(400, "El cuerpo de la solicitud no es JSON válido.");
    }
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    throw problem(422, CHECK_THE_DATA, { errors: fieldErrors(parsed.error.issues) });
  }
  return parsed.data;
}

/** The call's query string, checked by `schema`: 400 with each parameter's message. */
export function readQuery<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): z.output<Schema> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const key of new Set(params.keys())) values[key] = params.get(key)!;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw problem(400, "Revisa los parámetros de la consulta.", {
      errors: fieldErrors(parsed.error.issues),
    });
  }
  return parsed.data;
}

/**
 * A thrown Response from a model or a page helper (invariantResponse's JSON `{message}`, a
 * redirect to /login) said the API's way: the same status and Spanish message as a problem.
 */
export async function asProblem(response: Response): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  if (type.startsWith(PROBLEM_TYPE)) return response;
  if (response.status >= 300 && response.status < 400) {
    const to = response.headers.get("Location") ?? "";
    return to.startsWith("/login") || to.startsWith("/admin/login")
      ? problem(401, "Inicia sesión para continuar.")
      : problem(403, "No tienes acceso a este recurso.");
  }
  let detail = TITLES[response.status] ?? "Error";
  if (type.includes("json")) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === "string") detail = body.message;
  }
  const headers = new Headers();
  const retryAfter = response.headers.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return problem(response.status >= 400 ? response.status : 500, detail, { headers });
}
