import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loyaltyRulesFrom, tierFor } from "~/models/loyalty/loyalty";
import {
  creditOrderPoints,
  expireIfInactive,
  recordPoints,
  redeemPoints,
  reverseOrderPoints,
} from "~/models/loyalty/points-ledger.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";

/*
 * D13 as a property: whatever happens to a customer's points, in whatever order and at whatever
 * pace, the user row says what the ledger says, the balance is never negative and the tier
 * follows the points earned by the orders that stand.
 */

const rules = loyaltyRulesFrom(DEFAULT_SETTINGS);
const DAY = 24 * 60 * 60 * 1000;

type Step =
  | { kind: "earn"; points: number; days: number }
  | { kind: "reverse"; pick: number; days: number }
  | { kind: "redeem"; tens: number; days: number }
  | { kind: "expire"; days: number }
  | { kind: "admin"; points: number; days: number };

const days = fc.integer({ min: 0, max: 40 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("earn" as const),
    points: fc.integer({ min: 1, max: 6_000 }),
    days,
  }),
  fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat(), days }),
  fc.record({ kind: fc.constant("redeem" as const), tens: fc.integer({ min: 0, max: 400 }), days }),
  fc.record({ kind: fc.constant("expire" as const), days }),
  fc.record({
    kind: fc.constant("admin" as const),
    points: fc.integer({ min: 1, max: 3_000 }),
    days,
  }),
);

async function check(userId: number) {
  const user = await db
    .selectFrom("users")
    .select(["loyaltyPoints", "pointsEarned", "pointsRedeemed", "loyaltyTier"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const { sum } = await db
    .selectFrom("pointsHistory")
    .select(sql<number>`coalesce(sum(points), 0)`.as("sum"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  expect(user.loyaltyPoints).toBe(Number(sum));
  expect(user.loyaltyPoints).toBeGreaterThanOrEqual(0);
  expect(user.loyaltyTier).toBe(tierFor(user.pointsEarned, rules));
  return user;
}

describe("the points ledger (property)", () => {
  it("any sequence keeps balance = ledger sum ≥ 0 and the tier true to the points earned", async () => {
    const product = await createProduct(db, { stock: 1_000_000 });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const user = await createUser(db);
        let now = new Date("2026-01-01T12:00:00.000Z");
        const delivered: { id: string; orderNumber: string; points: number }[] = [];
        let standing = 0; // points earned by credits that stand, as the model should count them
        for (const s of steps) {
          now = new Date(now.getTime() + s.days * DAY);
          switch (s.kind) {
            case "earn": {
              const order = await createOrder(db, {
                userId: user.id,
                status: "delivered",
                lines: [{ product, quantity: 1 }],
                createdAt: now.toISOString(),
                takeStock: false,
              });
              await creditOrderPoints(db, { ...order, userId: user.id }, s.points, rules, now);
              delivered.push({ ...order, points: s.points });
              standing += s.points;
              break;
            }
            case "reverse": {
              if (delivered.length === 0) break;
              const [order] = delivered.splice(s.pick % delivered.length, 1);
              await db
                .updateTable("orders")
                .set({ status: "cancelled" })
                .where("id", "=", order.id)
                .execute();
              const before = await check(user.id);
              const taken = await reverseOrderPoints(db, { ...order, userId: user.id }, rules, now);
              expect(taken).toBe(Math.min(order.points, before.loyaltyPoints));
              standing -= order.points;
              break;
            }
            case "redeem": {
              const before = await check(user.id);
              const points = s.tens * 10;
              const result = await redeemPoints(db, { userId: user.id, points }, rules, now);
              if (result.ok) expect(points).toBeLessThanOrEqual(before.loyaltyPoints);
              else if (points >= rules.redeemMinimum && result.reason === "insufficient") {
                // Refused only when the points were not there (perhaps expired just now).
                expect((await check(user.id)).loyaltyPoints).toBeLessThan(points);
              }
              break;
            }
            case "expire":
              await expireIfInactive(db, user.id, rules, now);
              break;
            case "admin":
              await recordPoints(
                db,
                { userId: user.id, points: s.points, type: "admin", description: "Ajuste" },
                rules,
                now,
              );
              standing += s.points;
              break;
          }
          const after = await check(user.id);
          expect(after.pointsEarned).toBe(standing);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
