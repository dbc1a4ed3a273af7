import { forgetTrustedDevices } from "~/models/auth/trusted-devices.server";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, Role, UserTokenPurpose } from "#db/types";
import { db } from "~/utils/db.server";
import {
  HASHING_BUSY,
  hashPassword,
  isHashingBusy,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "~/utils/password.server";
import { loyaltyRulesFrom, type LoyaltyRules } from "~/models/loyalty/loyalty";
import { REGISTRATION_CLOSED, type DeleteAccountRefusal } from "./users";
import { grantRegistrationBonus } from "~/models/loyalty/points-ledger.server";
import { deleteReviewsByUser } from "~/models/reviews/moderation.server";
import { getSettings } from "~/models/settings/settings.server";
import { endUserSessions } from "~/models/auth/sessions.server";
import { revokeAccountTokens } from "~/models/auth/api-tokens.server";
import { getMailContext } from "~/models/mail/context.server";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import type { EmailContent } from "~/models/mail/layout.server";
import { getEnv } from "~/utils/env.server";
import { queueVerificationEmail, verificationEnforced } from "./email-verification.server";
import { isUniqueViolation } from "~/utils/sql.server";
import { passwordChecks, signUpAttemptNotices } from "~/utils/public-form-limits.server";

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
  "emailVerifiedAt",
] as const;

export async function getUserById(id: number) {
  return db.selectFrom("users").select(PUBLIC_USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getUserById>>>;

/** The account with this e-mail (compared as stored: trimmed, lower case), or undefined. */
export async function getUserByEmail(email: string) {
  return db
    .selectFrom("users")
    .select(PUBLIC_USER_COLUMNS)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

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

/**
 * Registers a customer and grants the one-time registration bonus (D13). The address is not
 * verified yet; with `verifyWith` the verification e-mail is queued in the same transaction
 * (decision 106).
 */
export async function createCustomer(
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    phone: string | null;
  },
  { verifyWith }: { verifyWith?: MailContext | null } = {},
) {
  const created = await addCustomer(input, verifyWith);
  // The callers (tests, scripts) bring a new address: a taken one is their mistake.
  if (!created.ok) throw new Error("Ya existe una cuenta con este correo electrónico");
  return created.user;
}

/** createCustomer's work, refused ("email-taken") for an address that has an account. */
async function addCustomer(
  input: Parameters<typeof createCustomer>[0],
  verifyWith: MailContext | null | undefined,
) {
  const passwordHash = await hashPassword(input.password);
  const rules = loyaltyRulesFrom(await getSettings());
  return insertCustomer(
    { ...input, passwordHash, googleId: null, emailVerifiedAt: null },
    rules,
    db,
    verifyWith
      ? (trx, user) =>
          queueVerificationEmail(trx, verifyWith, {
            id: user.id,
            email: normalizeEmail(input.email),
            firstName: input.firstName.trim(),
          })
      : undefined,
  );
}

/**
 * A sign-up from /register (decision 082). A new address gets an account; an address that
 * already has one gets nothing, and its owner is told someone tried. The password is hashed
 * first either way, so neither the answer nor its timing tells the two apart.
 */
export async function registerCustomer(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}): Promise<"created" | "address-taken"> {
  // Decision 106: read before the account's transaction (it holds SQLite's one connection).
  const verifyWith = verificationEnforced(await getSettings()) ? await getMailContext() : null;
  try {
    const created = await addCustomer(input, verifyWith);
    if (created.ok) return "created";
  } catch (error) {
    // The read-then-insert runs in one transaction; a second worker racing for the same new
    // address meets the UNIQUE index instead.
    if (!isUniqueViolation(error)) throw error;
  }
  await tellOwnerOfSignUpAttempt(input.email);
  return "address-taken";
}

/**
 * Decision 082's warning to an address's owner: someone tried to open an account with it. Sent
 * only with SMTP (like a reset link, decision 105: nobody but the owner could act on it), never
 * to a blocked account, and at most once a day (signUpAttemptNotices). The sign-up answered the
 * same before this runs, and its password hash dwarfs these reads and inserts.
 */
export async function tellOwnerOfSignUpAttempt(email: string) {
  if (getEnv().smtp === null) return;
  const context = await getMailContext();
  const owner = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "isBlocked"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!owner || owner.isBlocked) return;
  if (!(await signUpAttemptNotices.consume(owner.email))) return;
  await queueEmail(db, context, {
    to: owner.email,
    kind: "sign_up_attempt",
    content: signUpAttemptEmail(context.shop.name, context.shop.url, owner.firstName),
  });
}

