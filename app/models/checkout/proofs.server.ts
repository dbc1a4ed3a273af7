import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import {
  owns,
  ownedBy,
  ownerColumns,
  type KnownShopper,
  type Shopper,
} from "~/models/auth/shopper";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { RateLimiter } from "~/utils/rate-limit.server";
import {
  imagePixelsCheck,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  TOO_MANY_PIXELS_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadsTempDir,
} from "~/utils/uploads.server";
import { fileStore, type StoredFile } from "~/models/files/stored-files.server";
import {
  isProofFileName,
  proofContentHash,
  proofFilePathIn,
  proofsDirIn,
} from "./proof-files.server";

/*
 * D8: payment proofs. The multipart body is streamed: the proof goes to a temporary file as it
 * arrives (never the whole request in memory, and not Remix's 3 MB memory handler), bytes past
 * 5 MB are read and thrown away, and a body far past the limit is cut off. The type comes from
 * the file's first bytes, never its name or the browser's Content-Type. The image is re-encoded
 * (WebP, metadata stripped, at most 2000 px) under a random name in the uploads' store
 * (DATA_DIR/uploads/proofs, or the bucket's proofs/: decision 120).
 */

export const PROOF_FIELD = "proofFile";
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

export const PROOF_MESSAGES = {
  tooLarge: UPLOAD_TOO_LARGE_MESSAGE,
  notImage: "El comprobante debe ser una imagen (JPG, PNG, WebP o HEIC).",
  unreadable: "No se pudo leer la imagen. Sube una foto o captura en JPG, PNG o WebP.",
  uploadTitle: "Error al subir el archivo",
  uploadFailed: "No se pudo cargar el comprobante. Inténtalo de nuevo.",
  uploaded: "Comprobante cargado",
  tooMany: "Demasiados comprobantes subidos. Intenta de nuevo en unos minutos.",
  tooManyPixels: TOO_MANY_PIXELS_MESSAGE,
} as const;

/**
 * Proofs per address: a shopper uploads one or two, so 30 in 10 minutes only stops someone
 * filling the disk (each proof is up to 5 MB before re-encoding).
 */
const proofUploads = new RateLimiter({
  scope: "proof-upload",
  limit: 30,
  windowMs: 10 * 60 * 1000,
});

export type ReceivedProof =
  | { status: "none" }
  | { status: "too_large" }
  | { status: "too_many" }
  | { status: "received"; tempPath: string; size: number };

export function proofsDir() {
  return proofsDirIn(getEnv().DATA_DIR);
}

/** Counts a proof that starts to arrive against its address's limit (false: over it). */
export function admitProofUpload(clientIp: string) {
  return proofUploads.consume(clientIp);
}

export type StoreProofResult = { ok: true; id: string } | { ok: false; message: string };

