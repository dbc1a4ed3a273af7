import crypto from "node:crypto";
import {
  createCookie,
  createSession,
  createSessionStorage,
  type Cookie,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { requestOrigin } from "~/utils/security.server";
import type { Kysely } from "kysely";
import type { Database, Role } from "#db/types";
import type { Toast } from "~/utils/toast";
import type { SecondFactorMethod } from "~/models/auth/two-factor.server";
import type { SessionDevice } from "~/models/auth/devices";
import type { ShopOrderDraft } from "~/models/orders/shop-orders";

/*
 * Decision 084 (issue 19): a session ends after a time without use and after a longest life,
 * whichever comes first, by the role of its user now (a customer made admin keeps the session,
 * under the admin's limits from their next request). Guest sessions (a visitor's cart) are a
 * customer's. Use moves the row's last use and expiry forward, at most once a minute.
 */
export const SESSION_LIMITS = {
  admin: { idleSeconds: 30 * 60, lifeSeconds: 12 * 60 * 60 },
  customer: { idleSeconds: 30 * 24 * 60 * 60, lifeSeconds: 90 * 24 * 60 * 60 },
} as const;

/** How often use is written to the row (and the cookie's Max-Age sent again). */
export const SESSION_REFRESH_SECONDS = 60;

/** Over HTTPS the cookie is `__Host-`: Secure, Path=/, no Domain, so no subdomain can set it. */
export const SESSION_COOKIE_NAMES = {
  plain: "perfumeria_session",
  secure: "__Host-perfumeria_session",
} as const;

/** When a session ends: its idle period after its last use, or its life after it began. */
export function sessionExpiry(session: {
  role: Role | null;
  createdAt: string;
  lastSeenAt: string;
}) {
  const limits = SESSION_LIMITS[session.role === "admin" ? "admin" : "customer"];
  const end = Math.min(
    Date.parse(session.lastSeenAt) + limits.idleSeconds * 1000,
    Date.parse(session.createdAt) + limits.lifeSeconds * 1000,
  );
  // A time that does not parse ends the session rather than keeping it for ever.
  return new Date(Number.isNaN(end) ? 0 : end);
}

/**
 * Decision 131 (issue 37, item 11): the cookie's `Max-Age` is what is left of the session's
 * longest life, by its user's role (12 hours for an admin's at sign-in, 90 days for a customer's
 * or a guest's), so a copied cookie says what it is worth. Not the idle period: the row's idle
 * clock also moves on requests whose answers do not carry the cookie (resource routes, the API),
 * and a cookie must not die before its session. The end of a life never moves, so every renewal
 * names the same moment.
 */
export function sessionCookieMaxAge(
  session: { role: Role | null; createdAt: string },
  now = Date.now(),
) {
  const limits = SESSION_LIMITS[session.role === "admin" ? "admin" : "customer"];
  const end = Date.parse(session.createdAt) + limits.lifeSeconds * 1000;
  if (Number.isNaN(end)) return 0;
  // Rounded up: a cookie set in the millisecond its session began carries the whole life.
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export type { Toast };

export type SessionData = {
  userId: number;
  /** Stable id of a visitor's cart and guest orders (D10); survives sign-in. */
  guestId: string;
  /** D20: the coupon code applied on the cart or checkout, re-checked when the order is placed. */
  appliedCoupon: string;
  /** Decision 095: what the shopper typed at checkout, so a closed tab does not lose it. */
  checkoutDraft: { savedAt: string; fields: Record<string, string> };
  /** Decision 128: the page that asked for the verification e-mail, reopened by its link. */
  verifyReturnTo: string;
  /**
   * Decision 163: how this session's sign-in passed the second step (an administrator's), and
   * when a second factor was last proved in it (null for a remembered device): step-up reads it.
   */
  secondFactor: { method: SecondFactorMethod; provedAt: string | null };
  /** Decision 163: a right password waiting for its second step; no one is signed in yet. */
  pendingSignIn: { userId: number; startedAt: string; redirectTo: string; failures: number };
  /** Decision 163: the secret the setup shows, stored in the account only once a code confirms it. */
  twoFactorSetup: { userId: number; secret: string };
  /** Decision 163: new recovery codes, shown once by /admin-access/codigos and then removed. */
  recoveryCodesToShow: { codes: string[]; next: string };
  /** Decision 167: the order an administrator is taking for a customer, step by step. */
  shopOrderDraft: ShopOrderDraft;
  /**
   * Decision 165: the challenge of the passkey ceremony under way, kept here and not by the
   * browser, used once and for 5 minutes. A new ceremony overwrites it; `userId` is the
   * account adding a passkey (null for a sign-in).
   */
  passkeyChallenge: {
    challenge: string;
    purpose: "register" | "sign-in";
    userId: number | null;
    expiresAt: string;
  };
};

export type SessionFlashData = {
  toast: Toast;
};

export type AppSession = Session<SessionData, SessionFlashData>;

/**
 * A request is on HTTPS when it reached us over TLS or through the local proxy that says so
 * (scripts/server.mjs believes X-Forwarded-Proto from the proxy only, decision 080).
 */
export function isHttps(request: Request) {
  return requestOrigin(request).startsWith("https:");
}

/**
 * Rows whose use readData just wrote, by sid, with the cookie's Max-Age then, for getSession to
 * tell the request to send the cookie again (readData knows no request). Entries nobody takes
 * (remix-auth reads the session itself) are dropped after a few seconds.
 */
const refreshedSids = new Map<string, { at: number; maxAge: number }>();

function markRefreshed(sid: string, now: number, maxAge: number) {
  for (const [old, { at }] of refreshedSids) {
    if (now - at < 10_000) break;
    refreshedSids.delete(old);
  }
  refreshedSids.delete(sid);
  refreshedSids.set(sid, { at: now, maxAge });
}

async function roleOf(userId: number | null, executor: Kysely<Database> = db) {
  if (userId === null) return null;
  const user = await executor
    .selectFrom("users")
    .select("role")
    .where("id", "=", userId)
    .executeTakeFirst();
  return user?.role ?? null;
}

const cookies = new Map<boolean, Cookie>();

function sessionCookie(secure: boolean) {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(secure ? SESSION_COOKIE_NAMES.secure : SESSION_COOKIE_NAMES.plain, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      // Secure whenever served over HTTPS; a plain-HTTP LAN install must still sign in.
      // No Max-Age here: each Set-Cookie gives its session's own (sessionCookieMaxAge).
      secure,
      secrets: getEnv().SESSION_SECRETS,
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

function userIdOf(data: Partial<SessionData>) {
  return typeof data.userId === "number" ? data.userId : null;
}

/**
 * Writes a session's data to its row: `dataFor` gets the row's data as it is now (null when there
 * is no row) and says what to write. Upsert: a signed cookie whose row was deleted (logout
 * elsewhere, expiry) reads as an empty session; writing it back starts afresh and cannot
 * restore the old sign-in. Returns what the cookie's Max-Age is computed from.
 */
async function writeSessionRow(
  executor: Kysely<Database>,
  sid: string,
  dataFor: (current: Record<string, unknown> | null) => object,
) {
  const existing = await executor
    .selectFrom("sessions")
    .select(["sess", "createdAt"])
    .where("sid", "=", sid)
    .executeTakeFirst();
  const data = dataFor(existing ? (JSON.parse(existing.sess) as Record<string, unknown>) : null);
  const userId = userIdOf(data);
  const role = await roleOf(userId, executor);
  const now = new Date().toISOString();
  const times = { createdAt: existing?.createdAt ?? now, lastSeenAt: now };
  const values = {
    sess: JSON.stringify(data),
    expire: sessionExpiry({ role, ...times }).toISOString(),
    userId,
    lastSeenAt: now,
  };
  await executor
    .insertInto("sessions")
    .values({ sid, ...values, createdAt: times.createdAt })
    .onConflict((oc) => oc.column("sid").doUpdateSet(values))
    .execute();
  return { role, createdAt: times.createdAt };
}

function newSid() {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * A new, empty session whose row records the device it began on (decision 164): a sign-in's.
 * Committing it writes its data onto that row, which keeps the device.
 */
export async function startSessionOn(device: SessionDevice): Promise<AppSession> {
  const sid = newSid();
  const now = new Date().toISOString();
  const times = { createdAt: now, lastSeenAt: now };
  await db
    .insertInto("sessions")
    .values({
      sid,
      sess: "{}",
      expire: sessionExpiry({ role: null, ...times }).toISOString(),
      userId: null,
      ...times,
      ...device,
    })
    .execute();
  return createSession<SessionData, SessionFlashData>(undefined, sid);
}

function createStorage(secure: boolean): SessionStorage<SessionData, SessionFlashData> {
  return createSessionStorage<SessionData, SessionFlashData>({
    cookie: sessionCookie(secure),
    async createData(data) {
      const sid = newSid();
      const now = new Date().toISOString();
      const userId = userIdOf(data);
      const times = { createdAt: now, lastSeenAt: now };
      await db
        .insertInto("sessions")
        .values({
          sid,
          sess: JSON.stringify(data),
          expire: sessionExpiry({ role: await roleOf(userId), ...times }).toISOString(),
          userId,
          ...times,
        })
        .execute();
      return sid;
    },
    async readData(sid) {
      const row = await db
        .selectFrom("sessions")
        .leftJoin("users", "users.id", "sessions.userId")
        .select(["sessions.sess", "sessions.createdAt", "sessions.lastSeenAt", "users.role"])
        .where("sessions.sid", "=", sid)
        .executeTakeFirst();
      if (!row) return null;
      const now = Date.now();
      if (sessionExpiry(row).getTime() <= now) {
        await db.deleteFrom("sessions").where("sid", "=", sid).execute();
        return null;
      }
      if (now - Date.parse(row.lastSeenAt) >= SESSION_REFRESH_SECONDS * 1000) {
        const lastSeenAt = new Date(now).toISOString();
        await db
          .updateTable("sessions")
          .set({ lastSeenAt, expire: sessionExpiry({ ...row, lastSeenAt }).toISOString() })
          .where("sid", "=", sid)
          .execute();
        markRefreshed(sid, now, sessionCookieMaxAge(row, now));
      }
      return JSON.parse(row.sess);
    },
    async updateData(sid, data) {
      await writeSessionRow(db, sid, () => data);
    },
    async deleteData(sid) {
      await db.deleteFrom("sessions").where("sid", "=", sid).execute();
    },
  });
}

const storages = new Map<boolean, SessionStorage<SessionData, SessionFlashData>>();

export function getSessionStorage(request: Request) {
  const secure = isHttps(request);
  let storage = storages.get(secure);
  if (!storage) {
    storage = createStorage(secure);
    storages.set(secure, storage);
  }
  return storage;
}

/*
 * A page's loaders (the root's, the layout's, the route's) each read the session. Remix hands
 * each loader its own Request (it strips `?index` and `?_data`) but they all carry the request's
 * one AbortSignal, so a GET reads the row and checks the cookie's signature once and its loaders
 * share the session (they only read it; the root takes the toast). A POST's action and loaders
 * each read their own, as before: an action changes the session (sign-in, a guest id).
 */
const sessionOfRequest = new WeakMap<AbortSignal, Promise<AppSession>>();

/** The sessions whose use a request wrote, for entry.server to send their cookie again. */
const refreshedOfRequest = new WeakMap<
  AbortSignal,
  { sid: string; secure: boolean; maxAge: number }
>();

/*
 * Two requests of one shopper often overlap (the checkout's draft is posted as the page is left
 * while the next page's request runs; two tabs), and each writes the whole session back. So
 * that the later write does not undo the earlier one (a toast set meanwhile, a draft saved), a
 * session read through getSession remembers what it held, and commitSession writes only the
 * keys this request changed onto the row as it is now, in one transaction (decision 117).
 */
const asRead = new WeakMap<AppSession, Map<string, string>>();

function snapshot(data: object) {
  return new Map(Object.entries(data).map(([key, value]) => [key, JSON.stringify(value)]));
}

/**
 * The row's data after this request's changes: the keys it set, changed or removed since it
 * read `base` are applied to `current`; every other key is as `current` has it.
 */
export function mergeSessionData(
  base: Map<string, string>,
  mine: Record<string, unknown>,
  current: Record<string, unknown>,
) {
  const merged = { ...current };
  for (const key of new Set([...base.keys(), ...Object.keys(mine)])) {
    const value = mine[key];
    const written = value === undefined ? undefined : JSON.stringify(value);
    if (written === base.get(key)) continue;
    if (written === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Where Remix keeps a flash value until it is read. */
const FLASH_TOAST = "__flash_toast__";

/**
 * Whether the toast the session holds is the one it held when this request read it. A GET's
 * loaders share one session: when one of them redirects with a toast (the e-mail link) while the
 * root loader runs, the root must leave that toast for the page it redirects to.
 */
export function holdsToastAsRead(session: AppSession) {
  const held = session.data[FLASH_TOAST as keyof SessionData];
  return held !== undefined && JSON.stringify(held) === asRead.get(session)?.get(FLASH_TOAST);
}

export function getSession(request: Request) {
  const read = async () => {
    const session = await getSessionStorage(request).getSession(request.headers.get("Cookie"));
    if (session.id) asRead.set(session, snapshot(session.data));
    const refreshed = session.id ? refreshedSids.get(session.id) : undefined;
    if (session.id && refreshed) {
      refreshedSids.delete(session.id);
      refreshedOfRequest.set(request.signal, {
        sid: session.id,
        secure: isHttps(request),
        maxAge: refreshed.maxAge,
      });
    }
    return session;
  };
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let session = sessionOfRequest.get(request.signal);
  if (!session) {
    session = read();
    sessionOfRequest.set(request.signal, session);
  }
  return session;
}

/**
 * The Set-Cookie that renews the cookie's Max-Age when this request's use of its session was
 * written (at most once a minute), or null. entry.server adds it to documents and data
 * requests that do not set the cookie already.
 */
export async function refreshedSessionCookie(request: Request) {
  const refreshed = refreshedOfRequest.get(request.signal);
  if (!refreshed) return null;
  refreshedOfRequest.delete(request.signal);
  return sessionCookie(refreshed.secure).serialize(refreshed.sid, { maxAge: refreshed.maxAge });
}

const SESSION_COOKIE = new RegExp(
  `(?:^|[;,]\\s*)(?:${SESSION_COOKIE_NAMES.plain}|${SESSION_COOKIE_NAMES.secure})=`,
);

/** Whether a request carries a session cookie (either name), valid or not. */
export function hasSessionCookie(request: Request) {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

/** Whether a response sets (or clears) the session cookie. */
export function setsSessionCookie(headers: Headers) {
  return SESSION_COOKIE.test(headers.get("Set-Cookie") ?? "");
}

export async function commitSession(request: Request, session: AppSession) {
  const base = asRead.get(session);
  if (!session.id || !base) {
    // A new session begins now (createData); one not read here keeps its row's beginning.
    const row = session.id
      ? await db
          .selectFrom("sessions")
          .select("createdAt")
          .where("sid", "=", session.id)
          .executeTakeFirst()
      : undefined;
    const createdAt = row?.createdAt ?? new Date().toISOString();
    const maxAge = sessionCookieMaxAge({ role: await roleOf(userIdOf(session.data)), createdAt });
    return getSessionStorage(request).commitSession(session, { maxAge });
  }
  const sid = session.id;
  const written = await db
    .transaction()
    .execute((trx) =>
      writeSessionRow(trx, sid, (current) => mergeSessionData(base, session.data, current ?? {})),
    );
  // What is written is now what this request holds: a second commit merges from there.
  asRead.set(session, snapshot(session.data));
  return sessionCookie(isHttps(request)).serialize(sid, {
    maxAge: sessionCookieMaxAge(written),
  });
}

export function destroySession(request: Request, session: AppSession) {
  return getSessionStorage(request).destroySession(session);
}