export function signUpAttemptEmail(
  shopName: string,
  shopUrl: string,
  firstName: string,
): EmailContent {
  return {
    subject: "Alguien intentó crear una cuenta con tu correo",
    preheader: "Tu cuenta sigue igual. Si fuiste tú, inicia sesión.",
    blocks: [
      { kind: "heading", text: "Ya tienes una cuenta con este correo" },
      {
        kind: "paragraph",
        text: `${firstName ? `Hola, ${firstName}: a` : "A"}lguien intentó crear una cuenta en ${shopName} con tu correo. Como ya tienes una, no creamos otra y tu cuenta sigue igual.`,
      },
      { kind: "button", label: "Iniciar sesión", url: `${shopUrl}/login` },
      {
        kind: "paragraph",
        text: "¿No recuerdas tu contraseña? Pide un enlace para crear una nueva:",
      },
      { kind: "button", label: "Olvidé mi contraseña", url: `${shopUrl}/forgot-password` },
      {
        kind: "note",
        text: "Si no fuiste tú, no tienes que hacer nada: nadie puede entrar a tu cuenta sin tu contraseña.",
      },
    ],
  };
}

async function insertCustomer(
  input: {
    email: string;
    passwordHash: string | null;
    googleId: string | null;
    firstName: string;
    lastName: string;
    phone: string | null;
    emailVerifiedAt: string | null;
  },
  rules: LoyaltyRules,
  executor: Kysely<Database> = db,
  alongside?: (trx: Transaction<Database>, user: { id: number }) => Promise<unknown>,
): Promise<{ ok: true; user: { id: number; role: Role } } | { ok: false; error: "email-taken" }> {
  return executor.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", normalizeEmail(input.email))
      .executeTakeFirst();
    if (taken) return { ok: false, error: "email-taken" } as const;
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
        emailVerifiedAt: input.emailVerifiedAt,
      })
      .returning(["id", "role"])
      .executeTakeFirstOrThrow();
    await grantRegistrationBonus(trx, user.id, rules);
    await alongside?.(trx, user);
    return { ok: true, user } as const;
  });
}

export type LoginResult =
  | { ok: true; user: { id: number; role: Role } }
  | { ok: false; reason: Extract<SignInRefusalCode, "invalid_credentials" | "blocked"> };

/** Why a sign-in was refused: what the sign-in routes decide on, never the message's text. */
export const SIGN_IN_REFUSALS = {
  invalid_credentials: "Credenciales incorrectas",
  blocked: "Tu cuenta está bloqueada. Contacta a soporte para más información.",
  google_email_unverified: "Tu cuenta de Google no tiene un correo verificado.",
  google_email_taken: "Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.",
  registrations_closed: REGISTRATION_CLOSED,
  /** The password hashing queue was full (decision 082): the server's fault, not a guess. */
  busy: HASHING_BUSY,
} as const;

export type SignInRefusalCode = keyof typeof SIGN_IN_REFUSALS;

/**
 * Same work whether or not the e-mail exists, so timing does not reveal accounts. A full
 * hashing queue (decision 082) throws its 503, the server's fault rather than a refusal.
 */
export async function verifyLogin(email: string, password: string): Promise<LoginResult> {
  return checkLogin(email, password);
}

