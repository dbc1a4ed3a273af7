import type { Kysely } from "kysely";
import type { Database, Role } from "#db/types";
import { db } from "~/utils/db.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/utils/password.server";
import { loyaltyRulesFrom, type LoyaltyRules } from "./loyalty";
import { grantRegistrationBonus } from "./points-ledger.server";
import { getSettings } from "./settings.server";

/** The columns any page may see about the signed-in user (never the password hash). */
export const PUBLIC_USER_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "phone",
  "role",
  "isBlocked",
  "loyaltyPoints",
  "loyaltyTier",
  "favoriteAddress1",
  "favoriteAddress2",
  "googleId",
] as const;

export async function getUserById(id: number) {
  return db.selectFrom("users").select(PUBLIC_USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getUserById>>>;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function emailExists(email: string) {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return Boolean(row);
}

export class EmailTakenError extends Error {}

/** Registers a customer and grants the one-time registration bonus (D13). */
export async function createCustomer(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}) {
  const passwordHash = await hashPassword(input.password);
  const rules = loyaltyRulesFrom(await getSettings());
  return insertCustomer({ ...input, passwordHash, googleId: null }, rules);
}

async function insertCustomer(
  input: {
    email: string;
    passwordHash: string | null;
    googleId: string | null;
    firstName: string;
    lastName: string;
    phone: string | null;
  },
  rules: LoyaltyRules,
  executor: Kysely<Database> = db,
) {
  return executor.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalizeEmail(input.email))
      .executeTakeFirst();
    if (taken) throw new EmailTakenError("Ya existe una cuenta con este correo electrónico");
    const user = await trx
      .insertInto("users")
      .values({
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash,
        googleId: input.googleId,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        phone: input.phone,
        address: null,
        adminNotes: null,
        lastPurchaseDate: null,
        birthDate: null,
        favoriteAddress1: null,
        favoriteAddress2: null,
      })
      .returning(["id", "role"])
      .executeTakeFirstOrThrow();
    await grantRegistrationBonus(trx, user.id, rules);
    return user;
  });
}

export type LoginResult =
  { ok: true; user: { id: number; role: Role } } | { ok: false; reason: "invalid" | "blocked" };

/** Same work whether or not the e-mail exists, so timing does not reveal accounts. */
export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  const row = await db
    .selectFrom("users")
    .select(["id", "role", "passwordHash", "isBlocked"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!row?.passwordHash) {
    await verifyAgainstDummy(password);
    return { ok: false, reason: "invalid" };
  }
  if (!(await verifyPassword(password, row.passwordHash))) return { ok: false, reason: "invalid" };
  if (row.isBlocked) return { ok: false, reason: "blocked" };
  return { ok: true, user: { id: row.id, role: row.role } };
}

export type GoogleIdentity = {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

export class GoogleAccountConflictError extends Error {}

/**
 * Users are keyed by Google's subject id. An existing password account with the same
 * e-mail is not merged silently: whoever controls that Google account could otherwise
 * take over a store account they never proved they own.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity) {
  const existing = await db
    .selectFrom("users")
    .select(["id", "role", "isBlocked"])
    .where("googleId", "=", identity.googleId)
    .executeTakeFirst();
  if (existing) return existing;
  if (await emailExists(identity.email)) {
    throw new GoogleAccountConflictError(
      "Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.",
    );
  }
  const rules = loyaltyRulesFrom(await getSettings());
  const user = await insertCustomer(
    {
      email: identity.email,
      passwordHash: null,
      googleId: identity.googleId,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phone: null,
    },
    rules,
  );
  return { ...user, isBlocked: 0 as const };
}

export async function completeProfile(
  userId: number,
  input: {
    firstName: string;
    lastName: string;
    phone: string;
    favoriteAddress1: string;
    favoriteAddress2: string;
  },
) {
  await db
    .updateTable("users")
    .set({ ...input, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** A Google sign-up has no phone or address yet: /complete-profile asks for them. */
export function needsProfileCompletion(user: Pick<SessionUser, "phone" | "favoriteAddress1">) {
  return !user.phone || !user.favoriteAddress1;
}

/**
 * Sets a new password and ends every other session of the user: whoever else was signed
 * in with the old password is signed out (the current session, if given, stays).
 */
export async function changePassword(userId: number, newPassword: string, keepSid?: string) {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    let sessions = trx.deleteFrom("sessions").where("userId", "=", userId);
    if (keepSid) sessions = sessions.where("sid", "!=", keepSid);
    await sessions.execute();
  });
}

/** Blocking signs the user out everywhere at once (their sessions are deleted). */
export async function setBlocked(userId: number, blocked: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ isBlocked: blocked ? 1 : 0, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    if (blocked) await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
  });
}
