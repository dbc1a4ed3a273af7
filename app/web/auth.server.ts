import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { mergeGuestCart } from "~/models/cart/cart.server";
import {
  findOrCreateGoogleUser,
  getUserById,
  SIGN_IN_REFUSALS,
  verifyLogin,
  type SessionUser,
  type SignInRefusalCode,
} from "~/models/customers/users.server";
import { hasTwoFactor, type SecondFactorMethod } from "~/models/auth/two-factor.server";
import { sessionDevice } from "~/models/auth/devices";
import { noticeSignIn } from "~/models/auth/sign-in-notice.server";
import { getEnv } from "~/utils/env.server";
import { invariantResponse } from "~/utils/invariant";
import { requestOrigin } from "~/utils/security.server";
import {
  commitSession,
  destroySession,
  getSession,
  getSessionStorage,
  isHttps,
  startSessionOn,
  type AppSession,
  type SessionData,
} from "~/web/session.server";
import { isKnownDevice, rememberDevice } from "~/web/login-throttle.server";
import { setToast, type ToastInput } from "~/web/toast.server";

// The sign-in action (login.server.ts) takes it from here; it lives in redirect.server.ts.
export { safeRedirect } from "~/web/redirect.server";

export type AuthUser = { id: number; role: "customer" | "admin" };

/**
 * Google, or (for tests and staging) an OpenID provider at GOOGLE_ISSUER_URL that serves
 * /authorize, /token and /userinfo. The callback URL follows the request's own scheme, so
 * a plain-HTTP LAN install and an HTTPS deployment both work.
 */
class StoreGoogleStrategy extends GoogleStrategy<AuthUser> {
  private readonly issuerUserInfoURL: string | undefined;

