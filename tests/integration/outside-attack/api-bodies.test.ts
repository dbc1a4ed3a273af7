import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../setup/http-server";

/*
 * Issue 37 item 3, replayed against the built server: every /api/ path took 55 MB when the
 * Content-Type said multipart, and the JSON calls read the whole body before answering 415
 * (30 such requests took the two workers from 0.77 GB to 1.82 GB). Each request here declares
 * its length and sends no byte of its body: the answer must come from the headers alone.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; type: string; body: { status?: number; detail?: string } };

/** A POST whose headers say `length` bytes of `type` follow, answered before any is sent. */
function postHeadersOnly(path: string, type: string, length: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { Origin: server.origin, "Content-Type": type, "Content-Length": String(length) },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({
          status: res.statusCode!,
          type: String(res.headers["content-type"]),
          body: JSON.parse(text),
        });
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

const MB = 1024 * 1024;
const multipart = "multipart/form-data; boundary=----x";

describe("item 3: no /api/ call reads a body it will refuse", () => {
  it("refuses multipart on every call but the declared upload, from the headers", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => postHeadersOnly("/api/orders", multipart, 55 * MB - 1)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(415);
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect(answer.body.detail).toBe(
        "Envía el cuerpo como JSON (Content-Type: application/json).",
      );
    }
    const cart = await postHeadersOnly("/api/cart", multipart, 2 * MB);
    expect(cart.status).toBe(415);
  });

  it("gives every other /api/ body 1 MB whatever its type", async () => {
    for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
      const answer = await postHeadersOnly("/api/orders", type, MB + 1);
      expect(answer.status, type).toBe(413);
      expect(answer.body.detail).toBe("El contenido enviado es demasiado grande.");
    }
  });

  it("decides a JSON call's type from its header before reading a byte", async () => {
    const answer = await postHeadersOnly("/api/orders", "text/plain", 900 * 1024);
    expect(answer.status).toBe(415);
    expect(answer.body.detail).toBe("Envía el cuerpo como JSON (Content-Type: application/json).");
  });

  it("keeps the upload call's allowance to its photo: 5 MB and a form, no more", async () => {
    const answer = await postHeadersOnly("/api/upload/payment-proof", multipart, 7 * MB);
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^application\/problem\+json/);
  });
});
