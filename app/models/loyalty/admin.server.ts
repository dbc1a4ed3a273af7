import { sql } from "kysely";
import type { LoyaltyTier } from "#db/types";
import { db } from "~/utils/db.server";
import { LOYALTY_SEARCH_MIN } from "./loyalty";
import { contains } from "~/utils/sql.server";

/*
 * What the loyalty points admin reads (backoffice.md §2): customers found by name or e-mail.
 * Adding points goes through addAdminPoints (loyalty.server.ts), the ledger's one door.
 */

const SEARCH_LIMIT = 20;

const CUSTOMER_COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "isBlocked",
  "loyaltyPoints",
  "loyaltyTier",
] as const;

export type LoyaltyCustomer = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isBlocked: boolean;
  loyaltyPoints: number;
  loyaltyTier: LoyaltyTier;
};

/**
 * Customers whose first name, last name, full name or e-mail contains `query`, ignoring case
 * (`contains`), by name. Shorter queries than LOYALTY_SEARCH_MIN find nobody.
 */
export async function searchLoyaltyCustomers(query: string): Promise<LoyaltyCustomer[]> {
  const term = query.trim();
  if (term.length < LOYALTY_SEARCH_MIN) return [];
  const rows = await db
    .selectFrom("users")
    .select(CUSTOMER_COLUMNS)
    .where("role", "=", "customer")
    .where(({ or, ref }) =>
      or([
        contains(db, ref("firstName"), term),
        contains(db, ref("lastName"), term),
        contains(db, sql<string>`${ref("firstName")} || ' ' || ${ref("lastName")}`, term),
        contains(db, ref("email"), term),
      ]),
    )
    .orderBy("firstName")
    .orderBy("lastName")
    .orderBy("id")
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map(toCustomer);
}

function toCustomer(row: Omit<LoyaltyCustomer, "isBlocked"> & { isBlocked: number }) {
  return { ...row, isBlocked: row.isBlocked === 1 } satisfies LoyaltyCustomer;
}

/** A customer the admin may give points to (an admin account is not one). */
export async function getLoyaltyCustomer(userId: number) {
  const row = await db
    .selectFrom("users")
    .select(CUSTOMER_COLUMNS)
    .where("id", "=", userId)
    .where("role", "=", "customer")
    .executeTakeFirst();
  return row ? toCustomer(row) : undefined;
}
