import crypto from "node:crypto";
import {
  createCookie,
  createSessionStorage,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import type { Toast } from "./toast";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export type { Toast };

export type SessionData = {
  userId: number;
  /** Stable id of a visitor's cart and guest orders (D10); survives sign-in. */
  guestId: string;
  /** D20: the coupon code applied on the cart or checkout, re-checked when the order is placed. */
  appliedCoupon: string;
};

export type SessionFlashData = {
  toast: Toast;
};

export type AppSession = Session<SessionData, SessionFlashData>;

/**
 * A request is on HTTPS when it reached us over TLS or through a proxy that says so.
 * Trusting X-Forwarded-Proto is harmless here: the worst a forged header does is make
 * the sender's own cookie Secure.
 */
export function isHttps(request: Request) {
  return (
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https"
  );
}

function createStorage(secure: boolean): SessionStorage<SessionData, SessionFlashData> {
  const cookie = createCookie("perfumeria_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Secure whenever served over HTTPS; a plain-HTTP LAN install must still sign in.
    secure,
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: getEnv().SESSION_SECRETS,
  });

  const expiry = (expires: Date | undefined) =>
    (expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)).toISOString();
  const userIdOf = (data: Partial<SessionData>) =>
    typeof data.userId === "number" ? data.userId : null;

  return createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data, expires) {
      const sid = crypto.randomBytes(24).toString("base64url");
      await db
        .insertInto("sessions")
        .values({
          sid,
          sess: JSON.stringify(data),
          expire: expiry(expires),
          userId: userIdOf(data),
        })
        .execute();
      return sid;
    },
    async readData(sid) {
      const row = await db
        .selectFrom("sessions")
        .select(["sess", "expire"])
        .where("sid", "=", sid)
        .executeTakeFirst();
      if (!row) return null;
      if (row.expire <= new Date().toISOString()) {
        await db.deleteFrom("sessions").where("sid", "=", sid).execute();
        return null;
      }
      return JSON.parse(row.sess);
    },
    async updateData(sid, data, expires) {
      // Upsert: a signed cookie whose row was deleted (logout elsewhere, expiry) reads as an
      // empty session; writing it back starts afresh and cannot restore the old sign-in.
      const values = {
        sess: JSON.stringify(data),
        expire: expiry(expires),
        userId: userIdOf(data),
      };
      await db
        .insertInto("sessions")
        .values({ sid, ...values })
        .onConflict((oc) => oc.column("sid").doUpdateSet(values))
        .execute();
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

export function getSession(request: Request) {
  const read = () => getSessionStorage(request).getSession(request.headers.get("Cookie"));
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let session = sessionOfRequest.get(request.signal);
  if (!session) {
    session = read();
    sessionOfRequest.set(request.signal, session);
  }
  return session;
}

export function commitSession(request: Request, session: AppSession) {
  return getSessionStorage(request).commitSession(session);
}

export function destroySession(request: Request, session: AppSession) {
  return getSessionStorage(request).destroySession(session);
}

/** Ends every session of a user (password changed, account blocked), except `keepSid`. */
export async function endUserSessions(userId: number, keepSid?: string) {
  let query = db.deleteFrom("sessions").where("userId", "=", userId);
  if (keepSid) query = query.where("sid", "!=", keepSid);
  await query.execute();
}

export async function deleteExpiredSessions() {
  await db.deleteFrom("sessions").where("expire", "<=", new Date().toISOString()).execute();
}

declare global {
  var __perfumeriaSessionSweep: NodeJS.Timeout | undefined;
}

// Expired rows are also removed when read; this sweeps the ones nobody comes back for.
globalThis.__perfumeriaSessionSweep ??= setInterval(
  () =>
    void deleteExpiredSessions().catch((error) => console.error("[sessions] sweep failed", error)),
  60 * 60 * 1000,
).unref();
