import crypto from "node:crypto";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "../../db/types";
import { ORIGIN, sessionCookie } from "./route-helpers";

/*
 * Checkout fixtures: images made with sharp at test time, carts written straight to the
 * database, and the checkout form as a browser without JS posts it (multipart, proof included).
 */

/** A product's stock now and the units its order lines sold: what a crowd of buyers left. */
export async function stockAndSold(db: Kysely<Database>, productId: number) {
  const [product, items] = await Promise.all([
    db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow(),
    db.selectFrom("orderItems").select("quantity").where("productId", "=", productId).execute(),
  ]);
  return { stock: product.stock, sold: items.reduce((sum, item) => sum + item.quantity, 0) };
}

export async function pngBytes(width = 32, height = 24) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } },
  })
    .png()
    .toBuffer();
}

export async function jpegBytes(width = 32, height = 24) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secreto-exif" } } })
    .toBuffer();
}

export type CartOwnerRef = { userId: number } | { guestId: string };

export async function putInCart(
  db: Kysely<Database>,
  owner: CartOwnerRef,
  productId: number,
  quantity = 1,
  size = "100ml",
) {
  await db
    .insertInto("cartItems")
    .values({
      userId: "userId" in owner ? owner.userId : null,
      sessionId: "guestId" in owner ? owner.guestId : null,
      productId,
      size,
      quantity,
    })
    .execute();
}

export const deliveryFields = {
  email: "comprador@example.com",
  firstName: "Ana",
  lastName: "López",
  phone: "9988-7766",
  shippingMethod: "standard",
  address: "Colonia Palmira, calle 5, casa 12",
  referenceAddress: "Frente al parque",
  city: "Tegucigalpa",
  department: "Francisco Morazán",
};

/**
 * A buyer of their own: an e-mail and a phone no other order of the run uses, since orders are
 * limited per e-mail and per phone an hour (decision 132), as a shop's different customers are.
 */
export function newBuyer() {
  const digits = String(crypto.randomInt(0, 10_000_000)).padStart(7, "0");
  return {
    email: `comprador-${crypto.randomBytes(5).toString("hex")}@example.com`,
    phone: `+504 9${digits.slice(0, 3)}-${digits.slice(3)}`,
  };
}

export const pickupFields = {
  email: "comprador@example.com",
  firstName: "Ana",
  lastName: "López",
  phone: "+504 9988-7766",
  shippingMethod: "pickup",
};

export type ProofFile = { bytes: Uint8Array; name: string; type?: string };

/** The checkout form posted as one multipart request (what a browser without JS sends). */
export function checkoutForm(
  fields: Record<string, string>,
  options: {
    cookie?: string;
    proof?: ProofFile;
    origin?: string;
    base?: string;
    /** Sent as X-Forwarded-For, which the server trusts from loopback: a buyer's own address. */
    clientIp?: string;
  } = {},
) {
  const body = new FormData();
  body.set("intent", "place-order");
  body.set("checkoutKey", crypto.randomUUID());
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (options.proof) {
    body.set(
      "proofFile",
      new File([new Uint8Array(options.proof.bytes)], options.proof.name, {
        type: options.proof.type ?? "application/octet-stream",
      }),
    );
  }
  return new Request(`${options.base ?? ORIGIN}/checkout`, {
    method: "POST",
    headers: {
      Origin: options.origin ?? options.base ?? ORIGIN,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.clientIp ? { "X-Forwarded-For": options.clientIp } : {}),
    },
    body,
  });
}

/**
 * A shopper placing a delivery order with a PNG proof over real HTTP, as a browser without JS
 * would; `clientIp` is theirs (proofs and orders are limited per address), and so are the
 * e-mail and phone (`newBuyer`). The redirect is not followed.
 */
export function postCheckout(
  base: string,
  shopper: { cookie: string; clientIp: string; png: Uint8Array },
) {
  return fetch(
    checkoutForm(
      { ...deliveryFields, ...newBuyer() },
      {
        cookie: shopper.cookie,
        clientIp: shopper.clientIp,
        base,
        proof: { bytes: shopper.png, name: "pago.png" },
      },
    ),
    { redirect: "manual" },
  );
}

/** A guest's session cookie with a guest id (the cart and proofs hang off it). */
export async function guestCookie(options: { appliedCoupon?: string } = {}) {
  const guestId = crypto.randomUUID();
  return { guestId, cookie: await sessionCookie({ guestId, ...options }) };
}

/** A signed-in customer's session cookie; it has a guest id too, as after a real sign-in. */
export async function userCookie(userId: number) {
  const guestId = crypto.randomUUID();
  return { guestId, cookie: await sessionCookie({ userId, guestId }) };
}
