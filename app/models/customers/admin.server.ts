import { sql, type Kysely, type Transaction } from "kysely";
import type { ActivityType, Database, Role } from "#db/types";
import { db } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { endUserSessions } from "~/models/auth/sessions.server";
import type { RoleFilter } from "./admin";
import { loyaltyRulesFrom } from "~/models/loyalty/loyalty";
import { ORDER_STATUS_BADGES, ORDER_STATUS_LABELS } from "~/models/orders/status";
import { grantRegistrationBonus } from "~/models/loyalty/points-ledger.server";
import { getSettings } from "~/models/settings/settings.server";
import type { DeleteAccountRefusal } from "./users";
import {
  afterEmailChange,
  changePassword,
  deleteUserAccount,
  normalizeEmail,
} from "./users.server";
import { paginate } from "~/utils/paging";
import { contains, isUniqueViolation } from "~/utils/sql.server";

/*
 * The customers screen of the back office (backoffice.md §2 "Users", §3 user_activity_log):
 * what it reads, and every change an admin makes to an account. Each change is checked here, in
 * the transaction that writes it, and written to the user's activity history in that same
 * transaction (decision 062): an admin never acts on themself (role, block,
 * password, delete), and the store never loses its last active administrator.
 */

export const ADMIN_USERS_PAGE_SIZE = 20;

export type AdminUserFilters = {
  /** Part of the name, the e-mail or the phone. */
  search?: string;
  role?: RoleFilter;
  /** 1-based. */
  page?: number;
  pageSize?: number;
};

type Trx = Transaction<Database>;

function filteredUsers({ search, role }: AdminUserFilters) {
  let query = db.selectFrom("users as u");
  if (role === "customer" || role === "admin") query = query.where("u.role", "=", role);
  const term = search?.trim();
  if (term) {
    // A phone is stored "+504 9999-1234": typed digits also find it without the space and dash.
    const digits = term.replace(/\D/g, "");
    query = query.where(({ or, ref }) => {
      const matches = [
        contains(db, ref("u.firstName"), term),
        contains(db, ref("u.lastName"), term),
        contains(db, sql<string>`${ref("u.firstName")} || ' ' || ${ref("u.lastName")}`, term),
        contains(db, ref("u.email"), term),
        contains(db, ref("u.phone"), term),
      ];
      if (digits.length >= 3) {
        matches.push(
          contains(db, sql<string>`replace(replace(${ref("u.phone")}, ' ', ''), '-', '')`, digits),
        );
      }
      return or(matches);
    });
  }
  return query;
}

/**
 * One page of accounts, newest first, with the count of all that match. The order figures come
 * in the same query (correlated aggregates over orders_user_idx, one per row of the page):
 * every order the account placed, and what its delivered orders came to (D13's basis).
 */
