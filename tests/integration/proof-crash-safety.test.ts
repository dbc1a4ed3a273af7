import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { proofContentHash } from "~/models/checkout/proof-files.server";
import { deleteStrayUploads, proofsDir, storeProof } from "~/models/checkout/proofs.server";
import { writeFileDurably } from "~/utils/uploads.server";
import { createShopper } from "../../seed/factories/users";
import { pngBytes } from "../setup/checkout-helpers";

/*
 * Issue 12's crash drill (npm run drill:crash) left proof files that no row names: a server
 * killed between writing a proof and committing its row. A file is now whole or absent under
 * its name, and the sweep removes what no row names once it is two days old.
 */

const THREE_DAYS_AGO = new Date(Date.now() - 3 * 86_400_000);

async function received() {
  const dir = path.join(getEnv().DATA_DIR, "uploads", "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const tempPath = path.join(dir, crypto.randomBytes(8).toString("hex"));
  fs.writeFileSync(tempPath, await pngBytes());
  return { tempPath };
}

describe("a stored proof", () => {
  it("is the file its row names, owner-only, with no temporary file left beside it", async () => {
    const shopper = await createShopper(db);
    const stored = await storeProof(await received(), { userId: shopper.id, guestId: null });
    if (!stored.ok) throw new Error(stored.message);
    const row = await db
      .selectFrom("paymentProofs")
      .select(["file", "size", "contentHash"])
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    const file = path.join(proofsDir(), row.file);
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBe(row.size);
    expect(proofContentHash(bytes)).toBe(row.contentHash);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(proofsDir()).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("writeFileDurably replaces nothing but its target and leaves no temporary file", async () => {
    const dir = fs.mkdtempSync(path.join(getEnv().DATA_DIR, "durable-"));
    const target = path.join(dir, "a.webp");
    await writeFileDurably(target, Buffer.from("primera"));
    await writeFileDurably(target, Buffer.from("segunda"));
    expect(fs.readFileSync(target, "utf8")).toBe("segunda");
    expect(fs.readdirSync(dir)).toEqual(["a.webp"]);
  });
});

describe("the sweep of stray uploads", () => {
  it("removes old files no row names (proofs, .tmp, received uploads), keeps named and recent ones", async () => {
    const shopper = await createShopper(db);
    const stored = await storeProof(await received(), { userId: shopper.id, guestId: null });
    if (!stored.ok) throw new Error(stored.message);
    const named = path.join(proofsDir(), `${stored.id}.webp`);
    const stray = path.join(proofsDir(), `${crypto.randomBytes(16).toString("hex")}.webp`);
    const halfWritten = `${stray}.0a1b2c.tmp`;
    const recentStray = path.join(proofsDir(), `${crypto.randomBytes(16).toString("hex")}.webp`);
    const oldUpload = (await received()).tempPath;
    const recentUpload = (await received()).tempPath;
    for (const file of [stray, halfWritten, recentStray]) fs.writeFileSync(file, "x");
    for (const file of [named, stray, halfWritten, oldUpload]) {
      fs.utimesSync(file, THREE_DAYS_AGO, THREE_DAYS_AGO);
    }

    expect(await deleteStrayUploads()).toBeGreaterThanOrEqual(3);

    for (const gone of [stray, halfWritten, oldUpload]) expect(fs.existsSync(gone)).toBe(false);
    for (const kept of [named, recentStray, recentUpload]) expect(fs.existsSync(kept)).toBe(true);
  });
});
