import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod/v4";
import { getSessionUser } from "~/web/auth.server";
import type { KnownShopper, Shopper } from "~/models/auth/shopper";
import { getShopper } from "~/web/shopper.server";
import type { SessionUser } from "~/models/customers/users.server";
import { getUserById } from "~/models/customers/users.server";
import { isMaintenanceMode } from "~/models/settings/settings.server";
import { RETRY_AFTER_SECONDS } from "~/web/maintenance.server";
import {
  apiJson,
  apiJsonWithEtag,
  asProblem,
  problem,
  readJsonBody,
  readQuery,
} from "~/web/api/problem.server";
import { MAX_ID } from "~/utils/invariant";
import { RateLimiter } from "~/utils/rate-limit.server";
import { SECOND_FACTOR_REQUIRED, stepUpNeeded } from "~/web/two-factor.server";
import { commitSession, getSession } from "~/web/session.server";
import { isSameOriginRequest } from "~/utils/security.server";
import { formatDate } from "~/utils/dates";
import {
  checkApiToken,
  recordApiTokenUse,
  type LiveApiToken,
} from "~/models/auth/api-tokens.server";

/*
 * Every /api/ call is declared once with `defineCall` (its method, path, who may make it, the
 * zod schemas of its query, body and answer) and served with `apiCall`, which authenticates,
 * enforces the call's access and the token's scope, counts the rate limit, reads the input
 * through the schemas and words every refusal as a problem (problem.server.ts). The same
 * declarations make the OpenAPI document (openapi.server.ts), so the document cannot drift
 * from what the routes check.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may make a call:
 * - `public`: anyone (a token or a session is read when sent);
 * - `shopper`: anyone, shopping as the signed-in account or the browser's guest (the cart);
 * - `customer`: a signed-in account (a session, or a customer- or admin-level token);
 * - `admin`: an admin's session, or an admin-level token of an admin's account.
 */
export type Access = "public" | "shopper" | "customer" | "admin";

export type CallDefinition<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  /** OpenAPI form, `/api/cart/{productId}`. */
  path: string;
  /** The document's group (`Carrito`, `Pedidos`…). */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path's parameters, each a whole number or a string (`{productId}` → `integer`). */
  params?: Record<string, "integer" | "string">;
  query?: Query;
  body?: Body;
  /** `multipart/form-data` calls (a file upload) describe their parts instead of a JSON body. */
  multipart?: Record<string, { type: "file" | "string"; required?: boolean; description: string }>;
  /**
   * A multipart call's whole body at most, files and fields: the server refuses a larger one,
   * and multipart on any other call, before reading it (issue 37). Other bodies: 1 MB.
   */
  maxBodyBytes?: number;
  /** The answer's schema, and its status when not 200 (201 for a creation, 204 for none). */
  response?: z.ZodType;
  status?: 200 | 201 | 204;
  /** Refusals this call can give besides the common ones (401, 403, 429, 400/415/422 for input). */
  errors?: number[];
  /** A public read answered with an ETag (304 when unchanged). */
  etag?: boolean;
  /** Decision 171: the answer is also a PDF, for `Accept: application/pdf`. */
  pdf?: boolean;
};

export function defineCall<
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(call: CallDefinition<Query, Body>) {
  return call;
}

/**
 * A PUT body that only switches a record on or off (`{isActive}`, a list's Ocultar / Mostrar),
 * not the whole record: a CMS page, a product.
 */
export function switchesOnly(body: Record<string, unknown>) {
  const sent = Object.keys(body).filter((key) => body[key] !== undefined);
  return sent.length === 1 && sent[0] === "isActive";
}

/** An amount of money, as every call gives and takes it: whole centavos, as stored. */
export const centavos = z.number().int().describe("Centavos de lempira (L 1,00 = 100).");

/** A record's id in a body (`productId`): a whole number the tables can hold. */
export const idField = () => z.number().int().positive().max(MAX_ID);

/** The same in a query string (`?brandId=`). */
export const idQuery = () => z.coerce.number().int().positive().max(MAX_ID);

/** Who is calling: an account (by session or token), or a visitor. */
export type Caller = {
  via: "session" | "token" | "anonymous";
  /** The account the call acts for; null for a visitor. */
  user: SessionUser | null;
  /** True only when the caller may make admin calls. */
  isAdmin: boolean;
  token: LiveApiToken | null;
};

type Args = LoaderFunctionArgs | ActionFunctionArgs;

