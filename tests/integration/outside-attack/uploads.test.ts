import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { MAX_IMAGE_PIXELS, TOO_MANY_PIXELS_MESSAGE } from "~/utils/uploads.server";
import { createUser } from "../../../seed/factories/users";
import { createProduct, deleteProducts } from "../../../seed/factories/catalog";
import {
  deliveryFields,
  guestCookie,
  newBuyer,
  pngBytes,
  putInCart,
} from "../../setup/checkout-helpers";
import { startServer } from "../../setup/http-server";
import { signedInCookie } from "../../setup/route-helpers";

/*
 * Issue 19, items 5 and 13, replayed against the built server: uploads cut off half-way or
 * refused leave no temporary file and still count against the proof limit, and a picture that
 * decodes to more than 25 megapixels is refused before it is decoded.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let adminCookie: string;
const tmpDir = () => path.join(getEnv().DATA_DIR, "uploads", "tmp");
const tmpFiles = () => (fs.existsSync(tmpDir()) ? fs.readdirSync(tmpDir()) : []);

beforeAll(async () => {
  server = await startServer();
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
});
afterAll(async () => {
  await server?.stop();
});

async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A receipt upload that announces `declaredBytes` of picture, sends `sentBytes` of it and
 * hangs up once the server has started writing it to disk (as a phone losing its signal).
 * `path` and the text `fields` sent before the picture: the proof route's by default, or a
 * whole checkout form's.
 */