  constructor(...args: ConstructorParameters<typeof GoogleStrategy<AuthUser>>) {
    super(...args);
    const issuer = getEnv().GOOGLE_ISSUER_URL?.replace(/\/$/, "");
    if (issuer) {
      this.authorizationURL = `${issuer}/authorize`;
      this.tokenURL = `${issuer}/token`;
      this.issuerUserInfoURL = `${issuer}/userinfo`;
    }
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    if (!this.issuerUserInfoURL) return super.userProfile(accessToken);
    const response = await fetch(this.issuerUserInfoURL, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const raw = await response.json();
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

// remix-auth-oauth2 guesses "https" for every host but localhost; a LAN install over plain
// HTTP (http://192.168.x.x) needs the request's own origin (its real scheme; behind the local
// proxy, the proxy's). The method is private in the library's types, hence the prototype
// assignment.
Object.defineProperty(StoreGoogleStrategy.prototype, "getCallbackURL", {
  value(this: { callbackURL: string }, request: Request) {
    return new URL(this.callbackURL, requestOrigin(request));
  },
});

/**
 * A refused sign-in, with its code and its Spanish message (SIGN_IN_REFUSALS, beside the rule).
 * The models return the code; the strategies throw it inside remix-auth, which passes on only
 * an `Error` (as an AuthorizationError's `cause`): `signInRefusalOf` finds it again.
 * `response` is the busy gate's 503, with its Retry-After.
 */
export class SignInRefused extends Error {
  constructor(
    readonly code: SignInRefusalCode,
    readonly response?: Response,
  ) {
    super(SIGN_IN_REFUSALS[code]);
  }
}

/** The refusal behind an error a strategy threw (remix-auth wraps it as the cause), or null. */
export function signInRefusalOf(error: unknown): SignInRefused | null {
  if (error instanceof SignInRefused) return error;
  if (error instanceof Error && error.cause instanceof SignInRefused) return error.cause;
  return null;
}

/**
 * The password check of every e-mail sign-in: the form strategy's (/login, the admin sign-in
 * pages) and POST /api/auth/login's. A refusal is thrown as a `SignInRefused`.
 */
export async function passwordSignIn(email: string, password: string): Promise<AuthUser> {
  let result;
  try {
    result = await verifyLogin(email, password);
  } catch (error) {
    // The hashing queue was full (decision 082): its 503 travels as the "busy" refusal.
    if (error instanceof Response) throw new SignInRefused("busy", error);
    throw error;
  }
  if (!result.ok) throw new SignInRefused(result.reason);
  return result.user;
}

function createAuthenticator(request: Request) {
  const env = getEnv();
  const authenticator = new Authenticator<AuthUser>(getSessionStorage(request), {
    throwOnError: true,
  });

  authenticator.use(
    new FormStrategy(({ form }) =>
      passwordSignIn(String(form.get("email") ?? ""), String(form.get("password") ?? "")),
    ),
    "form",
  );

  if (env.googleEnabled) {
    authenticator.use(
      new StoreGoogleStrategy(
        {
          clientID: env.GOOGLE_CLIENT_ID!,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          callbackURL: "/api/auth/google/callback",
          prompt: "select_account",
        },
        async ({ profile }) => {
          const email = profile.emails?.[0]?.value ?? profile._json?.email;
          if (!email || profile._json?.email_verified === false) {
            throw new SignInRefused("google_email_unverified");
          }
          const found = await findOrCreateGoogleUser({
            googleId: profile.id,
            email,
            emailVerified: true,
            firstName: profile.name?.givenName ?? "",
            lastName: profile.name?.familyName ?? "",
          });
          if (!found.ok) throw new SignInRefused(found.error);
          if (found.user.isBlocked) throw new SignInRefused("blocked");
          return { id: found.user.id, role: found.user.role };
        },
      ),
      "google",
    );
  }
  return authenticator;
}

const authenticators = new Map<boolean, Authenticator<AuthUser>>();

export function getAuthenticator(request: Request) {
  const key = isHttps(request);
  let authenticator = authenticators.get(key);
  if (!authenticator) {
    authenticator = createAuthenticator(request);
    authenticators.set(key, authenticator);
  }
  return authenticator;
}

/**
 * The session's user id without reading the account: enough for the catalogue's wishlist
 * hearts, whose lookups are by this id anyway. Anything that acts for the user uses getUser.
 */
export async function getUserId(request: Request) {
  const userId = (await getSession(request)).get("userId");
  return typeof userId === "number" ? userId : null;
}

/** The signed-in user, or null. A blocked or deleted account counts as signed out. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  return getSessionUser(await getSession(request));
}

/** A session's user, read once however many of a page's loaders ask (see getSession). */
const userOfSession = new WeakMap<
  AppSession,
  { userId: number; user: Promise<SessionUser | null> }
>();

/** The same, for a caller that already read the session (one read per request). */
export async function getSessionUser(session: AppSession): Promise<SessionUser | null> {
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  let read = userOfSession.get(session);
  if (read?.userId !== userId) {
    read = {
      userId,
      user: getUserById(userId).then((user) => (user && !user.isBlocked ? user : null)),
    };
    userOfSession.set(session, read);
  }
  return read.user;
}

export async function requireUser(request: Request) {
  const user = await getUser(request);
  if (!user) throw signInFirst(request);
  return user;
}

/** To /login, and back to this page once signed in. */
export function signInFirst(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/**
 * For a page that answers a visitor in place instead of sending them to /login (/account,
 * backoffice.md §2: 'Acceso Requerido'): a 401 that the route's ErrorBoundary words.
 */
export async function requireUserOrUnauthorized(request: Request) {
  const user = await getUser(request);
  invariantResponse(user, "Acceso Requerido", { status: 401 });
  return user;
}

/** backoffice.md §2: 403 'Acceso Denegado'; `message` for the screens that word it their way. */
export async function requireAdmin(
  request: Request,
  message = "No tienes permisos para acceder al panel administrativo.",
) {
  const user = await requireUser(request);
  invariantResponse(user.role === "admin", message, { status: 403 });
  // Decision 163: an administrator's session must have passed the second step.
  if (!(await getSession(request)).get("secondFactor")) {
    throw redirect((await hasTwoFactor(user.id)) ? SECOND_STEP_PATH : SETUP_PATH);
  }
  return user;
}

/** Decision 163: the administrator's second step, and its setup the first time. */
export const SECOND_STEP_PATH = "/admin-access/verificar";
export const SETUP_PATH = "/admin-access/configurar";

export async function requireAnonymous(request: Request) {
  const user = await getUser(request);
  if (user) throw redirect(user.role === "admin" ? "/admin" : "/catalog");
}

/** How a sign-in came: the client's address (`context.clientIp`) and its second step. */
export type SignInOptions = {
  clientIp: string | null;
  secondFactor?: SecondFactorMethod;
  /** New recovery codes for /admin-access/codigos to show once (decision 163). */
  recoveryCodesToShow?: SessionData["recoveryCodesToShow"];
};

/**
 * Signs a user in on a fresh session id (no session fixation). Every sign-in path (form,
 * admin, Google) comes through here, so this is where the visitor's cart joins the account's
 * (D10, within stock). The guest id carries over (it also marks the visitor's guest orders).
 */
export async function createLoginSession(
  request: Request,
  user: AuthUser,
  redirectTo: string,
  toast: ToastInput | undefined,
  options: SignInOptions,
) {
  return redirect(redirectTo, { headers: await openLoginSession(request, user, toast, options) });
}

/**
 * createLoginSession's work without the redirect: the new session's Set-Cookie headers (the
 * JSON sign-in, POST /api/auth/login, answers with them). The session's row records its device
 * (browser and network, decision 164); this browser is remembered for the account (the
 * known-device cookie, decision 081), and a browser new to it, or any administrator's sign-in,
 * is told to the account by e-mail.
 */
export async function openLoginSession(
  request: Request,
  user: AuthUser,
  toast: ToastInput | undefined,
  options: SignInOptions,
) {
  const old = await getSession(request);
  const previousGuestId = old.get("guestId");
  const guestId = previousGuestId ?? crypto.randomUUID();
  if (previousGuestId) {
    const merged = await mergeGuestCart({ guestId: previousGuestId, userId: user.id });
    if (toast && merged.capped > 0) {
      toast = {
        ...toast,
        description: "Algunas cantidades de tu carrito se ajustaron al stock disponible.",
      };
    }
  }
  const headers = new Headers();
  if (old.id) headers.append("Set-Cookie", await destroySession(request, old));

  const device = sessionDevice(request.headers.get("User-Agent"), options.clientIp);
  const session = await startSessionOn(device);
  session.set("userId", user.id);
  session.set("guestId", guestId);
  if (options.secondFactor) {
    const method = options.secondFactor;
    // A remembered device proves nothing now: a dangerous act still asks for a code.
    const provedAt = method === "device" ? null : new Date().toISOString();
    session.set("secondFactor", { method, provedAt });
  }
  if (options.recoveryCodesToShow) {
    session.set("recoveryCodesToShow", options.recoveryCodesToShow);
  }
  if (toast) setToast(session, toast);
  headers.set("Set-Cookie", await commitSession(request, session));

  const account = await getUserById(user.id);
  if (account) {
    const newDevice = !(await isKnownDevice(request, account.email));
    headers.append("Set-Cookie", await rememberDevice(request, account.email, isHttps(request)));
    await noticeSignIn({ userId: user.id, device, newDevice });
  }
  return headers;
}

/** D33: logout is a POST; the session row is deleted on the server. */
export async function logout(request: Request, redirectTo = "/") {
  const session = await getSession(request);
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await destroySession(request, session) },
  });
}

export function homeFor(user: Pick<AuthUser, "role">) {
  return user.role === "admin" ? "/admin" : "/catalog";
}