export async function listAdminUsers(filters: AdminUserFilters) {
  const pageSize = filters.pageSize ?? ADMIN_USERS_PAGE_SIZE;
  const { rows, ...window } = await paginate({
    page: filters.page,
    pageSize,
    count: async () =>
      (
        await filteredUsers(filters)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      filteredUsers(filters)
        .select((eb) => [
          "u.id",
          "u.firstName",
          "u.lastName",
          "u.email",
          "u.phone",
          "u.role",
          "u.isBlocked",
          "u.loyaltyPoints",
          "u.loyaltyTier",
          "u.createdAt",
          eb
            .selectFrom("orders as o")
            .select((o) => o.fn.countAll<number>().as("n"))
            .whereRef("o.userId", "=", "u.id")
            .as("orderCount"),
          eb
            .selectFrom("orders as o")
            .select(sql<number>`coalesce(sum(o.total), 0)`.as("spent"))
            .whereRef("o.userId", "=", "u.id")
            .where("o.status", "=", "delivered")
            .as("totalSpent"),
        ])
        .orderBy("u.createdAt", "desc")
        .orderBy("u.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  const users = rows.map(({ isBlocked, orderCount, totalSpent, ...row }) => ({
    ...row,
    isBlocked: isBlocked === 1,
    orderCount: orderCount ?? 0,
    totalSpent: totalSpent ?? 0,
  }));
  return { users, ...window };
}

export type AdminUserListItem = Awaited<ReturnType<typeof listAdminUsers>>["users"][number];

/** One account as the profile view shows it (never the password hash). */
export async function getAdminUser(userId: number) {
  const row = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "firstName",
      "lastName",
      "phone",
      "role",
      "isBlocked",
      "googleId",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const { googleId, isBlocked, ...user } = row;
  return { ...user, isBlocked: isBlocked === 1, signsInWithGoogle: googleId !== null };
}

export type AdminUser = NonNullable<Awaited<ReturnType<typeof getAdminUser>>>;

/**
 * The account's orders, newest first, for links to /admin/orders/{id}. The status comes with its
 * label and badge colour, so the profile page's JS need not carry the order-status module (its
 * 100 KB budget, decision 054). `offset` pages it (GET /api/users/{id}/orders).
 */
export async function listUserOrders(userId: number, limit = 50, offset = 0) {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "orderNumber", "status", "total", "paymentMethod", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return orders.map((order) => ({
    ...order,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    statusBadge: ORDER_STATUS_BADGES[order.status],
  }));
}

/** How many orders listUserOrders pages through. */
export async function countUserOrders(userId: number) {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Which entries of the history: all, only the admins' notes (/api/users/{id}/admin-notes), or one. */
export type ActivityFilter = { notesOnly?: boolean; entryId?: number };

function userActivity(userId: number, { notesOnly = false, entryId }: ActivityFilter) {
  let query = db.selectFrom("userActivityLog as l").where("l.userId", "=", userId);
  if (notesOnly) query = query.where("l.actionType", "=", "admin_note");
  if (entryId !== undefined) query = query.where("l.id", "=", entryId);
  return query;
}

/**
 * The activity history (§3), newest first, each entry with the admin who acted. `offset` and
 * `filter` page it for the API (the profile view shows the newest 100).
 */
export async function listUserActivity(
  userId: number,
  limit = 100,
  { offset = 0, ...filter }: ActivityFilter & { offset?: number } = {},
) {
  return userActivity(userId, filter)
    .leftJoin("users as a", "a.id", "l.adminId")
    .select([
      "l.id",
      "l.actionType",
      "l.actionDescription",
      "l.oldValue",
      "l.newValue",
      "l.fieldChanged",
      "l.adminNotes",
      "l.createdAt",
      "a.firstName as adminFirstName",
      "a.lastName as adminLastName",
      "a.email as adminEmail",
    ])
    .orderBy("l.createdAt", "desc")
    .orderBy("l.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many entries listUserActivity pages through. */
export async function countUserActivity(userId: number, filter: ActivityFilter = {}) {
  const row = await userActivity(userId, filter)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type UserActivityEntry = Awaited<ReturnType<typeof listUserActivity>>[number];

type ActivityEntry = {
  userId: number;
  adminId: number;
  actionType: ActivityType;
  actionDescription: string;
  fieldChanged?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  adminNotes?: string | null;
};

async function logActivity(trx: Trx, entry: ActivityEntry) {
  const row = await trx
    .insertInto("userActivityLog")
    .values({
      fieldChanged: null,
      oldValue: null,
      newValue: null,
      adminNotes: null,
      ...entry,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The account as the transaction sees it. The app's one SQLite connection runs transactions one
 * after the other, so what is checked here still holds when the change is written.
 */
async function currentUser(trx: Trx, userId: number) {
  return trx
    .selectFrom("users")
    .select(["id", "email", "firstName", "lastName", "phone", "role", "isBlocked"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Whether an active (not blocked) administrator other than `userId` remains. */
async function anotherActiveAdmin(trx: Trx, userId: number) {
  const other = await trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("isBlocked", "=", 0)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return Boolean(other);
}

/** The SQLite error of a UNIQUE index (users.email is UNIQUE COLLATE NOCASE). */

type Refusal<Code extends string> = { ok: false; error: Code };
const refuse = <Code extends string>(error: Code): Refusal<Code> => ({ ok: false, error });

export type NewUserInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
  role: Role;
};

/**
 * An account created from the back office. A customer gets the registration bonus a sign-up
 * gets (D13); an administrator does not collect points. The history keeps who created it.
 */
export async function createUserByAdmin(
  adminId: number,
  input: NewUserInput,
  executor: Kysely<Database> = db,
): Promise<{ ok: true; userId: number } | Refusal<"email-taken">> {
  const passwordHash = await hashPassword(input.password);
  const rules = loyaltyRulesFrom(await getSettings());
  const email = normalizeEmail(input.email);
  try {
    return await executor.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      if (taken) return refuse("email-taken");
      const { id } = await trx
        .insertInto("users")
        .values({
          email,
          passwordHash,
          googleId: null,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          phone: input.phone,
          role: input.role,
          address: null,
          adminNotes: null,
          lastPurchaseDate: null,
          birthDate: null,
          favoriteAddress1: null,
          favoriteAddress2: null,
          // The shop vouches for the accounts it creates (decision 106).
          emailVerifiedAt: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (input.role === "customer") await grantRegistrationBonus(trx, id, rules);
      await logActivity(trx, {
        userId: id,
        adminId,
        actionType: "profile_update",
        actionDescription: "Cuenta creada por un administrador",
        fieldChanged: "role",
        newValue: input.role,
      });
      return { ok: true, userId: id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("email-taken");
    throw error;
  }
}

export type UserInfoChanges = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
};

const INFO_FIELDS = {
  firstName: "Nombre",
  lastName: "Apellido",
  email: "Correo electrónico",
  phone: "Teléfono",
} as const satisfies Record<keyof UserInfoChanges, string>;

/**
 * Name, e-mail (free for this account) and phone. Each field that really changes is one entry
 * of the history with its old and new value; `changed` lists them (empty: nothing to save).
 */
export async function updateUserInfo(
  adminId: number,
  userId: number,
  changes: UserInfoChanges,
  executor: Kysely<Database> = db,
): Promise<
  { ok: true; changed: Array<keyof UserInfoChanges> } | Refusal<"not-found" | "email-taken">
> {
  const next = {
    firstName: changes.firstName.trim(),
    lastName: changes.lastName.trim(),
    email: normalizeEmail(changes.email),
    phone: changes.phone,
  };
  try {
    return await executor.transaction().execute(async (trx) => {
      const user = await currentUser(trx, userId);
      if (!user) return refuse("not-found");
      const changed = (Object.keys(INFO_FIELDS) as Array<keyof UserInfoChanges>).filter(
        (field) => (user[field] ?? null) !== next[field],
      );
      if (changed.length === 0) return { ok: true, changed } as const;
      if (changed.includes("email")) {
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where("email", "=", next.email)
          .where("id", "!=", userId)
          .executeTakeFirst();
        if (taken) return refuse("email-taken");
      }
      await trx
        .updateTable("users")
        .set({ ...next, updatedAt: new Date().toISOString() })
        .where("id", "=", userId)
        .execute();
      // Links mailed to the old address end with it (decision 129), and so do its API tokens (decision 131).
      if (changed.includes("email")) await afterEmailChange(trx, userId);
      for (const field of changed) {
        await logActivity(trx, {
          userId,
          adminId,
          actionType: "profile_update",
          actionDescription: `${INFO_FIELDS[field]} actualizado`,
          fieldChanged: field,
          oldValue: user[field],
          newValue: next[field],
        });
      }
      return { ok: true, changed } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("email-taken");
    throw error;
  }
}

export type GuardedRefusal = "not-found" | "self" | "last-admin";

/**
 * customer ↔ admin (§4). A demotion takes effect on the user's next request (the guards read
 * the role from the database), so their sessions stay.
 */
export async function setUserRole(
  adminId: number,
  userId: number,
  role: Role,
  executor: Kysely<Database> = db,
): Promise<{ ok: true; changed: boolean } | Refusal<GuardedRefusal>> {
  return executor.transaction().execute(async (trx) => {
    const user = await currentUser(trx, userId);
    if (!user) return refuse("not-found");
    if (user.role === role) return { ok: true, changed: false } as const;
    if (userId === adminId) return refuse("self");
    if (user.role === "admin" && !(await anotherActiveAdmin(trx, userId))) {
      return refuse("last-admin");
    }
    await trx
      .updateTable("users")
      .set({ role, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    await logActivity(trx, {
      userId,
      adminId,
      actionType: "role_change",
      actionDescription:
        role === "admin"
          ? "Ascendido a administrador"
          : "Cambiado a cliente (ya no es administrador)",
      fieldChanged: "role",
      oldValue: user.role,
      newValue: role,
    });
    return { ok: true, changed: true } as const;
  });
}

/**
 * Blocks or reactivates an account. Blocking deletes every session of the user in the same
 * transaction: they are signed out everywhere at once, and sign-in refuses them (verifyLogin,
 * the Google callback) until they are reactivated.
 */
export async function setUserBlocked(
  adminId: number,
  userId: number,
  blocked: boolean,
  executor: Kysely<Database> = db,
): Promise<{ ok: true; changed: boolean } | Refusal<GuardedRefusal>> {
  return executor.transaction().execute(async (trx) => {
    const user = await currentUser(trx, userId);
    if (!user) return refuse("not-found");
    if (user.isBlocked === (blocked ? 1 : 0)) return { ok: true, changed: false } as const;
    if (blocked && userId === adminId) return refuse("self");
    if (blocked && user.role === "admin" && !(await anotherActiveAdmin(trx, userId))) {
      return refuse("last-admin");
    }
    await trx
      .updateTable("users")
      .set({ isBlocked: blocked ? 1 : 0, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    if (blocked) await endUserSessions(userId, { executor: trx });
    await logActivity(trx, {
      userId,
      adminId,
      actionType: blocked ? "account_block" : "account_unblock",
      actionDescription: blocked ? "Cuenta bloqueada" : "Cuenta reactivada",
      fieldChanged: "isBlocked",
      oldValue: blocked ? "activo" : "bloqueado",
      newValue: blocked ? "bloqueado" : "activo",
    });
    return { ok: true, changed: true } as const;
  });
}

/**
 * Sets a new password (D12, ≥ 8) through `changePassword`, which ends every session of the user,
 * with the history line in the same transaction. An admin changes their own password on
 * /profile/security, where the current one is asked for.
 */
export async function resetUserPassword(
  adminId: number,
  userId: number,
  password: string,
  executor: Kysely<Database> = db,
): Promise<{ ok: true } | Refusal<"not-found" | "self">> {
  if (userId === adminId) return refuse("self");
  const changed = await changePassword(userId, password, undefined, {
    executor,
    alongside: (trx) =>
      logActivity(trx, {
        userId,
        adminId,
        actionType: "password_reset",
        actionDescription: "Contraseña restablecida por un administrador",
        fieldChanged: "password",
      }),
  });
  return changed ? ({ ok: true } as const) : refuse("not-found");
}

export const NOTE_MAX_LENGTH = 2000;

/** An admin's note in the user's history (§5: trimmed, non-empty). */
export async function addUserNote(
  adminId: number,
  userId: number,
  note: string,
  executor: Kysely<Database> = db,
): Promise<{ ok: true; entryId: number } | Refusal<"not-found" | "empty">> {
  const text = note.trim();
  if (!text) return refuse("empty");
  return executor.transaction().execute(async (trx) => {
    const user = await currentUser(trx, userId);
    if (!user) return refuse("not-found");
    const entryId = await logActivity(trx, {
      userId,
      adminId,
      actionType: "admin_note",
      actionDescription: "Nota del administrador",
      adminNotes: text.slice(0, NOTE_MAX_LENGTH),
    });
    return { ok: true, entryId } as const;
  });
}

/**
 * Deletes the account with all its personal data (decision 055, `requestedBy: "admin"`), which
 * also refuses the last active admin and an account with open orders. An admin does not delete
 * themself from the panel: their own deletion is /profile/danger, with its confirmation.
 */
export async function deleteUserByAdmin(
  adminId: number,
  userId: number,
): Promise<{ ok: true } | Refusal<DeleteAccountRefusal | "self">> {
  if (userId === adminId) return refuse("self");
  const deleted = await deleteUserAccount(userId, { requestedBy: "admin" });
  return deleted.ok ? deleted : refuse(deleted.reason);
}
