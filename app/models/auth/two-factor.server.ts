import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";

/*
 * Issue 40, decision 162: an administrator's second factor. A time-based one-time code (RFC
 * 6238: six digits, 30 s, HMAC-SHA-1, what every authenticator app reads from a QR code),
 * computed by otpauth; ten single-use recovery codes, kept as hashes; and the clock that asks
 * for a fresh code before a dangerous act. The rules only: the account's columns, the sign-in
 * step and the pages come with the issue's next parts.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/**
 * A code of the step before or after the current one is taken too: a phone's clock drifts, and
 * a code is often typed as it changes. Two steps away is refused.
 */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The dangerous acts ask for a code again when the last one is older than this. */
export const STEP_UP_MINUTES = 10;

/**
 * How a sign-in passed its second step: a code of the app, a recovery code, a passkey (both
 * factors at once), or a device remembered for 30 days after one of those.
 */
export type SecondFactorMethod = "totp" | "recovery" | "passkey" | "device";

const ISSUER = "Perfumería de Lujo";

function totp(secret: string, account = "") {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new secret: 160 random bits (RFC 4226's recommendation), in base32 as the apps type it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address the QR code carries, naming the shop and the account. */
export function totpUri({ secret, account }: { secret: string; account: string }): string {
  return totp(secret, account).toString();
}

/** The step a moment falls in: the number of whole periods since 1970. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step of `secret`'s code that `code` is, within the window around `now`; null when it is
 * none of them, is not six digits, or belongs to `lastStep` or an earlier one. The caller stores
 * the step it accepted as the next `lastStep`, so a code seen over a shoulder or in a proxy's log
 * cannot be used a second time.
 */
export function verifyTotp({
  secret,
  code,
  now,
  lastStep = null,
}: {
  secret: string;
  code: string;
  now: Date;
  lastStep?: number | null;
}): number | null {
  const token = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/* Recovery codes: twelve characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A recovery code as the shopper may type it: any case, with or without the dash and spaces. */
function normalized(code: string) {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

/**
 * The hash a recovery code is stored as. Twelve characters of 31 are 59 random bits: too many to
 * try one by one from a stolen hash, so a fast hash keeps them as safe as a slow one would.
 */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normalized(code)).digest("hex");
}

/** Ten new codes ("K7QX-M2PA-9RTW"), shown once, and their hashes, which are what is stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 12 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    ).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/**
 * Which stored code `typed` is (its index), or -1. A used code's hash is replaced by null by the
 * caller, in the same write that signs in, so each code works once.
 */
export function matchRecoveryCode(hashes: readonly (string | null)[], typed: string): number {
  const given = Buffer.from(hashRecoveryCode(typed), "hex");
  let found = -1;
  hashes.forEach((hash, index) => {
    // Every stored hash is compared, in constant time: the answer takes as long either way.
    if (hash !== null && crypto.timingSafeEqual(Buffer.from(hash, "hex"), given)) found = index;
  });
  return found;
}

/** Whether a dangerous act must ask for a code: none yet, or the last is over 10 minutes old. */
export function needsStepUp(lastVerifiedAt: Date | null, now: Date): boolean {
  if (lastVerifiedAt === null) return true;
  return now.getTime() - lastVerifiedAt.getTime() > STEP_UP_MINUTES * 60 * 1000;
}

/*
 * The account's factor, as stored (decision 163). A secret is stored only once it was
 * confirmed by a code: the setup keeps it in the session until then.
 */

/** Whether an account has set up its time-based code. */
export async function hasTwoFactor(userId: number, executor: Kysely<Database> = db) {
  const row = await executor
    .selectFrom("twoFactors")
    .select("userId")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the account set up its code and how many recovery codes it has left; null without one. */
export async function twoFactorStatus(userId: number) {
  const row = await db
    .selectFrom("twoFactors")
    .select(["createdAt", "recoveryCodes"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const hashes = JSON.parse(row.recoveryCodes) as (string | null)[];
  return { since: row.createdAt, recoveryCodesLeft: hashes.filter((h) => h !== null).length };
}

export type EnableResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: "wrong-code" | "already-enabled" };

/**
 * Stores the secret the setup showed, once a code of it is typed: its step is remembered (so the
 * same code cannot sign in right after) and ten recovery codes are made, returned once.
 */
export async function enableTwoFactor(input: {
  userId: number;
  secret: string;
  code: string;
  now: Date;
}): Promise<EnableResult> {
  const step = verifyTotp({ secret: input.secret, code: input.code, now: input.now });
  if (step === null) return { ok: false, reason: "wrong-code" };
  const { codes, hashes } = newRecoveryCodes();
  const inserted = await db
    .insertInto("twoFactors")
    .values({
      userId: input.userId,
      secret: input.secret,
      lastStep: step,
      recoveryCodes: JSON.stringify(hashes),
      createdAt: input.now.toISOString(),
    })
    .onConflict((oc) => oc.column("userId").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    return { ok: false, reason: "already-enabled" };
  }
  return { ok: true, recoveryCodes: codes };
}

/**
 * Checks a code typed at the second step or for a dangerous act: a code of the app (within the
 * window, never one already taken) or one of the recovery codes (then spent). The row is read
 * and written in one transaction, so two requests cannot both take the same code.
 */
export async function checkSecondFactor(input: {
  userId: number;
  code: string;
  now: Date;
}): Promise<{ ok: true; method: "totp" | "recovery" } | { ok: false }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("twoFactors")
      .select(["secret", "lastStep", "recoveryCodes"])
      .where("userId", "=", input.userId)
      .executeTakeFirst();
    if (!row) return { ok: false } as const;
    const step = verifyTotp({
      secret: row.secret,
      code: input.code,
      now: input.now,
      lastStep: row.lastStep,
    });
    if (step !== null) {
      // Only a later step is written: a concurrent request that took a later one keeps it.
      const taken = await trx
        .updateTable("twoFactors")
        .set({ lastStep: step })
        .where("userId", "=", input.userId)
        .where((eb) => eb.or([eb("lastStep", "is", null), eb("lastStep", "<", step)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1
        ? ({ ok: true, method: "totp" } as const)
        : ({ ok: false } as const);
    }
    const hashes = JSON.parse(row.recoveryCodes) as (string | null)[];
    const index = matchRecoveryCode(hashes, input.code);
    if (index === -1) return { ok: false } as const;
    hashes[index] = null;
    const spent = await trx
      .updateTable("twoFactors")
      .set({ recoveryCodes: JSON.stringify(hashes) })
      .where("userId", "=", input.userId)
      .where("recoveryCodes", "=", row.recoveryCodes)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1
      ? ({ ok: true, method: "recovery" } as const)
      : ({ ok: false } as const);
  });
}

/** Ten new recovery codes in place of the old ones (all of them, used or not); shown once. */
export async function renewRecoveryCodes(userId: number): Promise<string[] | null> {
  const { codes, hashes } = newRecoveryCodes();
  const renewed = await db
    .updateTable("twoFactors")
    .set({ recoveryCodes: JSON.stringify(hashes) })
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1 ? codes : null;
}

/**
 * Removes an account's code and remembered devices: an administrator who lost both phone and
 * recovery codes is reset by another administrator, and sets up a new one at the next sign-in.
 */
export async function resetTwoFactor(userId: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("twoFactors").where("userId", "=", userId).execute();
    await trx.deleteFrom("trustedDevices").where("userId", "=", userId).execute();
  });
}
