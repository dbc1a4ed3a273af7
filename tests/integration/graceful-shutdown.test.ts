import fs from "node:fs";
import http from "node:http";
import { proofFilePath } from "~/models/checkout/proofs.server";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { createProduct, stockOf } from "../../seed/factories/catalog";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pngBytes,
  putInCart,
} from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";

/*
 * Issue 12: SIGTERM to the built server (scripts/server.mjs). The checkout's body is sent in two
 * halves over a socket the server has already accepted, after its "100 Continue", so the order
 * is in flight, provably, when the signal arrives. The exit code tells how the server stopped: 0 once every connection
 * closed, 1 when the stop timeout cut a request off.
 */

let server: Awaited<ReturnType<typeof startServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

function collect(res: http.IncomingMessage) {
  return new Promise<Reply>((resolve, reject) => {
    let body = "";
    res.setEncoding("utf8");
    res.on("data", (chunk) => (body += chunk));
    res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    res.on("error", reject);
  });
}

function get(baseUrl: string, agent: http.Agent | false) {
  return new Promise<Reply>((resolve, reject) => {
    http
      .get(`${baseUrl}/resources/healthcheck`, { agent }, (res) => resolve(collect(res)))
      .on("error", reject);
  });
}

/** A new connection, once the server no longer accepts them: the error it ends with. */
async function refusedConnection(baseUrl: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await get(baseUrl, false);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return "accepted";
}

/**
 * A guest's checkout (multipart, proof included) started on `agent`'s socket: the headers and
 * half the body are sent; `finish()` sends the rest, `reply` is the server's answer.
 */
async function startCheckout(baseUrl: string, agent: http.Agent, productId: number) {
  const guest = await guestCookie();
  await putInCart(db, { guestId: guest.guestId }, productId, 2);
  const request = checkoutForm(deliveryFields, {
    cookie: guest.cookie,
    base: baseUrl,
    proof: { bytes: await pngBytes(), name: "pago.png" },
  });
  const body = Buffer.from(await request.arrayBuffer());
  const req = http.request(`${baseUrl}/checkout`, {
    method: "POST",
    agent,
    headers: {
      ...Object.fromEntries(request.headers),
      "Content-Length": body.length,
      // The server's "100 Continue" says it has taken the request: it is in flight.
      Expect: "100-continue",
    },
  });
  const taken = new Promise((resolve) => req.once("continue", resolve));
  const reply = new Promise<Reply>((resolve, reject) => {
    req.on("response", (res) => resolve(collect(res)));
    req.on("error", reject);
  });
  reply.catch(() => {});
  req.flushHeaders();
  await taken;
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  return { guest, reply, finish: () => req.end(body.subarray(half)) };
}

async function ordersOf(guestId: string) {
  return db.selectFrom("orders").select("id").where("sessionId", "=", guestId).execute();
}

describe("the server on SIGTERM", () => {
  it("refuses new connections, finishes the checkout in flight whole (signalled twice), closes its socket and exits 0", async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: "30000" });
    const product = await createProduct(db, { stock: 10 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // The socket is the server's before the signal: a kept-alive connection it answered on.
    expect((await get(server.baseUrl, agent)).status).toBe(200);
    const checkout = await startCheckout(server.baseUrl, agent, product.id);

    const exited = server.stop();
    expect(await refusedConnection(server.baseUrl)).toBe("ECONNREFUSED");
    // A second signal (a supervisor repeating itself) does not cut the stop short.
    void server.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    checkout.finish();
    const reply = await checkout.reply;

    expect(reply.status).toBe(302);
    expect(reply.headers.location).toMatch(/^\/order-success\?order=/);
    // Not kept for a next request: the socket is closed once the answer is sent.
    expect(reply.headers.connection).toBe("close");
    expect(await exited).toBe(0);
    const [order] = await ordersOf(checkout.guest.guestId);
    expect(order).toBeDefined();
    const items = await db
      .selectFrom("orderItems")
      .select("quantity")
      .where("orderId", "=", order.id)
      .execute();
    expect(items).toEqual([{ quantity: 2 }]);
    expect(await stockOf(db, product.id)).toBe(8);
    const proof = await db
      .selectFrom("paymentProofs")
      .select("file")
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(fs.existsSync(proofFilePath(proof.file)!)).toBe(true);
    agent.destroy();
  }, 60_000);

  it.each(["1", "2"])(
    "does not wait for an idle keep-alive client (%s worker(s))",
    async (workers) => {
      // A held connection would run into this timeout and exit 1.
      server = await startServer({ SHUTDOWN_TIMEOUT_MS: "30000", WEB_CONCURRENCY: workers });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await get(server.baseUrl, agent)).status).toBe(200);
      const [socket] = Object.values(agent.freeSockets).flat();
      expect(socket).toBeDefined();
      const socketClosed = new Promise((resolve) => socket!.once("close", resolve));

      expect(await server.stop()).toBe(0);
      await socketClosed;
      agent.destroy();
    },
    60_000,
  );

  it("cuts off a checkout that never finishes at the stop timeout, leaving no order", async () => {
    server = await startServer({ SHUTDOWN_TIMEOUT_MS: "1000" });
    const product = await createProduct(db, { stock: 10 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(server.baseUrl, agent)).status).toBe(200);
    const checkout = await startCheckout(server.baseUrl, agent, product.id);

    expect(await server.stop()).toBe(1);
    await expect(checkout.reply).rejects.toThrow();
    expect(await ordersOf(checkout.guest.guestId)).toEqual([]);
    expect(await stockOf(db, product.id)).toBe(10);
    agent.destroy();
  }, 60_000);
});
