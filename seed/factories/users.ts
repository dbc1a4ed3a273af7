import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewUser } from "../../db/types";

/*
 * Users as the app keeps them. Points, points earned and the tier are never given: they follow
 * the ledger (D13, seed/factories/loyalty.ts), so a test cannot build an "oro" customer with 10
 * points or a balance that no history explains.
 */

export type UserOverrides = Omit<
  Partial<NewUser>,
  "loyaltyTier" | "loyaltyPoints" | "pointsEarned" | "pointsRedeemed"
>;

/** A customer without a password (tests sign them in by writing the session), unless told otherwise. */
export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}) {
  const suffix = crypto.randomBytes(5).toString("hex");
  return db
    .insertInto("users")
    .values({
      email: `cliente-${suffix}@example.com`,
      passwordHash: null,
      googleId: null,
      firstName: "Lucía",
      lastName: "Prueba",
      // Seeded and test accounts count as verified (decision 106); a test may say otherwise.
      emailVerifiedAt: new Date().toISOString(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CreatedUser = Awaited<ReturnType<typeof createUser>>;

/** The name the integration tests know createUser by: somebody to own a cart or an order. */
export const createShopper = createUser;
