import crypto from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, PromoCodesTable } from "../../db/types";
import { normalizeCouponCode } from "../../app/models/promotions/coupons";

/** An active 10% promo code without limits or dates, unless told otherwise (D20). */
export async function createPromoCode(
  db: Kysely<Database>,
  overrides: Partial<Insertable<PromoCodesTable>> = {},
) {
  const code = overrides.code ?? `PRUEBA${crypto.randomBytes(3).toString("hex")}`;
  return db
    .insertInto("promoCodes")
    .values({
      description: "Código de prueba",
      discountType: "percentage",
      discountValue: 10,
      ...overrides,
      // Codes are stored as the code box reads them (storefront.md §5).
      code: normalizeCouponCode(code),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CreatedPromoCode = Awaited<ReturnType<typeof createPromoCode>>;