async function checkLogin(email: string, password: string): Promise<LoginResult> {
  const row = await db
    .selectFrom("users")
    .select(["id", "role", "passwordHash", "isBlocked"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!row?.passwordHash) {
    await verifyAgainstDummy(password);
    return { ok: false, reason: "invalid_credentials" };
  }
  if (!(await verifyPassword(password, row.passwordHash)))
    return { ok: false, reason: "invalid_credentials" };
  if (row.isBlocked) return { ok: false, reason: "blocked" };
  if (needsRehash(row.passwordHash)) await upgradeHash(row.id, row.passwordHash, password);
  return { ok: true, user: { id: row.id, role: row.role } };
}

/**
 * Decision 155: a password hashed with scrypt before argon2id is stored again as argon2id by the
 * sign-in that proved it, unless the password changed meanwhile. A full hashing queue leaves it
 * for the next sign-in: the upgrade never refuses one.
 */
async function upgradeHash(userId: number, oldHash: string, password: string) {
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (error) {
    if (isHashingBusy(error)) return;
    throw error;
  }
  await db
    .updateTable("users")
    .set({ passwordHash })
    .where("id", "=", userId)
    .where("passwordHash", "=", oldHash)
    .execute();
}

export type GoogleIdentity = {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/**
 * Users are keyed by Google's subject id. An existing password account with the same
 * e-mail is not merged silently: whoever controls that Google account could otherwise
 * take over a store account they never proved they own. A new account follows the same
 * allowRegistrations rule as /register; an existing one signs in regardless.
 */
export async function findOrCreateGoogleUser(
  identity: GoogleIdentity,
): Promise<
  | { ok: true; user: { id: number; role: Role; isBlocked: 0 | 1 } }
  | { ok: false; error: Extract<SignInRefusalCode, "google_email_taken" | "registrations_closed"> }
> {
  const existing = await db
    .selectFrom("users")
    .select(["id", "role", "isBlocked"])
    .where("googleId", "=", identity.googleId)
    .executeTakeFirst();
  if (existing) return { ok: true, user: existing };
  if (await emailExists(identity.email)) return { ok: false, error: "google_email_taken" };
  const settings = await getSettings();
  if (!settings.allowRegistrations) return { ok: false, error: "registrations_closed" };
  const rules = loyaltyRulesFrom(settings);
  const created = await insertCustomer(
    {
      email: identity.email,
      passwordHash: null,
      googleId: identity.googleId,
      firstName: identity.firstName,
      lastName: identity.lastName,
      phone: null,
      // Google vouched for the address (decision 106).
      emailVerifiedAt: new Date().toISOString(),
    },
    rules,
  );
  if (!created.ok) return { ok: false, error: "google_email_taken" };
  return { ok: true, user: { ...created.user, isBlocked: 0 } };
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
 * Every password change goes through here: the customer's own (/profile/security and its API,
 * through `changeOwnPassword`), an admin's (`resetUserPassword`) and a reset link's
 * (`resetPassword`). It hashes the password first (a hash waits for the gate, never inside a
 * transaction), then in one transaction writes it, runs `alongside` (what the caller records
 * with it: the admin's activity log, the reset link spent) and then `afterPasswordChange`
 * (the other sessions, the unused reset links and every API token of the account end).
 * False when the user no longer exists (nothing is written).
 */
export async function changePassword(
  userId: number,
  newPassword: string,
  keepSid?: string,
  options: {
    executor?: Kysely<Database>;
    alongside?: (trx: Transaction<Database>) => Promise<unknown>;
  } = {},
): Promise<boolean> {
  const { executor = db, alongside } = options;
  const passwordHash = await hashPassword(newPassword);
  return executor.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    await alongside?.(trx);
    await afterPasswordChange(trx, userId, { keepSid });
    return true;
  });
}

/**
 * What every password change ends, in its transaction (issue 37, item 5; decision 129): the
 * user's other sessions (whoever was signed in with the old password; `keepSid`, the session
 * that made the change, stays), every reset link not yet used, so a link mailed before the
 * change cannot set another password after it, every API token (decision 131), and every device
 * remembered for the second step (decision 163). Whatever else a new password must end belongs
 * here too.
 */
export async function afterPasswordChange(
  trx: Kysely<Database>,
  userId: number,
  { keepSid }: { keepSid?: string } = {},
) {
  await endUserSessions(userId, { keepSid, executor: trx });
  await deleteUnusedLinks(trx, userId, ["password_reset"]);
  // A token handed out under the old password ends with it (decision 131).
  await revokeAccountTokens(userId, trx);
  await forgetTrustedDevices(userId, { executor: trx });
}

/**
 * What every change of an account's sign-in e-mail ends, in its transaction (decision 129): the
 * reset and verification links not yet used, which were mailed to the address it had before.
 */
export async function afterEmailChange(trx: Kysely<Database>, userId: number) {
  await deleteUnusedLinks(trx, userId, ["password_reset", "email_verification"]);
  // The account's API tokens were made for the old address (decision 131).
  await revokeAccountTokens(userId, trx);
}

async function deleteUnusedLinks(
  trx: Kysely<Database>,
  userId: number,
  purposes: UserTokenPurpose[],
) {
  await trx
    .deleteFrom("userTokens")
    .where("userId", "=", userId)
    .where("purpose", "in", purposes)
    .where("usedAt", "is", null)
    .execute();
}

export type ProfileChanges = Partial<{
  firstName: string;
  lastName: string;
  phone: string | null;
  favoriteAddress1: string | null;
  favoriteAddress2: string | null;
}>;

/**
 * The customer's own details (/profile, /account/addresses): only the fields given change. The
 * sign-in e-mail is not one of them: it changes through `requestEmailChange` (decision 129).
 */
export async function updateProfile(userId: number, changes: ProfileChanges) {
  await db
    .updateTable("users")
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** Whether the account signs in with a password (a Google sign-up has none until it sets one). */
export async function hasPassword(userId: number) {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.passwordHash);
}

export type PasswordCheck = "ok" | "missing" | "wrong-password" | "no-password" | "too-many";

/**
 * The customer's current password, asked before a sensitive change of their own account (a new
 * password, a new sign-in e-mail, deleting it; decision 129). Ten checks an hour per account,
 * shared by every worker, so a borrowed session cannot guess it. "no-password": an account made
 * with Google that has not created one (it must, on /profile/security, first).
 */
export async function checkCurrentPassword(
  userId: number,
  password: string | undefined,
): Promise<PasswordCheck> {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row?.passwordHash) return "no-password";
  if (!password) return "missing";
  if (!(await passwordChecks.take(String(userId))).allowed) return "too-many";
  return (await verifyPassword(password, row.passwordHash)) ? "ok" : "wrong-password";
}

