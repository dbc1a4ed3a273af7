import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewUser } from "../../db/types";
import { loyaltyRulesFrom, tierFor } from "../../app/models/loyalty";
import { storeSettings } from "./settings";

/*
 * Users as the app keeps them. The tier is never given: it follows the points earned through
 * the loyalty module (D13), so a test cannot build an "oro" customer with 10 points.
 */

export type UserOverrides = Omit<Partial<NewUser>, "loyaltyTier">;

/** A customer without a password (tests sign them in by writing the session), unless told otherwise. */
export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}) {
  const suffix = crypto.randomBytes(5).toString("hex");
  const rules = loyaltyRulesFrom(await storeSettings(db));
  return db
    .insertInto("users")
    .values({
      email: `cliente-${suffix}@example.com`,
      passwordHash: null,
      googleId: null,
      firstName: "Lucía",
      lastName: "Prueba",
      ...overrides,
      loyaltyTier: tierFor(overrides.pointsEarned ?? 0, rules),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CreatedUser = Awaited<ReturnType<typeof createUser>>;

/** The name the integration tests know createUser by: somebody to own a cart or an order. */
export const createShopper = createUser;
