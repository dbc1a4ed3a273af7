import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import {
  guestCookie,
  pngBytes,
  postCheckout,
  putInCart,
  stockAndSold,
} from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";

/*
 * D18 and D20 under load, through the production server over real HTTP: many shoppers
 * submitting the checkout form (multipart, proof included) at the same moment.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let png: Uint8Array;

beforeAll(async () => {
  [server, png] = await Promise.all([startServer(), pngBytes()]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function submitAll(cookies: string[]) {
  return Promise.all(
    cookies.map(async (cookie, index) => {
      const response = await postCheckout(server.baseUrl, {
        cookie,
        // Each buyer from an address of their own, as in a shop (proofs are limited per IP).
        clientIp: `198.51.100.${index + 1}`,
        png,
      });
      return {
        status: response.status,
        location: response.headers.get("location"),
        body: await response.text(),
      };
    }),
  );
}

describe("concurrent checkouts over HTTP", () => {
  it("stock 5, 50 buyers of 1 unit at once: exactly 5 orders, 45 stock messages, stock 0", async () => {
    const product = await createProduct(db, { stock: 5 });
    const guests = await Promise.all(Array.from({ length: 50 }, () => guestCookie()));
    for (const guest of guests) await putInCart(db, { guestId: guest.guestId }, product.id);

    const results = await submitAll(guests.map((guest) => guest.cookie));

    const placed = results.filter((r) => r.status === 302);
    const refused = results.filter((r) => r.status === 409);
    expect(placed).toHaveLength(5);
    expect(placed.every((r) => r.location?.startsWith("/order-success?order="))).toBe(true);
    expect(refused).toHaveLength(45);
    expect(refused.every((r) => r.body.includes("unidades disponibles"))).toBe(true);
    expect(await stockAndSold(db, product.id)).toEqual({ stock: 0, sold: 5 });
  }, 120_000);

  it("a promo code with max uses 1 applied by 20 buyers at once gives exactly one discount", async () => {
    const product = await createProduct(db, { stock: 100 });
    const promo = await db
      .insertInto("promoCodes")
      .values({
        code: `UNICO${Date.now()}`,
        discountType: "fixed",
        discountValue: 10_000,
        maxUses: 1,
      })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    const guests = await Promise.all(
      Array.from({ length: 20 }, () => guestCookie({ appliedCoupon: promo.code })),
    );
    for (const guest of guests) await putInCart(db, { guestId: guest.guestId }, product.id);

    const results = await submitAll(guests.map((guest) => guest.cookie));

    const discounted = await db
      .selectFrom("orders")
      .select(["id", "couponDiscount"])
      .where("promoCodeId", "=", promo.id)
      .execute();
    expect(discounted).toHaveLength(1);
    expect(discounted[0].couponDiscount).toBe(10_000);
    const uses = await db
      .selectFrom("promoCodes")
      .select("currentUses")
      .where("id", "=", promo.id)
      .executeTakeFirstOrThrow();
    expect(uses.currentUses).toBe(1);
    // The others were told why instead of silently paying more than the total they confirmed.
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => r.body.includes("Este cupón ya alcanzó su límite de usos"))).toBe(
      true,
    );
  }, 120_000);
});