/**
 * The customer changes their own password (/profile/security): the current one must match when
 * the account has one; then `changePassword` ends every other session (`keepSid` stays).
 */
export async function changeOwnPassword(
  userId: number,
  input: { currentPassword?: string; newPassword: string },
  keepSid?: string,
): Promise<{ ok: true } | { ok: false; reason: "wrong-password" | "too-many" }> {
  const check = await checkCurrentPassword(userId, input.currentPassword);
  if (check === "too-many") return { ok: false, reason: check };
  if (check === "missing" || check === "wrong-password") {
    return { ok: false, reason: "wrong-password" };
  }
  await changePassword(userId, input.newPassword, keepSid);
  return { ok: true };
}

/** Orders the shop still has to deliver: their customer cannot vanish under them. */
const OPEN_ORDER_STATUSES = ["pending", "paid", "processing", "shipped"] as const;

/** Marks a payment proof whose uploader is gone; no guest id (a UUID) can ever equal it. */
const DELETED_OWNER = "cuenta-eliminada";

/**
 * Deletes an account (decision 055): the customer's own request from
 * /profile/danger, or (`requestedBy: "admin"`) the back office's "delete user". In one
 * transaction:
 * - orders stay for the shop's books, detached (user_id NULL) with the name, e-mail, phone and
 *   street address anonymised (city and zone stay for the sales figures); their payment proofs
 *   stay with them, and a proof no order took is left for the orphan sweep;
 * - sessions, cart, favourites, notifications, points history, coupons, the activity log about
 *   the user and their reviews go; the products' rating and count are recomputed without them;
 * - the row goes, so the e-mail can register again. What the user did as an admin (status
 *   events, activity notes, promo codes) stays, its author set null by the foreign keys.
 * Refused for an unknown user, a blocked user deleting themself (backoffice.md §2: they are told
 * to contact support), the last active admin, and while an order is still open.
 */
export async function deleteUserAccount(
  userId: number,
  { requestedBy = "self" }: { requestedBy?: "self" | "admin" } = {},
): Promise<{ ok: true } | { ok: false; reason: DeleteAccountRefusal }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["role", "isBlocked"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) return { ok: false, reason: "not-found" } as const;
    if (requestedBy === "self" && user.isBlocked) return { ok: false, reason: "blocked" } as const;
    if (user.role === "admin") {
      const otherAdmin = await trx
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .where("isBlocked", "=", 0)
        .where("id", "!=", userId)
        .executeTakeFirst();
      if (!otherAdmin) return { ok: false, reason: "last-admin" } as const;
    }
    const openOrder = await trx
      .selectFrom("orders")
      .select("id")
      .where("userId", "=", userId)
      .where("status", "in", OPEN_ORDER_STATUSES)
      .executeTakeFirst();
    if (openOrder) return { ok: false, reason: "open-orders" } as const;

    await trx
      .updateTable("orders")
      .set({
        userId: null,
        customerName: "Cuenta eliminada",
        customerEmail: "",
        customerPhone: null,
        shippingAddress: null,
        updatedAt: new Date().toISOString(),
      })
      .where("userId", "=", userId)
      .execute();
    await trx
      .updateTable("paymentProofs")
      .set((eb) => ({
        userId: null,
        sessionId: eb.fn.coalesce("sessionId", sql.lit(DELETED_OWNER)),
      }))
      .where("userId", "=", userId)
      .execute();

    // Their reviews go with them; the products' ratings follow in this transaction.
    await deleteReviewsByUser(trx, userId);

    for (const table of [
      "sessions",
      "cartItems",
      "wishlistItems",
      "notifications",
      "pointsHistory",
      "userCoupons",
      "userActivityLog",
    ] as const) {
      await trx.deleteFrom(table).where("userId", "=", userId).execute();
    }
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    return { ok: true } as const;
  });
}