async function abortedUpload(
  shopper: { cookie: string; clientIp: string },
  declaredBytes: number,
  sentBytes: number,
  {
    path = "/resources/checkout-proof",
    fields = {},
  }: { path?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----corte${crypto.randomBytes(8).toString("hex")}`;
  const parts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const head = Buffer.from(
    `${parts}--${boundary}\r\nContent-Disposition: form-data; name="proofFile"; filename="pago.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { port } = new URL(server.baseUrl);
  const request = http.request({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    headers: {
      Origin: server.origin,
      Cookie: shopper.cookie,
      // The server trusts its local proxy's word for the client's address (the proof limit's key).
      "X-Forwarded-For": shopper.clientIp,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": head.length + declaredBytes + tail.length,
    },
  });
  const closed = new Promise<void>((resolve) => {
    request.on("error", () => resolve());
    request.on("close", () => resolve());
  });
  request.write(head);
  request.write(Buffer.alloc(sentBytes, 0xab));
  await until(() => tmpFiles().length > 0, "the server to start writing the upload");
  request.destroy();
  await closed;
}

/** Each test uploads from an address of its own: proofs are limited per address. */
const address = () => `198.51.100.${crypto.randomInt(1, 255)}`;

function proofUpload(
  shopper: { cookie: string; clientIp?: string },
  file: { bytes: Uint8Array; name: string },
) {
  const body = new FormData();
  body.set("proofFile", new File([new Uint8Array(file.bytes)], file.name));
  return fetch(`${server.baseUrl}/resources/checkout-proof`, {
    method: "POST",
    headers: {
      Origin: server.origin,
      Cookie: shopper.cookie,
      "X-Forwarded-For": shopper.clientIp ?? address(),
    },
    body,
  });
}

describe("temporary upload files (issue 19, item 5)", () => {
  it("a 413 receipt upload (a proof past the 25 MB cut-off) leaves no temporary file", async () => {
    const guest = await guestCookie();
    const response = await proofUpload(guest, {
      bytes: new Uint8Array(26 * 1024 * 1024),
      name: "enorme.jpg",
    });
    expect(response.status).toBe(413);
    await until(() => tmpFiles().length === 0, "uploads/tmp to be empty");
  });

  it("a 413 logo upload leaves no temporary file", async () => {
    const body = new FormData();
    body.set("name", "Marca Enorme");
    body.set("logo", new File([new Uint8Array(11 * 1024 * 1024)], "logo.png"));
    const response = await fetch(`${server.baseUrl}/admin/brands/new`, {
      method: "POST",
      headers: { Origin: server.origin, Cookie: adminCookie },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(413);
    await until(() => tmpFiles().length === 0, "uploads/tmp to be empty");
    const brand = await db
      .selectFrom("brands")
      .select("id")
      .where("name", "=", "Marca Enorme")
      .executeTakeFirst();
    expect(brand).toBeUndefined();
  });

  it("aborted 4.5 MB receipt uploads leave nothing behind, and count against the proof limit", async () => {
    const guest = { ...(await guestCookie()), clientIp: "203.0.113.19" };
    // Five cut off half-way, as the attack did, then 25 more: 30 is the limit in ten minutes.
    for (let i = 0; i < 30; i++) {
      await abortedUpload(guest, 4.5 * 1024 * 1024, 1024 * 1024);
      await until(() => tmpFiles().length === 0, `aborted upload ${i + 1} to be removed`);
    }
    const response = await proofUpload(guest, {
      bytes: await pngBytes(8, 8),
      name: "pago.png",
    });
    expect(response.status).toBe(429);
    expect((await response.json()).error).toBe(
      "Demasiados comprobantes subidos. Intenta de nuevo en unos minutos.",
    );
    expect(tmpFiles()).toEqual([]);
  });
});

describe("a checkout post cut off while its photo travels (issue 39, 1b)", () => {
  it("keeps what was typed above the photo: /checkout opened again shows it, and no order is made", async () => {
    const guest = await guestCookie();
    const product = await createProduct(db, { stock: 5 });
    await putInCart(db, { guestId: guest.guestId }, product.id);
    const checkoutPage = async () =>
      (await fetch(`${server.baseUrl}/checkout`, { headers: { Cookie: guest.cookie } })).text();

    // Without JavaScript the browser sends the fields in the page's order: the photo comes
    // after everything a person types, so they have arrived when the signal goes.
    const page = await checkoutPage();
    const at = (name: string) => page.indexOf(`name="${name}"`);
    for (const name of ["firstName", "lastName", "email", "phone", "address", "city"]) {
      expect(at(name), name).toBeGreaterThan(-1);
      expect(at(name), name).toBeLessThan(at("proofFile"));
    }

    const tag = crypto.randomBytes(4).toString("hex");
    const typed = {
      ...deliveryFields,
      ...newBuyer(),
      address: `Colonia Palmira, calle ${tag}, casa 12`,
      referenceAddress: `Portón verde ${tag}`,
    };
    await abortedUpload(
      { cookie: guest.cookie, clientIp: address() },
      4 * 1024 * 1024,
      512 * 1024,
      {
        path: "/checkout",
        fields: { intent: "place-order", checkoutKey: crypto.randomUUID(), ...typed },
      },
    );

    let again = "";
    const started = Date.now();
    while (!again.includes(typed.address) && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await checkoutPage();
    }
    expect(again).toContain(`value="${typed.address}"`);
    expect(again).toContain(`value="${typed.referenceAddress}"`);
    expect(again).toContain(`value="${typed.email}"`);
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where("customerEmail", "=", typed.email)
      .execute();
    expect(orders).toEqual([]);
    await until(() => tmpFiles().length === 0, "uploads/tmp to be empty");
    await deleteProducts(db, [product]);
  });
});

describe("decoded pixels (issue 19, item 13)", () => {
  let bigPng: Uint8Array;
  beforeAll(async () => {
    // 7000 × 7000 = 49 megapixels in a few hundred kilobytes of PNG.
    bigPng = new Uint8Array(
      await sharp({
        create: { width: 7000, height: 7000, channels: 3, background: "#f5f0e6" },
      })
        .png()
        .toBuffer(),
    );
    expect(7000 * 7000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it("refuses a 49-megapixel PNG as a receipt, with the reason, and stores nothing", async () => {
    const guest = await guestCookie();
    const response = await proofUpload(guest, { bytes: bigPng, name: "captura.png" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(TOO_MANY_PIXELS_MESSAGE);
    const stored = await db
      .selectFrom("paymentProofs")
      .select("id")
      .where("sessionId", "=", guest.guestId)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses a 49-megapixel PNG as a brand logo, with the reason, and creates no brand", async () => {
    const body = new FormData();
    body.set("name", "Marca Gigante");
    body.set("logo", new File([new Uint8Array(bigPng)], "logo.png"));
    const response = await fetch(
      `${server.baseUrl}/admin/brands/new?_data=routes/admin.brands_.new`,
      {
        method: "POST",
        headers: { Origin: server.origin, Cookie: adminCookie },
        body,
        redirect: "manual",
      },
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(TOO_MANY_PIXELS_MESSAGE);
    const brand = await db
      .selectFrom("brands")
      .select("id")
      .where("name", "=", "Marca Gigante")
      .executeTakeFirst();
    expect(brand).toBeUndefined();
  });

  it("still takes a 24-megapixel photo", async () => {
    const guest = await guestCookie();
    const photo = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: "#204060" },
    })
      .jpeg()
      .toBuffer();
    const response = await proofUpload(guest, {
      bytes: new Uint8Array(photo),
      name: "foto.jpg",
    });
    expect(response.status).toBe(200);
  });
});
