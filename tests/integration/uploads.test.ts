import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader as proofLoader } from "~/routes/resources.payment-proofs.$id";
import { action } from "~/routes/_store.checkout/route";
import { action as proofAction } from "~/routes/resources.checkout-proof";
import {
  deleteOrphanProofs,
  PROOF_MAX_BYTES,
  PROOF_MESSAGES,
  proofsDir,
} from "~/models/checkout/proofs.server";
import { sniffImageType } from "~/utils/uploads.server";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  jpegBytes,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import { get, ORIGIN, settle } from "../setup/route-helpers";

const run = (request: Request) => settle(() => action({ request, params: {}, context: {} }));
const runUpload = (request: Request, clientIp?: string) =>
  settle(() => proofAction({ request, params: {}, context: clientIp ? { clientIp } : {} }));

/** What the JS enhancement posts when a file is chosen (proof-upload.tsx, decision 094). */
function uploadPost(file: { bytes: Uint8Array; name: string; type?: string }, cookie: string) {
  const body = new FormData();
  body.set(
    "proofFile",
    new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "" }),
  );
  return new Request(`${ORIGIN}/resources/checkout-proof`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie },
    body,
  });
}

async function upload(file: { bytes: Uint8Array; name: string; type?: string }, cookie: string) {
  const response = await runUpload(uploadPost(file, cookie));
  return { status: response.status, body: await response.json() };
}

const viewProof = (id: string, cookie?: string) =>
  settle(() =>
    proofLoader({
      request: get(`/resources/payment-proofs/${id}`, cookie),
      params: { id },
      context: {},
    }),
  );

