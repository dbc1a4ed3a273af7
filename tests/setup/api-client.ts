import { afterAll, beforeAll, expect } from "vitest";
import type { ApiTokenLevel, ApiTokenScope } from "#db/types";
import { createApiToken } from "~/models/auth/api-tokens.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../db/factories/users";
import { startServer } from "./http-server";
import { signedInCookie } from "./route-helpers";

/*
 * The JSON API's tests talk real HTTP to the built server (one per test file, on the worker's
 * database): `api.call("POST", "/api/cart", { body, as })` with a caller made here, a token (as
 * an integration sends it) or a session cookie (as a browser on our own origin does).
 */

export type As = { token: string } | { cookie: string } | { anonymous: true } | undefined;

export type ApiAnswer = {
  status: number;
  headers: Headers;
  /** The parsed JSON body (a problem for errors), or null when there is none. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
};

export function useApiServer(env: Record<string, string> = {}) {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function call(
    method: string,
    path: string,
    options: {
      as?: As;
      body?: unknown;
      /** A raw body and its content type, for malformed-input tests. */
      raw?: { body: BodyInit; type?: string };
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiAnswer> {
    const headers = new Headers(options.headers);
    const as = options.as;
    if (as && "token" in as) headers.set("Authorization", `Bearer ${as.token}`);
    if (as && "cookie" in as) {
      headers.set("Cookie", as.cookie);
      headers.set("Origin", server.origin);
    }
    let body: BodyInit | undefined;
    if (options.raw) {
      body = options.raw.body;
      if (options.raw.type) headers.set("Content-Type", options.raw.type);
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    }
    const response = await fetch(server.baseUrl + path, {
      method,
      headers,
      body,
      redirect: "manual",
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  return {
    get baseUrl() {
      return server.baseUrl;
    },
    get origin() {
      return server.origin;
    },
    call,
    get: (path: string, options: Parameters<typeof call>[2] = {}) => call("GET", path, options),
  };
}

/** A new account and a token for it (read and write, at the account's level by default). */
export async function tokenFor(
  user: { id: number; role?: string },
  { scope = "write", level }: { scope?: ApiTokenScope; level?: ApiTokenLevel } = {},
) {
  const created = await createApiToken({
    name: "Prueba",
    userId: user.id,
    createdBy: user.id,
    scope,
    level: level ?? (user.role === "admin" ? "admin" : "customer"),
  });
  return { token: created.secret, id: created.id };
}

/** A customer, an admin and their callers: a token each and a session cookie each. */
export async function callers() {
  const customer = await createUser(db, { role: "customer" });
  const other = await createUser(db, { role: "customer" });
  const admin = await createUser(db, { role: "admin" });
  return {
    customer,
    other,
    admin,
    asCustomer: { token: (await tokenFor(customer)).token },
    asOther: { token: (await tokenFor(other)).token },
    asAdmin: { token: (await tokenFor(admin)).token },
    customerSession: { cookie: await signedInCookie(customer.id) },
    adminSession: { cookie: await signedInCookie(admin.id) },
  };
}

/**
 * Everyone an admin call must refuse, each with its status: a visitor (401), a customer's token
 * (403), an admin's read-only token (403, on writes) and an admin-level token of a customer's
 * account (403). `expectRefused(method, path, body)` asks as each and checks the problem.
 */
export function useAdminRefusals(api: ReturnType<typeof useApiServer>) {
  let refused: { as: As; status: number; writesOnly?: true }[] = [];
  beforeAll(async () => {
    const { admin, asCustomer } = await callers();
    const levelled = await createUser(db, { role: "customer" });
    refused = [
      { as: undefined, status: 401 },
      { as: asCustomer, status: 403 },
      {
        as: { token: (await tokenFor(admin, { scope: "read" })).token },
        status: 403,
        writesOnly: true,
      },
      { as: { token: (await tokenFor(levelled, { level: "admin" })).token }, status: 403 },
    ];
  });
  return async function expectRefused(method: string, path: string, body?: unknown) {
    for (const { as, status, writesOnly } of refused) {
      if (writesOnly && method === "GET") continue;
      const answer = await api.call(method, path, { as, body });
      // A write with no token and no Origin is refused before the call (403, not 401).
      const expected = as === undefined && method !== "GET" ? 403 : status;
      expect(answer.status, `${method} ${path} as ${JSON.stringify(as)}`).toBe(expected);
      expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
  };
}
