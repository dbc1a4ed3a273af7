import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backfillProofHashes } from "~/models/checkout/proof-hash-backfill.server";
import { getAdminOrder } from "~/models/orders/admin.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { storeProof } from "~/models/checkout/proofs.server";
import { createProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import { pngBytes } from "../setup/checkout-helpers";

/*
 * Proofs stored before payment_proofs.content_hash existed: uploaded through the real upload
 * code (storeProof), then their hash erased as the migration left them. The backfill must
 * write back exactly what storeProof wrote, reading the files where storeProof put them.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

async function anOrder() {
  const customer = await createUser(db);
  const product = await createProduct(db, { price: 120_000, stock: 5 });
  const order = await createOrder(db, {
    lines: [{ product, quantity: 1 }],
    userId: customer.id,
    customerEmail: customer.email,
  });
  return { order, customer };
}

/** A proof uploaded and attached to the order; returns its id and the hash storeProof kept. */
async function uploadedProof(bytes: Uint8Array, order: { id: string }, userId: number) {
  const tempPath = path.join(getEnv().DATA_DIR, `proof-${crypto.randomUUID()}.png`);
  fs.writeFileSync(tempPath, bytes);
  const stored = await storeProof({ tempPath }, { userId, guestId: null });
  if (!stored.ok) throw new Error(stored.message);
  await db
    .updateTable("paymentProofs")
    .set({ orderId: order.id })
    .where("id", "=", stored.id)
    .execute();
  await db
    .updateTable("orders")
    .set({ paymentProof: `/resources/payment-proofs/${stored.id}` })
    .where("id", "=", order.id)
    .execute();
  const { contentHash } = await db
    .selectFrom("paymentProofs")
    .select("contentHash")
    .where("id", "=", stored.id)
    .executeTakeFirstOrThrow();
  return { id: stored.id, contentHash };
}

/** As payment_proofs rows looked before migration 20261220T0000. */
async function forgetHashes(ids: string[]) {
  await db.updateTable("paymentProofs").set({ contentHash: null }).where("id", "in", ids).execute();
}

async function hashesOf(ids: string[]) {
  const rows = await db
    .selectFrom("paymentProofs")
    .select(["id", "contentHash"])
    .where("id", "in", ids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.contentHash]));
}

describe("backfillProofHashes (start-up, scripts/setup.ts)", () => {
  it("hashes old proofs as the upload does, in batches, skipping and logging a missing file", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = await anOrder();
    const second = await anOrder();
    const third = await anOrder();
    const lost = await anOrder();
    const receipt = await pngBytes(64, 48);
    const proofs = [
      await uploadedProof(receipt, first.order, first.customer.id),
      await uploadedProof(receipt, second.order, second.customer.id),
      await uploadedProof(await pngBytes(65, 48), third.order, third.customer.id),
    ];
    const ids = proofs.map((proof) => proof.id);
    // A row whose file is gone (a DATA_DIR restored without its uploads).
    const lostId = await attachProof(db, { orderId: lost.order.id });
    await forgetHashes(ids);
    expect(await getAdminOrder(second.order.id)).toMatchObject({ proof: { reusedIn: [] } });

    const outcome = await backfillProofHashes(db, { dataDir: getEnv().DATA_DIR, batchSize: 2 });

    expect(outcome).toEqual({ hashed: 3, missing: [lostId] });
    expect(await hashesOf([...ids, lostId])).toEqual({
      [ids[0]]: proofs[0].contentHash,
      [ids[1]]: proofs[1].contentHash,
      [ids[2]]: proofs[2].contentHash,
      [lostId]: null,
    });
    expect(proofs[0].contentHash).toBe(proofs[1].contentHash);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`comprobante ${lostId}`));
    // What the backfill is for: the reused receipt is now flagged on the order detail.
    expect(await getAdminOrder(second.order.id)).toMatchObject({
      proof: { reusedIn: [{ orderId: first.order.id, orderNumber: first.order.orderNumber }] },
    });
  });

  it("is idempotent: a second start writes nothing and leaves every hash as it was", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { order, customer } = await anOrder();
    const proof = await uploadedProof(await pngBytes(70, 30), order, customer.id);
    await forgetHashes([proof.id]);
    const dataDir = getEnv().DATA_DIR;
    await backfillProofHashes(db, { dataDir });
    const before = await db.selectFrom("paymentProofs").select(["id", "contentHash"]).execute();

    const again = await backfillProofHashes(db, { dataDir });

    expect(again.hashed).toBe(0);
    expect(await db.selectFrom("paymentProofs").select(["id", "contentHash"]).execute()).toEqual(
      before,
    );
    expect(before.find((row) => row.id === proof.id)?.contentHash).toBe(proof.contentHash);
  });
});
