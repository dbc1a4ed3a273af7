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

/*
 * A password's hash in the app's own format (`scrypt$N$r$p$salt$key`, app/utils/password.server.ts)
 * at a test's cost: N = 2^10, a millisecond, where the app's N = 2^17 takes half a second of a
 * core. The stored hash names its cost and the server verifies it with that cost, as it would an
 * account hashed before the cost was raised (D12), so signing in runs the app's own code. The
 * app's hashes stay at full cost: registration, a password change or a reset through the server
 * (decision 142).
 */
const TEST_COST = { N: 2 ** 10, r: 8, p: 1 };

export function testPasswordHash(password: string) {
  const { N, r, p } = TEST_COST;
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
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
