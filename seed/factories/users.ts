import crypto from "node:crypto";
import { hashSync } from "@node-rs/argon2";
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

/*
 * A password's hash in the app's own format (argon2id's PHC string, app/utils/password.server.ts)
 * at a test's cost: 1 MiB and one pass, a fraction of a millisecond, where the app's 19 MiB and
 * two passes take ~25 ms of a core. The stored hash names its cost and the server verifies it
 * with that cost, as it would an account hashed before the cost was raised (D12), so signing in
 * runs the app's own code. The app's hashes stay at full cost: registration, a password change
 * or a reset through the server (decisions 142 and 155).
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function testPasswordHash(password: string) {
  return hashSync(password.normalize("NFKC"), TEST_COST);
}

/**
 * A customer without a password (tests sign them in by writing the session), unless told
 * otherwise: `password` stores its test-cost hash (testPasswordHash).
 */
export async function createUser(
  db: Kysely<Database>,
  { password, ...overrides }: UserOverrides & { password?: string } = {},
) {
  const suffix = crypto.randomBytes(5).toString("hex");
  return db
    .insertInto("users")
    .values({
      email: `cliente-${suffix}@example.com`,
      passwordHash: password === undefined ? null : testPasswordHash(password),
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
