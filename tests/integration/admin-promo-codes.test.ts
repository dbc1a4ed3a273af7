import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkCoupon } from "~/models/promotions/coupons.server";
import { PROMO_CODE_MESSAGES } from "~/web/forms/promo-code-form.server";
import { deletePromoCodeIfUnused } from "~/models/promotions/promo-codes.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.promo-codes";
import { action as editAction } from "~/routes/admin.promo-codes_.$promoCodeId";
import { action as createAction } from "~/routes/admin.promo-codes_.new";
import { db } from "~/utils/db.server";
import { createProduct } from "../../db/factories/catalog";
import { createPromoCode } from "../../db/factories/coupons";
import { createOrder } from "../../db/factories/orders";
import { createUser } from "../../db/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

const uniqueCode = (prefix = "ADM") => `${prefix}${crypto.randomBytes(3).toString("hex")}`;

const create = (fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    createAction({
      request: formPost("/admin/promo-codes/new", fields, cookie),
      params: {},
      context: {},
    }),
  );

const edit = (id: number, fields: Record<string, string>) =>
  settle(() =>
    editAction({
      request: formPost(`/admin/promo-codes/${id}`, fields, adminCookie),
      params: { promoCodeId: String(id) },
      context: {},
    }),
  );

const rowAction = (fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    listAction({
      request: formPost("/admin/promo-codes", fields, cookie),
      params: {},
      context: {},
    }),
  );

const promoNamed = (code: string) =>
  db.selectFrom("promoCodes").selectAll().where("code", "=", code).executeTakeFirst();

async function fieldErrors(response: Response) {
  expect(response.status).toBe(400);
  const data = await response.json();
  return data.result.error as Record<string, string[]>;
}

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

const valid = (overrides: Record<string, string> = {}) => ({
  code: uniqueCode(),
  discountType: "percentage",
  discountValue: "15",
  isActive: "on",
  ...overrides,
});

describe("creating a promo code (D34)", () => {
  it("normalises the code and stores money in centavos and days as Honduras days", async () => {
    const code = uniqueCode("VERANO");
    const response = await create({
      code: `  ${code.toLowerCase()} `,
      description: "Verano",
      discountType: "fixed",
      discountValue: "1,250.50",
      minOrderAmount: "L 2,000",
      maxUses: "25",
      validFrom: "2026-12-01",
      validUntil: "2026-12-31",
      isActive: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/promo-codes");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Código creado" });
    expect(await promoNamed(code.toUpperCase())).toMatchObject({
      description: "Verano",
      discountType: "fixed",
      discountValue: 125_050,
      minOrderAmount: 200_000,
      maxUses: 25,
      currentUses: 0,
      isActive: 1,
      validFrom: "2026-12-01T06:00:00.000Z",
      validUntil: "2027-01-01T05:59:59.999Z",
    });
  });

  it("reads empty limits as none and an unchecked box as inactive", async () => {
    const code = uniqueCode();
    await create({ code, discountType: "percentage", discountValue: "100", maxUses: "" });
    expect(await promoNamed(code.toUpperCase())).toMatchObject({
      discountValue: 100,
      minOrderAmount: 0,
      maxUses: 0,
      isActive: 0,
      validFrom: null,
      validUntil: null,
    });
  });

  it.each([
    [{ code: "  " }, "code", PROMO_CODE_MESSAGES.codeRequired],
    [{ code: "A".repeat(51) }, "code", PROMO_CODE_MESSAGES.codeLength],
    [{ code: "DOS PALABRAS" }, "code", PROMO_CODE_MESSAGES.codeCharacters],
    [{ code: "leal-abc123" }, "code", PROMO_CODE_MESSAGES.codeReserved],
    [{ discountType: "gratis" }, "discountType", PROMO_CODE_MESSAGES.type],
    [{ discountValue: "0" }, "discountValue", PROMO_CODE_MESSAGES.percentage],
    [{ discountValue: "101" }, "discountValue", PROMO_CODE_MESSAGES.percentage],
    [{ discountValue: "12.5" }, "discountValue", PROMO_CODE_MESSAGES.percentage],
    [{ discountType: "fixed", discountValue: "0" }, "discountValue", PROMO_CODE_MESSAGES.fixed],
    [{ discountType: "fixed", discountValue: "1.234" }, "discountValue", PROMO_CODE_MESSAGES.fixed],
    [{ minOrderAmount: "mucho" }, "minOrderAmount", PROMO_CODE_MESSAGES.minimum],
    [{ maxUses: "0" }, "maxUses", PROMO_CODE_MESSAGES.maxUses],
    [{ maxUses: "2.5" }, "maxUses", PROMO_CODE_MESSAGES.maxUses],
    [{ validFrom: "2026-13-45" }, "validFrom", PROMO_CODE_MESSAGES.date],
    [
      { validFrom: "2026-12-10", validUntil: "2026-12-09" },
      "validUntil",
      PROMO_CODE_MESSAGES.window,
    ],
  ])("refuses %j with its message", async (overrides, field, message) => {
    const fields = valid(overrides);
    const errors = await fieldErrors(await create(fields));
    expect(errors[field]).toEqual([message]);
    expect(await promoNamed(fields.code.trim().toUpperCase())).toBeUndefined();
  });

  it("accepts a one-day window", async () => {
    const fields = valid({ validFrom: "2026-12-24", validUntil: "2026-12-24" });
    expect((await create(fields)).status).toBe(302);
  });

  it("refuses a code another promo code or a loyalty coupon already has, whatever its case", async () => {
    const existing = await createPromoCode(db);
    const errors = await fieldErrors(await create(valid({ code: existing.code.toLowerCase() })));
    expect(errors.code).toEqual([PROMO_CODE_MESSAGES.codeTaken]);

    const customer = await createUser(db);
    const loyaltyCode = uniqueCode("PUNTOS");
    await db
      .insertInto("userCoupons")
      .values({ userId: customer.id, code: loyaltyCode, pointsUsed: 100, discountAmount: 1000 })
      .execute();
    const loyaltyErrors = await fieldErrors(await create(valid({ code: loyaltyCode })));
    expect(loyaltyErrors.code).toEqual([PROMO_CODE_MESSAGES.codeTaken]);
  });

  it("is for admins only", async () => {
    const response = await create(valid(), customerCookie);
    expect(response.status).toBe(403);
  });
});

