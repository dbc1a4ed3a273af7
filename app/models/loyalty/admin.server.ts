import { sql, type Expression } from "kysely";
import type { LoyaltyTier } from "#db/types";
import { db } from "~/utils/db.server";
import { LOYALTY_SEARCH_MIN } from "./loyalty";

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

/** `value` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containsPattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
 * Customers whose first name, last name, full name or e-mail contains `query` (SQLite's LIKE:
 * case-insensitive for ASCII), by name. Shorter queries than LOYALTY_SEARCH_MIN find nobody.
 */
export async function searchLoyaltyCustomers(query: string): Promise<LoyaltyCustomer[]> {
  const term = query.trim();
  if (term.length < LOYALTY_SEARCH_MIN) return [];
  const pattern = containsPattern(term);
  const rows = await db
    .selectFrom("users")
    .select(CUSTOMER_COLUMNS)
    .where("role", "=", "customer")
    .where(({ eb, or, ref }) => {
      const like = (value: Expression<string>) =>
        eb(value, "like", sql<string>`${pattern} escape '\\'`);
      return or([
        like(ref("firstName")),
        like(ref("lastName")),
        like(sql<string>`${ref("firstName")} || ' ' || ${ref("lastName")}`),
        like(ref("email")),
      ]);
    })
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
