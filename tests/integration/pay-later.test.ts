import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_store.checkout/route";
import {
  action as orderAction,
  loader as orderLoader,
} from "~/routes/_store.order-confirmation.$orderId";
import { loader as successLoader } from "~/routes/_store.order-success";
import { action as trackAction, loader as trackLoader } from "~/routes/_store.track-order/route";
import { action as draftAction } from "~/routes/resources.checkout-draft";
import { CHECKOUT_MESSAGES } from "~/models/checkout/checkout-messages.server";
import { LATE_PROOF_MESSAGES } from "~/models/orders/late-proof";
import { listProofQueue } from "~/models/orders/admin.server";
import { expireUnpaidTransfers } from "~/models/orders/transfer-deadlines.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import {
  formPost,
  get,
  ORIGIN,
  readSession,
  sessionCookieOf,
  settle,
} from "../setup/route-helpers";

/*
 * Decision 096 (pay after ordering) and decision 095 (the checkout's draft), through the routes
 * with real Requests against the real SQLite file.
 */

const ctx = { params: {}, context: {} };

/** Decision 128: paying later is for a signed-in customer whose e-mail is verified. */
async function customerWithCart() {
  const product = await createProduct(db, { stock: 5 });
  const user = await createUser(db);
  await putInCart(db, { userId: user.id }, product.id, 1);
  return { userId: user.id, ...(await userCookie(user.id)) };
}

async function placePayLater(buyer: { cookie: string }, email = deliveryFields.email) {
  const response = await settle(() =>
    checkoutAction({
      request: checkoutForm({ ...deliveryFields, email, paymentTiming: "later" }, buyer),
      ...ctx,
    }),
  );
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("location") ?? "", ORIGIN).searchParams.get("order");
  return db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", id ?? "")
    .executeTakeFirstOrThrow();
}

function proofPost(path: string, fields: Record<string, string>, cookie?: string, png?: Buffer) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (png) body.set("proofFile", new File([new Uint8Array(png)], "pago.png"));
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

async function proofOf(orderId: string) {
  return db.selectFrom("paymentProofs").selectAll().where("orderId", "=", orderId).execute();
}