export type CallContext<Query extends z.ZodType | undefined, Body extends z.ZodType | undefined> = {
  request: Request;
  params: Args["params"];
  clientIp: string;
  caller: Caller;
  query: Query extends z.ZodType ? z.output<Query> : undefined;
  body: Body extends z.ZodType ? z.output<Body> : undefined;
  /**
   * The shopper the call acts for (a `shopper` call): the account, else the browser's guest.
   * `createGuest` gives a visitor a guest id, whose cookie the answer then sets.
   */
  shopper(options?: { createGuest?: boolean }): Promise<Shopper>;
  /** The same, for a write that needs an owner. */
  knownShopper(): Promise<KnownShopper>;
  /** The signed-in account (a `customer` or `admin` call). */
  user: SessionUser;
};

/** Per token, per account and per visitor's address: generous for an app, a wall for a loop. */
const LIMITS = {
  token: new RateLimiter({ scope: "api-token", limit: 600, windowMs: 60_000 }),
  account: new RateLimiter({ scope: "api-account", limit: 600, windowMs: 60_000 }),
  visitor: new RateLimiter({ scope: "api-visitor", limit: 300, windowMs: 60_000 }),
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function identify(request: Request): Promise<Caller | Response> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const [scheme, secret = ""] = authorization.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== "bearer") {
      return problem(401, "Usa un token de la API: Authorization: Bearer <token>.", {
        headers: { "WWW-Authenticate": 'Bearer realm="api"' },
      });
    }
    const checked = await checkApiToken(secret);
    if (!checked.ok && checked.reason === "expired") {
      return problem(
        401,
        `El token venció el ${formatDate(checked.expiresAt ?? new Date(0).toISOString())}. Pide uno nuevo a la tienda.`,
        {
          code: "token_expired",
          headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' },
        },
      );
    }
    const token = checked.ok ? checked.token : null;
    const user = token ? await getUserById(token.userId) : undefined;
    if (!token || !user || user.isBlocked) {
      return problem(401, "El token no es válido o fue revocado.", {
        code: "invalid_token",
        headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' },
      });
    }
    await recordApiTokenUse(token);
    return {
      via: "token",
      user,
      token,
      isAdmin: token.level === "admin" && user.role === "admin",
    };
  }
  const session = await getSession(request);
  const user = await getSessionUser(session);
  if (WRITE_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    return problem(403, "Solicitud rechazada: no se envió desde este sitio.");
  }
  // Decision 163: an administrator's session acts as one once it passed the second step.
  const passedSecondStep = Boolean(session.get("secondFactor"));
  return user
    ? {
        via: "session",
        user,
        token: null,
        isAdmin: user.role === "admin" && passedSecondStep,
      }
    : { via: "anonymous", user: null, token: null, isAdmin: false };
}

function refusal(call: CallDefinition, caller: Caller, method: string): Response | null {
  if (call.access === "customer" || call.access === "admin") {
    if (!caller.user) {
      return problem(401, "Inicia sesión o envía un token de la API.", {
        headers: { "WWW-Authenticate": 'Bearer realm="api"' },
      });
    }
  }
  if (call.access === "admin" && caller.via === "session" && caller.user?.role === "admin") {
    if (!caller.isAdmin) {
      return problem(
        403,
        "Tu sesión no pasó la verificación en dos pasos: entra por /admin-access.",
        {
          type: SECOND_FACTOR_REQUIRED,
          code: "second_factor_required",
        },
      );
    }
  }
  if (call.access === "admin" && !caller.isAdmin) {
    return problem(
      403,
      caller.token && caller.user?.role === "admin"
        ? "Este token es de nivel cliente: no permite llamadas de administración."
        : "Esta llamada es solo para administradores.",
    );
  }
  if (WRITE_METHODS.has(method) && caller.token?.scope === "read") {
    return problem(403, "Este token solo permite lecturas.", { code: "read_only_token" });
  }
  return null;
}

/**
 * Decision 131 (issue 37, item 10): changing who is an administrator, or an administrator's
 * password or e-mail, takes a signed-in administrator: a token, even an admin-level write one,
 * is refused, so a leaked integration key cannot make itself an admin or take over one.
 */
export function refuseTokenForAdminChange(caller: Caller) {
  if (caller.via !== "token") return;
  throw problem(
    403,
    "Cambiar el rol, la contraseña o el correo de un administrador solo puede hacerlo un administrador con sesión iniciada, no un token.",
    { code: "session_only" },
  );
}

/**
 * Decision 163: a dangerous change (a user's role or password) by a signed-in administrator asks
 * for a code proved in the last 10 minutes; the API has no field for it, so the answer says to
 * sign in again with `code` (POST /api/auth/login). A token was itself created after a code.
 */