describe("proof uploads (D8): the type by the bytes, 5 MB at most, re-encoded", () => {
  it("refuses a 31st proof from one address within ten minutes and stores nothing", async () => {
    const guest = await guestCookie();
    const png = await pngBytes(8, 8);
    const fromOneAddress = () =>
      runUpload(uploadPost({ bytes: png, name: "pago.png" }, guest.cookie), "203.0.113.77");
    for (let i = 0; i < 30; i++) expect((await fromOneAddress()).status).toBe(200);
    const stored = await db
      .selectFrom("paymentProofs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("sessionId", "=", guest.guestId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(30);

    const refused = await fromOneAddress();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(PROOF_MESSAGES.tooMany);
    const after = await db
      .selectFrom("paymentProofs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("sessionId", "=", guest.guestId)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(30);
  });

  it("accepts a PNG named .pdf (by its content) and stores it re-encoded as WebP under a random name", async () => {
    const guest = await guestCookie();
    const { status, body } = await upload(
      { bytes: await pngBytes(40, 30), name: "comprobante.pdf", type: "application/pdf" },
      guest.cookie,
    );
    expect(status).toBe(200);
    expect(body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.error).toBe(null);
    const file = path.join(proofsDir(), `${body.id}.webp`);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 40, height: 30 });
    const row = await db
      .selectFrom("paymentProofs")
      .selectAll()
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: null, sessionId: guest.guestId, orderId: null });
  });

  it("strips metadata (EXIF) from a JPEG", async () => {
    const guest = await guestCookie();
    const bytes = await jpegBytes();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const { body } = await upload({ bytes, name: "foto.jpg", type: "image/jpeg" }, guest.cookie);
    const meta = await sharp(path.join(proofsDir(), `${body.id}.webp`)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("refuses an HTML file named .jpg", async () => {
    const guest = await guestCookie();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const { status, body } = await upload(
      { bytes: html, name: "foto.jpg", type: "image/jpeg" },
      guest.cookie,
    );
    expect(status).toBe(400);
    expect(body).toEqual({ id: null, error: PROOF_MESSAGES.notImage });
    expect(
      await db
        .selectFrom("paymentProofs")
        .select("id")
        .where("sessionId", "=", guest.guestId)
        .execute(),
    ).toEqual([]);
  });

  it("refuses bytes that look like an image but do not decode", async () => {
    const guest = await guestCookie();
    const png = await pngBytes();
    const { body } = await upload({ bytes: png.subarray(0, 40), name: "roto.png" }, guest.cookie);
    expect(body.error).toBe(PROOF_MESSAGES.unreadable);
  });

  it("refuses 5 MB + 1 byte with the spec's message, and leaves no temporary file", async () => {
    const guest = await guestCookie();
    const png = await pngBytes();
    const bytes = new Uint8Array(PROOF_MAX_BYTES + 1);
    bytes.set(png);
    const { status, body } = await upload(
      { bytes, name: "grande.png", type: "image/png" },
      guest.cookie,
    );
    expect(status).toBe(413);
    expect(body.error).toBe("El archivo es muy grande. Máximo 5MB permitido.");
    const tmp = path.join(path.dirname(proofsDir()), "tmp");
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it("cuts off a body far past the limit (25 MB over all parts) with 413", async () => {
    const guest = await guestCookie();
    const body = new FormData();
    for (const name of ["a", "b", "c"]) {
      body.set(name, new File([new Uint8Array(9 * 1024 * 1024)], `${name}.bin`));
    }
    const request = new Request(`${ORIGIN}/checkout`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: guest.cookie },
      body,
    });
    const response = await run(request);
    expect(response.status).toBe(413);
  });

  it("without JS a too-large proof comes back as the proof field's error, with the fields kept", async () => {
    const product = await createProduct(db);
    const guest = await guestCookie();
    await putInCart(db, { guestId: guest.guestId }, product.id);
    const bytes = new Uint8Array(PROOF_MAX_BYTES + 1);
    const response = await run(
      checkoutForm(deliveryFields, { cookie: guest.cookie, proof: { bytes, name: "x.png" } }),
    );
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.paymentProof).toEqual([PROOF_MESSAGES.tooLarge]);
    expect(result.initialValue).toMatchObject({
      email: deliveryFields.email,
      city: deliveryFields.city,
    });
  });

  it("recognises JPEG, PNG, WebP and HEIC by their first bytes", async () => {
    expect(sniffImageType(await jpegBytes())).toBe("jpeg");
    expect(sniffImageType(await pngBytes())).toBe("png");
    expect(
      sniffImageType(
        await sharp(await pngBytes())
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic")]);
    expect(sniffImageType(heic)).toBe("heif");
    expect(sniffImageType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  });
});

describe("who may see a proof (D8, D10)", () => {
  it("the uploader and admins see it with nosniff and no-store; another customer and strangers get 404", async () => {
    const owner = await createShopper(db);
    const ownerSession = await userCookie(owner.id);
    const { body } = await upload({ bytes: await pngBytes(), name: "p.png" }, ownerSession.cookie);
    const id: string = body.id;

    const mine = await viewProof(id, ownerSession.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");

    const other = await createShopper(db);
    expect((await viewProof(id, (await userCookie(other.id)).cookie)).status).toBe(404);
    expect((await viewProof(id)).status).toBe(404);
    expect((await viewProof(id, (await guestCookie()).cookie)).status).toBe(404);

    const admin = await createShopper(db, { role: "admin" });
    expect((await viewProof(id, (await userCookie(admin.id)).cookie)).status).toBe(200);
    expect((await viewProof("0".repeat(32), ownerSession.cookie)).status).toBe(404);
    expect((await viewProof("../../store.db", ownerSession.cookie)).status).toBe(404);
  });

  it("after a guest's order only that guest session (and admins) sees the order's proof", async () => {
    const product = await createProduct(db);
    const guest = await guestCookie();
    await putInCart(db, { guestId: guest.guestId }, product.id);
    const response = await run(
      checkoutForm(deliveryFields, {
        cookie: guest.cookie,
        proof: { bytes: await pngBytes(), name: "p.png" },
      }),
    );
    const orderId =
      new URL(response.headers.get("location") ?? "", ORIGIN).searchParams.get("order") ?? "";
    const order = await db
      .selectFrom("orders")
      .select("paymentProof")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const id = (order.paymentProof ?? "").split("/").pop() ?? "";
    expect((await viewProof(id, guest.cookie)).status).toBe(200);
    expect((await viewProof(id, (await guestCookie()).cookie)).status).toBe(404);
    const stranger = await createShopper(db);
    expect((await viewProof(id, (await userCookie(stranger.id)).cookie)).status).toBe(404);
  });
});

describe("abandoned proofs", () => {
  it("a proof no order took within two days is deleted with its file; a fresh or ordered one stays", async () => {
    const guest = await guestCookie();
    const { body } = await upload({ bytes: await pngBytes(), name: "p.png" }, guest.cookie);
    const id: string = body.id;
    const file = path.join(proofsDir(), `${id}.webp`);
    expect(await deleteOrphanProofs()).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    await db
      .updateTable("paymentProofs")
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await deleteOrphanProofs()).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(
      await db.selectFrom("paymentProofs").select("id").where("id", "=", id).execute(),
    ).toEqual([]);
  });
});
