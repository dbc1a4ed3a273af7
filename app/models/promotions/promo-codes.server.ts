import type { Kysely, Transaction } from "kysely";
import type { Database, DiscountType } from "#db/types";
import { db } from "~/utils/db.server";
import type { AdminPromoCode } from "./promo-codes";

/*
 * D34: the back office's promo codes. The fields mean what checkout does with them
 * (coupons.server.ts checkCoupon): a percentage of the subtotal or a fixed amount in centavos,
 * a minimum subtotal, a maximum number of uses (0 = no limit), a validity window of ISO
 * timestamps (null = open) and the active flag.
 */

type Executor = Kysely<Database>;

export type PromoCodeInput = {
  /** Already normalised as the code box reads it (normalizeCouponCode). */
  code: string;
  description: string | null;
  discountType: DiscountType;
  /** percentage: whole percent 1–100; fixed: centavos */
  discountValue: number;
  minOrderAmount: number;
  /** 0 = no limit */
  maxUses: number;
  validFrom: string | null;
  validUntil: string | null;
  isActive: boolean;
};

function selectPromoCodes(executor: Executor) {
  return executor.selectFrom("promoCodes").select(({ selectFrom }) => [
    "promoCodes.id",
    "promoCodes.code",
    "promoCodes.description",
    "promoCodes.discountType",
    "promoCodes.discountValue",
    "promoCodes.minOrderAmount",
    "promoCodes.maxUses",
    "promoCodes.currentUses",
    "promoCodes.isActive",
    "promoCodes.validFrom",
    "promoCodes.validUntil",
    "promoCodes.createdAt",
    selectFrom("orders")
      .select(({ fn }) => fn.countAll<number>().as("count"))
      .whereRef("orders.promoCodeId", "=", "promoCodes.id")
      .as("orderCount"),
  ]);
}

type PromoCodeRow = Awaited<
  ReturnType<ReturnType<typeof selectPromoCodes>["executeTakeFirstOrThrow"]>
>;

function toPromoCode({ isActive, orderCount, ...row }: PromoCodeRow): AdminPromoCode {
  const orders = Number(orderCount ?? 0);
  return {
    ...row,
    isActive: isActive === 1,
    orderCount: orders,
    used: row.currentUses > 0 || orders > 0,
    timesUsed: Math.max(row.currentUses, orders),
  };
}

export type { AdminPromoCode };

/** Every promo code, newest first, with its uses. */
export async function listPromoCodes(executor: Executor = db) {
  const rows = await selectPromoCodes(executor)
    .orderBy("promoCodes.createdAt", "desc")
    .orderBy("promoCodes.id", "desc")
    .execute();
  return rows.map(toPromoCode);
}

export async function getPromoCode(id: number, executor: Executor = db) {
  const row = await selectPromoCodes(executor).where("promoCodes.id", "=", id).executeTakeFirst();
  return row ? toPromoCode(row) : null;
}

export type PromoCodeWriteResult =
  | { ok: true; promoCode: { id: number; code: string } }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "code-taken" }
  | { ok: false; error: "max-below-uses"; currentUses: number };

/**
 * One code box serves promo codes and loyalty coupons, and promo codes are looked up first: a
 * promo code may not take a loyalty coupon's code, or that customer's coupon would stop working.
 */
async function codeTaken(trx: Transaction<Database>, code: string, exceptId?: number) {
  let promo = trx.selectFrom("promoCodes").select("id").where("code", "=", code);
  if (exceptId !== undefined) promo = promo.where("id", "!=", exceptId);
  if (await promo.executeTakeFirst()) return true;
  const loyalty = await trx
    .selectFrom("userCoupons")
    .select("id")
    .where("code", "=", code)
    .executeTakeFirst();
  return loyalty !== undefined;
}

function columns(input: PromoCodeInput) {
  return {
    code: input.code,
    description: input.description,
    discountType: input.discountType,
    discountValue: input.discountValue,
    minOrderAmount: input.minOrderAmount,
    maxUses: input.maxUses,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    isActive: input.isActive ? (1 as const) : (0 as const),
  };
}

export async function createPromoCode(
  input: PromoCodeInput,
  { createdBy }: { createdBy: number | null },
  executor: Executor = db,
): Promise<PromoCodeWriteResult> {
  return executor.transaction().execute(async (trx) => {
    if (await codeTaken(trx, input.code)) return { ok: false, error: "code-taken" };
    const promoCode = await trx
      .insertInto("promoCodes")
      .values({ ...columns(input), createdBy })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    return { ok: true, promoCode };
  });
}

/** The use count is checkout's to keep; a maximum below it would be a limit already passed. */
export async function updatePromoCode(
  id: number,
  input: PromoCodeInput,
  executor: Executor = db,
): Promise<PromoCodeWriteResult> {
  return executor.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("promoCodes")
      .select("currentUses")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return { ok: false, error: "not-found" };
    if (await codeTaken(trx, input.code, id)) return { ok: false, error: "code-taken" };
    if (input.maxUses > 0 && input.maxUses < current.currentUses) {
      return { ok: false, error: "max-below-uses", currentUses: current.currentUses };
    }
    const promoCode = await trx
      .updateTable("promoCodes")
      .set({ ...columns(input), updatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    return { ok: true, promoCode };
  });
}

/** Turns a code on or off; the posted state is set, so a repeated post changes nothing. */
export async function setPromoCodeActive(id: number, active: boolean, executor: Executor = db) {
  const row = await executor
    .updateTable("promoCodes")
    .set({ isActive: active ? 1 : 0, updatedAt: new Date().toISOString() })
    .where("id", "=", id)
    .returning("code")
    .executeTakeFirst();
  return row
    ? { ok: true as const, code: row.code }
    : { ok: false as const, error: "not-found" as const };
}

export type DeletePromoCodeResult =
  | { ok: true; code: string }
  | { ok: false; error: "not-found" }
  | { ok: false; error: "in-use"; uses: number };

/**
 * D34: only an unused code can go; one that was used is deactivated instead. The check and the
 * delete share a transaction, so an order placed in between cannot lose its code.
 */
export async function deletePromoCodeIfUnused(
  id: number,
  executor: Executor = db,
): Promise<DeletePromoCodeResult> {
  return executor.transaction().execute(async (trx) => {
    const row = await selectPromoCodes(trx).where("promoCodes.id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, error: "not-found" };
    const promoCode = toPromoCode(row);
    if (promoCode.used) {
      return { ok: false, error: "in-use", uses: promoCode.timesUsed };
    }
    await trx.deleteFrom("promoCodes").where("id", "=", id).execute();
    return { ok: true, code: promoCode.code };
  });
}