describe("editing a promo code", () => {
  it("saves the changes and keeps the code unique", async () => {
    const promo = await createPromoCode(db);
    const other = await createPromoCode(db);
    const taken = await fieldErrors(await edit(promo.id, valid({ code: other.code })));
    expect(taken.code).toEqual([PROMO_CODE_MESSAGES.codeTaken]);

    const response = await edit(promo.id, valid({ code: promo.code, discountValue: "20" }));
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Código actualizado" });
    expect(await promoNamed(promo.code)).toMatchObject({ discountValue: 20, isActive: 1 });
  });

  it("refuses a maximum below the uses the code already has", async () => {
    const promo = await createPromoCode(db, { currentUses: 3 });
    const errors = await fieldErrors(
      await edit(promo.id, valid({ code: promo.code, maxUses: "2" })),
    );
    expect(errors.maxUses).toEqual([PROMO_CODE_MESSAGES.maxBelowUses(3)]);
  });

  it("answers 404 for a code that does not exist", async () => {
    expect((await edit(999_999, valid())).status).toBe(404);
  });
});

describe("activating, deactivating and deleting", () => {
  it("a deactivated code is refused at checkout and accepted again once activated", async () => {
    const promo = await createPromoCode(db);
    const check = () => checkCoupon({ code: promo.code, userId: null, subtotal: 100_000 });
    expect((await check()).ok).toBe(true);

    const off = await rowAction({ intent: "deactivate", promoCodeId: String(promo.id) });
    expect(await toastOf(off)).toMatchObject({ title: "Código desactivado" });
    expect(await check()).toEqual({ ok: false, reason: "inactive" });
    // Posting the same state again changes nothing.
    await rowAction({ intent: "deactivate", promoCodeId: String(promo.id) });
    expect(await check()).toEqual({ ok: false, reason: "inactive" });

    await rowAction({ intent: "activate", promoCodeId: String(promo.id) });
    expect((await check()).ok).toBe(true);
  });

  it("deletes an unused code", async () => {
    const promo = await createPromoCode(db);
    const response = await rowAction({ intent: "delete", promoCodeId: String(promo.id) });
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Código eliminado" });
    expect(await promoNamed(promo.code)).toBeUndefined();
  });

  it("refuses to delete a code that was used, with a message saying to deactivate it", async () => {
    const promo = await createPromoCode(db);
    const product = await createProduct(db, { price: 100_000 });
    await createOrder(db, { lines: [{ product }], promo });

    const response = await rowAction({ intent: "delete", promoCodeId: String(promo.id) });
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Error al eliminar el código",
      description:
        "No se puede eliminar un código que ya se usó (1 vez). Desactívalo para que no se pueda usar más.",
    });
    expect(await promoNamed(promo.code)).toMatchObject({ currentUses: 1 });
  });

  it("keeps a code whose only order gave its use back (the order still names it)", async () => {
    const promo = await createPromoCode(db);
    const product = await createProduct(db, { price: 100_000 });
    await createOrder(db, { lines: [{ product }], promo });
    await db.updateTable("promoCodes").set({ currentUses: 0 }).where("id", "=", promo.id).execute();
    expect(await deletePromoCodeIfUnused(promo.id)).toEqual({
      ok: false,
      error: "in-use",
      uses: 1,
    });
  });

  it("lists the codes with their uses", async () => {
    const promo = await createPromoCode(db, { currentUses: 2, maxUses: 10 });
    const response = await settle(() =>
      listLoader({ request: get("/admin/promo-codes", adminCookie), params: {}, context: {} }),
    );
    const { promoCodes } = await response.json();
    expect(promoCodes).toContainEqual(
      expect.objectContaining({ code: promo.code, currentUses: 2, maxUses: 10, used: true }),
    );
  });

  it("refuses customers", async () => {
    const promo = await createPromoCode(db);
    const response = await rowAction(
      { intent: "delete", promoCodeId: String(promo.id) },
      customerCookie,
    );
    expect(response.status).toBe(403);
    expect(await promoNamed(promo.code)).toBeDefined();
  });
});