export async function refuseStaleSecondFactor(request: Request, caller: Caller) {
  if (caller.via !== "session" || !(await stepUpNeeded(request))) return;
  throw problem(
    403,
    "Este cambio pide un código de verificación de los últimos 10 minutos: vuelve a iniciar sesión con tu código (POST /api/auth/login con `code`).",
    { type: SECOND_FACTOR_REQUIRED, code: "second_factor_stale" },
  );
}

async function overLimit(caller: Caller, clientIp: string): Promise<Response | null> {
  const [limiter, key] = caller.token
    ? [LIMITS.token, String(caller.token.id)]
    : caller.user
      ? [LIMITS.account, String(caller.user.id)]
      : [LIMITS.visitor, clientIp];
  const { allowed, retryAfterSeconds } = await limiter.take(key);
  if (allowed) return null;
  return problem(429, "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.", {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/**
 * Serves one declared call as a loader or an action: the handler gets the checked input and
 * the caller and returns the answer's data (sent as JSON with the call's status) or a Response.
 * Whatever it throws is answered as a problem: a model's `invariantResponse` keeps its status and
 * Spanish message, anything else is a 500 that says nothing about the server.
 */
export function apiCall<Query extends z.ZodType | undefined, Body extends z.ZodType | undefined>(
  call: CallDefinition<Query, Body>,
  handler: (context: CallContext<Query, Body>) => Promise<unknown> | unknown,
) {
  return async ({ request, params, context }: Args): Promise<Response> => {
    try {
      const caller = await identify(request);
      if (caller instanceof Response) return caller;
      const refused = refusal(call as CallDefinition, caller, request.method);
      if (refused) return refused;
      const clientIp = context?.clientIp ?? "local";
      const limited = await overLimit(caller, clientIp);
      if (limited) return limited;
      if (WRITE_METHODS.has(request.method) && !caller.isAdmin && (await isMaintenanceMode())) {
        return problem(503, "La tienda está en mantenimiento. Vuelve a intentarlo más tarde.", {
          headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
        });
      }
      for (const [name, kind] of Object.entries(call.params ?? {})) {
        const value = params[name] ?? "";
        // Ids are 32-bit on PostgreSQL: a larger number names nothing (and must not overflow).
        if (kind === "integer" && !(/^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID)) {
          return problem(404, "No encontrado.");
        }
      }
      const query = (call.query ? readQuery(request, call.query) : undefined) as CallContext<
        Query,
        Body
      >["query"];
      const body = (call.body ? await readJsonBody(request, call.body) : undefined) as CallContext<
        Query,
        Body
      >["body"];

      let newGuestCookie: string | null = null;
      const shopper = async ({ createGuest = false } = {}): Promise<Shopper> => {
        if (caller.via === "token") return { userId: caller.user!.id, guestId: null };
        const found = await getShopper(request, { createGuest: createGuest as true });
        if (found.isNewGuest) newGuestCookie = await commitSession(request, found.session);
        return found.shopper;
      };
      const result = await handler({
        request,
        params,
        clientIp,
        caller,
        query,
        body,
        shopper,
        knownShopper: () => shopper({ createGuest: true }) as Promise<KnownShopper>,
        user: caller.user!,
      });
      let response: Response;
      if (result instanceof Response) response = result;
      else if (call.etag && request.method === "GET") response = apiJsonWithEtag(request, result);
      else response = apiJson(result ?? null, { status: call.status ?? 200 });
      if (newGuestCookie) response.headers.append("Set-Cookie", newGuestCookie);
      return response;
    } catch (thrown) {
      if (thrown instanceof Response) return asProblem(thrown);
      console.error(`[api] ${request.method} ${new URL(request.url).pathname}`, thrown);
      return problem(500, "Ocurrió un error inesperado. Inténtalo de nuevo.");
    }
  };
}

/**
 * A resource route's loader and action from its calls by method: `export const { loader,
 * action } = apiRoute({ GET: apiCall(…), POST: apiCall(…) })`. Any other method gets a 405
 * with `Allow`, as a problem (Remix's own answer would be an HTML error).
 */
export function apiRoute(handlers: Partial<Record<HttpMethod, (args: Args) => Promise<Response>>>) {
  const allow = Object.keys(handlers).join(", ");
  const serve = async (args: Args) => {
    const method = args.request.method === "HEAD" ? "GET" : args.request.method;
    const handler = handlers[method as HttpMethod];
    if (handler) return handler(args);
    return problem(405, `Método no permitido. Esta dirección acepta: ${allow}.`, {
      headers: { Allow: allow },
    });
  };
  return { loader: serve, action: serve };
}
