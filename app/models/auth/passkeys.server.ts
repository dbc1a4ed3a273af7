import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { db } from "~/utils/db.server";
import { deviceLabel } from "./devices";
import { getEnv } from "~/utils/env.server";
import { isUniqueViolation } from "~/utils/sql.server";
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_MAX_LENGTH,
  type ListedPasskey,
  type PasskeyRefusal,
} from "./passkeys";

/*
 * Issue 40, point 3 (decision 165): passkeys (WebAuthn) for customers and administrators. The
 * ceremonies' parsing and signature checks are SimpleWebAuthn's; the rules here are the
 * store's: who the relying party is (APP_URL), how many passkeys an account keeps, whose
 * credential an assertion may be, and that a signature count never goes back. The challenge is
 * the caller's to keep (the session) and to use once.
 */

export const RP_NAME = "Perfumería de Lujo";
/** How long a ceremony's challenge is good for. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** The relying party: the shop's address as customers reach it (APP_URL). */
export function relyingParty() {
  const url = new URL(getEnv().appUrl);
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

/** The WebAuthn user handle of an account: its id, no e-mail or name (the spec asks no PII). */
function userHandle(userId: number) {
  return new TextEncoder().encode(`u${userId}`);
}

function parseTransports(text: string): AuthenticatorTransport[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((item): item is AuthenticatorTransport => typeof item === "string")
      : [];
  } catch {
    return [];
  }
}

export async function listPasskeys(userId: number): Promise<ListedPasskey[]> {
  return db
    .selectFrom("passkeys")
    .select(["id", "name", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
}

async function countPasskeys(userId: number, executor = db) {
  const row = await executor
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Removes one of the account's passkeys; false when it is not theirs or no longer exists. */
export async function removePasskey({ id, userId }: { id: number; userId: number }) {
  const result = await db
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A name as typed, made tidy: no control characters, spaces collapsed, 60 characters. */
export function cleanPasskeyName(typed: string | null | undefined, fallback: string) {
  const name = (typed ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PASSKEY_NAME_MAX_LENGTH)
    .trim();
  return name || fallback.slice(0, PASSKEY_NAME_MAX_LENGTH);
}

/** The default name of a passkey added from this browser: "Chrome en Android". */
export function passkeyDeviceName(userAgent: string | null) {
  // The sessions list's names (devices.ts); a browser it cannot name gives the plain default.
  return userAgent ? deviceLabel(userAgent) : "Llave de acceso";
}

/**
 * The options for adding a passkey to an account: a discoverable credential (the sign-in then
 * needs no e-mail), user verification preferred, the account's passkeys excluded (the same
 * authenticator is not registered twice). Refused past MAX_PASSKEYS_PER_ACCOUNT.
 */
export async function passkeyRegistrationOptions(user: {
  id: number;
  email: string;
  displayName: string;
}): Promise<
  { ok: true; options: PublicKeyCredentialCreationOptionsJSON } | { ok: false; reason: "too-many" }
> {
  const existing = await db
    .selectFrom("passkeys")
    .select(["credentialId", "transports"])
    .where("userId", "=", user.id)
    .execute();
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) return { ok: false, reason: "too-many" };
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName || user.email,
    userID: userHandle(user.id),
    attestationType: "none",
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: parseTransports(row.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { ok: true, options };
}

/**
 * Checks a new passkey's attestation against the challenge the caller kept, and stores it. The
 * count is checked again in the write's transaction, so two tabs cannot pass the limit together.
 */
export async function registerPasskey(input: {
  userId: number;
  challenge: string;
  response: RegistrationResponseJSON;
  name: string;
  now?: Date;
}): Promise<{ ok: true; id: number } | { ok: false; reason: PasskeyRefusal }> {
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };
  const { credential } = verification.registrationInfo;
  const createdAt = (input.now ?? new Date()).toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await countPasskeys(input.userId, trx)) >= MAX_PASSKEYS_PER_ACCOUNT) {
        return { ok: false, reason: "too-many" } as const;
      }
      const row = await trx
        .insertInto("passkeys")
        .values({
          userId: input.userId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          name: input.name,
          createdAt,
          lastUsedAt: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, id: row.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "already-registered" };
    throw error;
  }
}

/** The options of a sign-in with any passkey of this shop: no account named, none listed. */
export async function passkeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty();
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
}

/** Who a verified passkey belongs to; the caller refuses a blocked account. */
export type PasskeyOwner = {
  id: number;
  email: string;
  role: "customer" | "admin";
  isBlocked: boolean;
};

/**
 * Checks a sign-in assertion against the challenge the caller kept: the credential must be a
 * stored passkey, the user handle (when the authenticator gives one) its owner's, the signature
 * the stored key's, and the signature count ahead of the stored one (or both 0: many passkeys
 * keep none). The count and the last use are written only if no other sign-in moved the count
 * meanwhile. `userVerified`: the authenticator checked a PIN, a fingerprint or a face.
 */
export async function verifyPasskeySignIn(input: {
  challenge: string;
  response: AuthenticationResponseJSON;
  now?: Date;
}): Promise<
  | { ok: true; user: PasskeyOwner; passkeyId: number; userVerified: boolean }
  | { ok: false; reason: "unknown" | "invalid" }
> {
  const credentialId = typeof input.response?.id === "string" ? input.response.id : "";
  if (!credentialId) return { ok: false, reason: "invalid" };
  const stored = await db
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.userId")
    .select([
      "passkeys.id",
      "passkeys.userId",
      "passkeys.credentialId",
      "passkeys.publicKey",
      "passkeys.counter",
      "passkeys.transports",
      "users.email",
      "users.role",
      "users.isBlocked",
    ])
    .where("passkeys.credentialId", "=", credentialId)
    .executeTakeFirst();
  if (!stored) return { ok: false, reason: "unknown" };
  const handle = input.response.response?.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandle(stored.userId))) {
    return { ok: false, reason: "invalid" };
  }
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: parseTransports(stored.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    // A bad signature, another origin or challenge, or a count that went back (a cloned key).
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };
  const { newCounter, userVerified } = verification.authenticationInfo;
  const updated = await db
    .updateTable("passkeys")
    .set({ counter: newCounter, lastUsedAt: (input.now ?? new Date()).toISOString() })
    .where("id", "=", stored.id)
    .where("counter", "=", stored.counter)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: "invalid" };
  return {
    ok: true,
    passkeyId: stored.id,
    userVerified,
    user: {
      id: stored.userId,
      email: stored.email,
      role: stored.role,
      isBlocked: Boolean(stored.isBlocked),
    },
  };
}