describe("pay after ordering (decision 096)", () => {
  it("places a bank-transfer order without a receipt, and the confirmation says it waits for the transfer", async () => {
    const buyer = await customerWithCart();
    const order = await placePayLater(buyer);
    expect(order).toMatchObject({
      status: "pending",
      paymentMethod: "bank_transfer",
      paymentProof: null,
    });
    expect(await proofOf(order.id)).toEqual([]);
    const page = await settle(() =>
      successLoader({ request: get(`/order-success?order=${order.id}`, buyer.cookie), ...ctx }),
    );
    const data = await page.json();
    expect(data.title).toBe("Pedido recibido: esperando tu transferencia");
    expect(data.transfer.kind).toBe("awaiting");
    expect(new Date(data.transfer.dueAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      72 * 60 * 60 * 1000,
    );
    expect(data.bank.bankAccount).toBeTruthy();
  });

  it("still asks for the receipt when paying now", async () => {
    const buyer = await customerWithCart();
    const response = await settle(() =>
      checkoutAction({ request: checkoutForm(deliveryFields, buyer), ...ctx }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.paymentProof).toEqual([CHECKOUT_MESSAGES.proof]);
  });

  it("takes the receipt later from the owner's order page into the proof queue; a second replaces it", async () => {
    const buyer = await customerWithCart();
    const order = await placePayLater(buyer);
    const path = `/order-confirmation/${order.id}`;
    const png = await pngBytes(40, 30);

    const stranger = await guestCookie();
    const refused = await settle(() =>
      orderAction({
        request: proofPost(path, {}, stranger.cookie, png),
        params: { orderId: order.id },
        context: {},
      }),
    );
    // Another browser that is not signed in is asked to sign in (decision 104), and nothing is kept.
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(await proofOf(order.id)).toEqual([]);

    const sent = await settle(() =>
      orderAction({
        request: proofPost(path, {}, buyer.cookie, png),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(path);
    const [proof] = await proofOf(order.id);
    expect(proof).toMatchObject({ userId: buyer.userId });
    const after = await db
      .selectFrom("orders")
      .select(["paymentProof", "status"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({
      status: "pending",
      paymentProof: `/resources/payment-proofs/${proof!.id}`,
    });
    expect((await listProofQueue()).map((entry) => entry.id)).toContain(order.id);
    const page = await settle(() =>
      orderLoader({ request: get(path, buyer.cookie), params: { orderId: order.id }, context: {} }),
    );
    expect((await page.json()).title).toBe("Pedido recibido: pago en revisión");

    // Decision 130: the owner changes the receipt still in review; the first one goes.
    const other = await pngBytes(41, 30);
    const again = await settle(() =>
      orderAction({
        request: proofPost(path, {}, buyer.cookie, other),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(again.status).toBe(302);
    const replaced = await proofOf(order.id);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.id).not.toBe(proof!.id);
    // In review, the deadlines job leaves it alone.
    const run = await expireUnpaidTransfers({ now: new Date(Date.now() + 80 * 60 * 60 * 1000) });
    expect(run.cancelled).not.toContain(order.orderNumber);
  });

  it("takes the receipt from /track-order only from the order's owner, not with its number and e-mail alone", async () => {
    const buyer = await customerWithCart();
    const email = `tarde-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const order = await placePayLater(buyer, email);
    const png = await pngBytes(44, 30);
    const visitor = await guestCookie();
    const post = (fields: Record<string, string>, ip: string) =>
      settle(() =>
        trackAction({
          request: proofPost(
            "/track-order",
            { intent: "upload-proof", ...fields },
            visitor.cookie,
            png,
          ),
          params: {},
          context: { clientIp: ip },
        }),
      );

    const wrong = await post(
      { orderNumber: order.orderNumber, email: "otra@example.com" },
      "10.21.0.1",
    );
    expect(wrong.status).toBe(404);
    expect(await proofOf(order.id)).toEqual([]);

    // Decision 130: the number and e-mail show the order, but another browser's receipt is refused.
    const stranger = await post(
      { orderNumber: order.orderNumber.toLowerCase(), email },
      "10.21.0.2",
    );
    expect(stranger.status).toBe(403);
    expect((await stranger.json()).proof.error).toBe(LATE_PROOF_MESSAGES.not_owner);
    expect(await proofOf(order.id)).toEqual([]);

    const right = await settle(() =>
      trackAction({
        request: proofPost(
          "/track-order",
          { intent: "upload-proof", orderNumber: order.orderNumber, email },
          buyer.cookie,
          png,
        ),
        params: {},
        context: { clientIp: "10.21.0.3" },
      }),
    );
    expect(right.status).toBe(200);
    const data = await right.json();
    expect(data.proof).toEqual({ error: null, received: true });
    expect(data.tracked.payment.transfer.kind).toBe("in_review");
    expect(data.tracked.order).not.toHaveProperty("id");
    expect(await proofOf(order.id)).toHaveLength(1);
  });

  it("refuses a receipt after the deadline", async () => {
    const buyer = await customerWithCart();
    const order = await placePayLater(buyer);
    await db
      .updateTable("orders")
      .set({ paymentDueAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", order.id)
      .execute();
    const png = await pngBytes();
    const response = await settle(() =>
      orderAction({
        request: proofPost(`/order-confirmation/${order.id}`, {}, buyer.cookie, png),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).proofError).toBe(LATE_PROOF_MESSAGES.past_deadline);
    expect(await proofOf(order.id)).toEqual([]);
  });

  it("shows a receipt sent for two orders as a duplicate in the queue, as for one sent at checkout", async () => {
    const png = await pngBytes(52, 31);
    const orders: { id: string; orderNumber: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await customerWithCart();
      const order = await placePayLater(buyer);
      const sent = await settle(() =>
        orderAction({
          request: proofPost(`/order-confirmation/${order.id}`, {}, buyer.cookie, png),
          params: { orderId: order.id },
          context: {},
        }),
      );
      expect(sent.status).toBe(302);
      orders.push(order);
    }
    const second = (await listProofQueue()).find((entry) => entry.id === orders[1]!.id);
    expect(second?.reusedIn).toEqual([
      { orderId: orders[0]!.id, orderNumber: orders[0]!.orderNumber },
    ]);
  });

  it("'Seguir mi pedido' (/track-order?order=) shows the status to the owner only", async () => {
    const buyer = await customerWithCart();
    const order = await placePayLater(buyer);
    const owner = await settle(() =>
      trackLoader({ request: get(`/track-order?order=${order.id}`, buyer.cookie), ...ctx }),
    );
    const seen = await owner.json();
    expect(seen.owned.order).toMatchObject({ orderNumber: order.orderNumber, status: "pending" });
    expect(seen.owned.payment.upload.action).toBe(`/order-confirmation/${order.id}`);
    const stranger = await guestCookie();
    const other = await settle(() =>
      trackLoader({ request: get(`/track-order?order=${order.id}`, stranger.cookie), ...ctx }),
    );
    expect((await other.json()).owned).toBe(null);
  });
});

describe("the checkout's draft (decision 095)", () => {
  it("a failed post keeps the fields in the session; the page brings them back; the order clears them", async () => {
    const buyer = await customerWithCart();
    const failed = await settle(() =>
      checkoutAction({
        request: checkoutForm({ ...deliveryFields, firstName: "" }, buyer),
        ...ctx,
      }),
    );
    expect(failed.status).toBe(400);
    const cookie = sessionCookieOf(failed, buyer.cookie);
    const page = await settle(() => checkoutLoader({ request: get("/checkout", cookie), ...ctx }));
    const { draft } = await page.json();
    expect(draft).toMatchObject({
      city: deliveryFields.city,
      department: deliveryFields.department,
      email: deliveryFields.email,
    });
    expect(draft).not.toHaveProperty("checkoutKey");
    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm({ ...deliveryFields, paymentTiming: "later" }, { cookie }),
        ...ctx,
      }),
    );
    expect(placed.status).toBe(302);
    expect((await readSession(sessionCookieOf(placed, cookie))).checkoutDraft).toBe(null);
  });

  it("the page's autosave writes only the draft's fields; a stranger's session sees none of them", async () => {
    const buyer = await customerWithCart();
    const saved = await settle(() =>
      draftAction({
        request: formPost(
          "/resources/checkout-draft",
          { firstName: "Marta", city: "La Ceiba", checkoutKey: "x".repeat(20), paymentProof: "y" },
          buyer.cookie,
        ),
        ...ctx,
      }),
    );
    expect(saved.status).toBe(200);
    const cookie = sessionCookieOf(saved, buyer.cookie);
    const { checkoutDraft } = await readSession(cookie);
    expect(checkoutDraft?.fields).toEqual({ firstName: "Marta", city: "La Ceiba" });
    const stranger = await customerWithCart();
    const page = await settle(() =>
      checkoutLoader({ request: get("/checkout", stranger.cookie), ...ctx }),
    );
    expect((await page.json()).draft).toEqual({});
  });
});
