import { getSession, commitSession } from "~/web/session.server";

/*
 * Calling route loaders and actions in-process with real Requests: a same-origin form post
 * (guardAction checks Origin) and the session cookie of a signed-in user.
 */
export const ORIGIN = "http://tienda.test";

/**
 * A session cookie (name=value) holding the given values. A signed-in one has passed the second
 * step a moment ago (decision 163: what an administrator's sign-in leaves), unless
 * `secondFactor` is null (a customer made admin, a session from before the change).
 */
export async function sessionCookie(values: {
  userId?: number;
  guestId?: string;
  appliedCoupon?: string;
  secondFactor?: { method: "totp" | "device"; provedAt: string | null } | null;
}) {
  const request = new Request(`${ORIGIN}/`);
  const session = await getSession(request);
  if (values.userId !== undefined) {
    session.set("userId", values.userId);
    const secondFactor =
      values.secondFactor === undefined
        ? { method: "totp" as const, provedAt: new Date().toISOString() }
        : values.secondFactor;
    if (secondFactor) session.set("secondFactor", secondFactor);
  }
  if (values.guestId !== undefined) session.set("guestId", values.guestId);
  if (values.appliedCoupon !== undefined) session.set("appliedCoupon", values.appliedCoupon);
  return (await commitSession(request, session)).split(";")[0];
}

export function signedInCookie(userId: number) {
  return sessionCookie({ userId });
}

export function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The session cookie a response sets (name=value), or the one sent when it set none. */
export function sessionCookieOf(response: Response, fallback?: string) {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("perfumeria_session="));
  return cookie ? cookie.split(";")[0] : fallback;
}

/** The session behind a cookie: its guest id, user id, pending flash toast and checkout draft. */
export async function readSession(cookie: string | undefined) {
  const session = await getSession(get("/", cookie));
  return {
    guestId: session.get("guestId") ?? null,
    userId: session.get("userId") ?? null,
    toast: session.get("toast") ?? null,
    checkoutDraft: session.get("checkoutDraft") ?? null,
  };
}

/** Runs a loader or action and returns what it returned or threw, as a Response. */
export async function settle(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${typeof result}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
