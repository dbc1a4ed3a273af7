import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { action as proofAction } from "~/routes/resources.checkout-proof";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_store.checkout/route";
import { proofsDir, uploadsSweepJob } from "~/models/checkout/proofs.server";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import { get, ORIGIN, settle } from "../setup/route-helpers";

/*
 * Decision 094: a proof uploaded at checkout stays attached to its uploader's checkout for a
 * day, so /checkout after a reload or a closed tab carries it without sending it again; only
 * its owner sees it; an order takes it; 'Quitar comprobante' detaches it.
 */

const HOUR = 60 * 60 * 1000;

function post(body: FormData, cookie: string) {
  return settle(() =>
    proofAction({
      request: new Request(`${ORIGIN}/resources/checkout-proof`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookie },
        body,
      }),
      params: {},
      context: { clientIp: "203.0.113.94" },
    }),
  );
}

async function upload(cookie: string) {
  const body = new FormData();
  body.set("proofFile", new File([new Uint8Array(await pngBytes(40, 30))], "pago.png"));
  const response = await post(body, cookie);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { id: string; error: null };
  expect(answer.id).toMatch(/^[0-9a-f]{32}$/);
  return answer.id;
}

async function attached(cookie: string) {
  const response = await settle(() =>
    checkoutLoader({ request: get("/checkout", cookie), params: {}, context: {} }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { attachedProof: string | null }).attachedProof;
}

const uploadedAgo = (id: string, ms: number) =>
  db
    .updateTable("paymentProofs")
    .set({ createdAt: new Date(Date.now() - ms).toISOString() })
    .where("id", "=", id)
    .execute();

const proofCount = async (guestId: string) =>
  Number(
    (
      await db
        .selectFrom("paymentProofs")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("sessionId", "=", guestId)
        .executeTakeFirstOrThrow()
    ).count,
  );

describe("the receipt attached to the shopper's checkout (decision 094)", () => {
  it("comes back on /checkout for its uploader, for a day, and only for them", async () => {
    const guest = await guestCookie();
    const stranger = await guestCookie();
    const otherAccount = await userCookie((await createShopper(db)).id);
    expect(await attached(guest.cookie)).toBeNull();

    const id = await upload(guest.cookie);

    expect(await attached(guest.cookie)).toBe(id);
    expect(await attached(stranger.cookie)).toBeNull();
    expect(await attached(otherAccount.cookie)).toBeNull();
    expect(await attached("")).toBeNull();

    await uploadedAgo(id, 23 * HOUR);
    expect(await attached(guest.cookie)).toBe(id);
    await uploadedAgo(id, 25 * HOUR);
    expect(await attached(guest.cookie)).toBeNull();
  });

  it("a newer upload ('Cambiar Comprobante') is the one attached", async () => {
    const guest = await guestCookie();
    const first = await upload(guest.cookie);
    await uploadedAgo(first, HOUR);
    const second = await upload(guest.cookie);
    expect(await attached(guest.cookie)).toBe(second);
  });

  it("a visitor's first upload gets a guest id, and the receipt is attached to that session", async () => {
    const body = new FormData();
    body.set("proofFile", new File([new Uint8Array(await pngBytes())], "pago.png"));
    const response = await post(body, "");
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^perfumeria_session=/);
    const { id } = (await response.json()) as { id: string };
    expect(await attached(cookie)).toBe(id);
  });

  it("the order carries the attached receipt without it being sent again, and then it is no longer attached", async () => {
    const guest = await guestCookie();
    const product = await createProduct(db, { price: 150_000, stock: 5 });
    await putInCart(db, { guestId: guest.guestId }, product.id, 1, product.size);
    await upload(guest.cookie);
    // The tab was closed: the checkout comes back with the receipt's id, and no file is posted.
    const id = await attached(guest.cookie);
    expect(id).not.toBeNull();

    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm({ ...deliveryFields, paymentProof: id! }, { cookie: guest.cookie }),
        params: {},
        context: { clientIp: "203.0.113.94" },
      }),
    );

    expect(placed.status).toBe(302);
    expect(placed.headers.get("Location")).toMatch(/^\/order-success\?order=/);
    const proof = await db
      .selectFrom("paymentProofs")
      .select("orderId")
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();
    expect(proof.orderId).not.toBeNull();
    expect(await proofCount(guest.guestId)).toBe(1);
    expect(await attached(guest.cookie)).toBeNull();
  });

  it("'Quitar comprobante' deletes the owner's unused receipt, and nobody else's", async () => {
    const guest = await guestCookie();
    const stranger = await guestCookie();
    const id = await upload(guest.cookie);
    const remove = (cookie: string) => {
      const body = new FormData();
      body.set("intent", "remove");
      body.set("id", id);
      return post(body, cookie);
    };

    expect((await remove(stranger.cookie)).status).toBe(200);
    expect(await attached(guest.cookie)).toBe(id);

    expect((await remove(guest.cookie)).status).toBe(200);
    expect(await attached(guest.cookie)).toBeNull();
    expect(await proofCount(guest.guestId)).toBe(0);
    expect(fs.existsSync(path.join(proofsDir(), `${id}.webp`))).toBe(false);
  });

  it("a receipt never used is swept by the uploads job two days after its upload", async () => {
    const guest = await guestCookie();
    const id = await upload(guest.cookie);
    await uploadedAgo(id, 49 * HOUR);

    await uploadsSweepJob();

    expect(await proofCount(guest.guestId)).toBe(0);
    expect(fs.existsSync(path.join(proofsDir(), `${id}.webp`))).toBe(false);
  });

  it("the upload route checks what it receives like any upload: not an image is refused", async () => {
    const guest = await guestCookie();
    const body = new FormData();
    body.set("proofFile", new File([new TextEncoder().encode("<html></html>")], "pago.jpg"));
    const response = await post(body, guest.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      id: null,
      error: "El comprobante debe ser una imagen (JPG, PNG, WebP o HEIC).",
    });
    expect(await attached(guest.cookie)).toBeNull();
  });
});