/** Checks, re-encodes and records an uploaded proof for its uploader; the temporary file is removed. */
export async function storeProof(
  received: { tempPath: string },
  shopper: KnownShopper,
): Promise<StoreProofResult> {
  try {
    const handle = await fs.promises.open(received.tempPath, "r");
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    if (!sniffImageType(head)) return { ok: false, message: PROOF_MESSAGES.notImage };
    const pixels = await imagePixelsCheck(received.tempPath);
    if (pixels !== "ok") {
      return {
        ok: false,
        message: pixels === "too_many" ? PROOF_MESSAGES.tooManyPixels : PROOF_MESSAGES.unreadable,
      };
    }
    const id = crypto.randomBytes(16).toString("hex");
    const file = `${id}.webp`;
    let webp: { data: Buffer; info: sharp.OutputInfo };
    try {
      // limitInputPixels again: the header checked above could lie about what decodes.
      webp = await sharp(received.tempPath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // The bytes looked like an image but do not decode (truncated, or HEVC-coded HEIC,
      // which this build of libvips cannot read): the shopper is asked for another picture.
      return { ok: false, message: PROOF_MESSAGES.unreadable };
    }
    // Issue 12 (crash safety): the file is whole and stored before the row naming it commits.
    const store = fileStore();
    await store.write("proofs", file, webp.data, "image/webp");
    const size = webp.info.size;
    // The same picture re-encodes to the same bytes: the admin's duplicate-proof warning.
    const contentHash = proofContentHash(webp.data);
    try {
      await db
        .insertInto("paymentProofs")
        .values({ id, file, ...ownerColumns(shopper), orderId: null, size, contentHash })
        .execute();
    } catch (error) {
      await store.remove("proofs", file);
      throw error;
    }
    return { ok: true, id };
  } finally {
    fs.rmSync(received.tempPath, { force: true });
  }
}

/**
 * Decision 094: how long an uploaded proof no order took stays attached to its uploader's
 * checkout. Within it, /checkout shows it again after a reload or a closed tab, so the photo is
 * not sent twice; after it the shopper chooses again, and the uploads sweep removes it a day later.
 */
export const ATTACHED_PROOF_MS = 24 * 60 * 60 * 1000;

/** The shopper's newest proof that no order took, uploaded within the last day, or null. */
export async function getAttachedProof(shopper: Shopper, now = Date.now()) {
  if (shopper.userId === null && shopper.guestId === null) return null;
  const proof = await db
    .selectFrom("paymentProofs as p")
    .select("p.id")
    .where(ownedBy(shopper, "p"))
    .where("p.orderId", "is", null)
    .where("p.createdAt", ">=", new Date(now - ATTACHED_PROOF_MS).toISOString())
    .orderBy("p.createdAt", "desc")
    .orderBy("p.id", "desc")
    .executeTakeFirst();
  return proof?.id ?? null;
}

/**
 * Whether `id` is a proof `shopper` uploaded and no order has taken: the only proof an order
 * may take, at the checkout or as a late receipt. Read on the writing transaction.
 */
export async function isOwnUnusedProof(executor: Kysely<Database>, shopper: Shopper, id: string) {
  const proof = await executor
    .selectFrom("paymentProofs")
    .select(["userId", "sessionId", "orderId"])
    .where("id", "=", id)
    .executeTakeFirst();
  return proof !== undefined && proof.orderId === null && owns(shopper, proof);
}

/**
 * 'Quitar comprobante': the shopper's own proof that no order took is deleted, row and file, so
 * it is no longer attached to their checkout. Anything else (another shopper's, an order's) is
 * left alone; the answer is the same.
 */
export async function removeUnusedProof(shopper: Shopper, id: string) {
  const removed = await db
    .deleteFrom("paymentProofs")
    .where("id", "=", id)
    .where("orderId", "is", null)
    .where(ownedBy(shopper, "paymentProofs"))
    .returning("file")
    .executeTakeFirst();
  if (removed && isProofFileName(removed.file)) await fileStore().remove("proofs", removed.file);
}

/** A proof's path in the local folder (without a bucket), or null for a name not ours. */
export function proofFilePath(file: string) {
  return proofFilePathIn(getEnv().DATA_DIR, file);
}

/**
 * A stored proof's bytes, or null when it is missing. `file` is checked to be one of ours, so
 * no path can escape. Who may read it is the caller's rule (resources.payment-proofs.$id.tsx).
 */
export function readProofFile(file: string): Promise<StoredFile | null> {
  return isProofFileName(file) ? fileStore().read("proofs", file) : Promise.resolve(null);
}

const ORPHAN_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/** Proofs no order took within two days (abandoned checkouts): their rows and files go. */
export async function deleteOrphanProofs(now = Date.now()) {
  const cutoff = new Date(now - ORPHAN_AFTER_MS).toISOString();
  const orphans = await db
    .deleteFrom("paymentProofs")
    .where("orderId", "is", null)
    .where("createdAt", "<", cutoff)
    .returning("file")
    .execute();
  const store = fileStore();
  for (const { file } of orphans) {
    if (isProofFileName(file)) await store.remove("proofs", file);
  }
  return orphans.length;
}

/**
 * Files no row names, older than two days: a proof written by a server killed before its row
 * was committed (or a `.tmp` left by a kill during the write), and uploads killed while they
 * were being received (uploads/tmp). A younger one may be a store in progress, so it stays.
 * With the uploads in a bucket only uploads/tmp is swept: an object written by a server killed
 * before its row is not looked for there (decision 120).
 */
export async function deleteStrayUploads(now = Date.now()) {
  const cutoff = now - ORPHAN_AFTER_MS;
  const named = new Set(
    (await db.selectFrom("paymentProofs").select("file").execute()).map((row) => row.file),
  );
  const folders: [string, (name: string) => boolean][] = [[uploadsTempDir(), () => false]];
  if (fileStore().bucketLocation === null) folders.push([proofsDir(), (name) => named.has(name)]);
  let deleted = 0;
  for (const [dir, keep] of folders) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const fullPath = path.join(dir, name);
      if (keep(name) || fs.statSync(fullPath).mtimeMs >= cutoff) continue;
      fs.rmSync(fullPath, { force: true });
      deleted++;
    }
  }
  return deleted;
}

/** The uploads' sweep (app/jobs.server.ts, every 6 hours): abandoned proofs, then stray files. */
export async function uploadsSweepJob() {
  const proofs = await deleteOrphanProofs();
  const files = await deleteStrayUploads();
  return proofs + files > 0 ? `removed ${proofs} abandoned proof(s), ${files} stray file(s)` : null;
}
