import { beforeEach, describe, expect, it } from "vitest";
import { issueDocument } from "~/models/invoicing/numbering.server";
import { addRange, retireRange } from "~/models/invoicing/ranges.server";
import { RANGE_REFUSALS } from "~/models/invoicing/fiscal";
import { sampleContent } from "../setup/fiscal-samples";
import { db } from "~/utils/db.server";

/*
 * Decision 169: numbers taken from the SAR's authorised ranges never skip or repeat, on this
 * run's database (SQLite, or PostgreSQL with TEST_DATABASE=postgres, where the 200 run on the
 * pool's connections at once).
 */

const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
/** What the numbering writes around: the documents' own tests check their content. */
const CONTENT = sampleContent();
const YEAR_AHEAD = new Date(Date.now() + 365 * 86_400_000);

beforeEach(async () => {
  await db.deleteFrom("fiscalDocuments").execute();
  await db.deleteFrom("fiscalRanges").execute();
});

function invoice(now?: Date) {
  return issueDocument(db, { orderId: null, content: CONTENT, now });
}

async function range(first: number, last: number, deadline = YEAR_AHEAD) {
  const added = await addRange({
    kind: "invoice",
    cai: CAI,
    prefix: "000-001-01-",
    first,
    last,
    deadline,
    createdBy: null,
  });
  if (!added.ok) throw new Error(added.message);
  return added.id;
}

async function documents() {
  return db
    .selectFrom("fiscalDocuments")
    .select(["number", "correlative"])
    .orderBy("correlative")
    .execute();
}

describe("the numbering of fiscal documents", () => {
  it("issues 200 invoices at once as 200 consecutive numbers", async () => {
    await range(1, 500);
    const issued = await Promise.all(Array.from({ length: 200 }, () => invoice()));
    expect(issued.every((result) => result.ok)).toBe(true);
    const rows = await documents();
    expect(rows.map((row) => row.correlative)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(rows[0].number).toBe("000-001-01-00000001");
    expect(rows[199].number).toBe("000-001-01-00000200");
  });

  it("refuses past the range's last number, and goes on in the next range", async () => {
    await range(1, 2);
    expect((await invoice()).ok).toBe(true);
    expect((await invoice()).ok).toBe(true);
    expect(await invoice()).toMatchObject({
      ok: false,
      reason: "used_up",
      message: RANGE_REFUSALS.used_up,
    });
    expect(await documents()).toHaveLength(2);
    await range(101, 200);
    expect(await invoice()).toMatchObject({ ok: true, number: "000-001-01-00000101" });
  });

  it("refuses after the deadline, without a range, and from a retired one, writing nothing", async () => {
    expect(await invoice()).toMatchObject({ ok: false, reason: "none" });
    const id = await range(1, 10, new Date(Date.now() + 60_000));
    expect(await invoice(new Date(Date.now() + 120_000))).toMatchObject({
      ok: false,
      reason: "expired",
      message: RANGE_REFUSALS.expired,
    });
    await retireRange(id);
    expect(await invoice()).toMatchObject({ ok: false, reason: "retired" });
    expect(await documents()).toEqual([]);
    const [stored] = await db.selectFrom("fiscalRanges").select("nextNumber").execute();
    expect(stored.nextNumber).toBe(1);
  });

  it("gives a number back when the transaction that took it rolls back", async () => {
    await range(1, 10);
    await expect(
      db.transaction().execute(async (trx) => {
        const taken = await issueDocument(trx, { orderId: null, content: CONTENT });
        expect(taken).toMatchObject({ ok: true, correlative: 1 });
        throw new Error("the order's change failed");
      }),
    ).rejects.toThrow("the order's change failed");
    expect(await invoice()).toMatchObject({ ok: true, correlative: 1 });
  });

  it("enters a range only with its numbers in order", async () => {
    const wrong = await addRange({
      kind: "invoice",
      cai: CAI,
      prefix: "000-001-01-",
      first: 10,
      last: 9,
      deadline: YEAR_AHEAD,
      createdBy: null,
    });
    expect(wrong).toMatchObject({ ok: false });
  });
});
