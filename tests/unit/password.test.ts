import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { createWorkGate, hashPassword, needsRehash, verifyPassword } from "~/utils/password.server";

// D12 and decision 155: argon2id at OWASP's minimum; scrypt hashes made before still verify.
describe("password hashing", () => {
  test("stores argon2id at 19 MiB, two passes and one lane, with a 16-byte salt", async () => {
    const hash = await hashPassword("perfume-secreto-1");
    expect(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    const salt = hash.split("$")[4];
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(needsRehash(hash)).toBe(false);
  });

  test("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("perfume-secreto-1");
    expect(await verifyPassword("perfume-secreto-1", hash)).toBe(true);
    expect(await verifyPassword("perfume-secreto-2", hash)).toBe(false);
  });

  test("reads the text as typed on any keyboard (NFKC): a composed 'ñ' is the same password", async () => {
    const hash = await hashPassword("contrase\u00f1a-1");
    expect(await verifyPassword("contrasen\u0303a-1", hash)).toBe(true);
  });

  test("salts: two hashes of the same password differ", async () => {
    const [first, second] = await Promise.all([
      hashPassword("misma-contraseña"),
      hashPassword("misma-contraseña"),
    ]);
    expect(first).not.toBe(second);
  });

  test("an scrypt hash made before argon2id verifies at its own cost and asks to be redone", async () => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync("clave-de-antes-1", salt, 64, { N: 2 ** 10, r: 8, p: 1 });
    const old = ["scrypt", 2 ** 10, 8, 1, salt.toString("base64"), key.toString("base64")].join(
      "$",
    );
    expect(await verifyPassword("clave-de-antes-1", old)).toBe(true);
    expect(await verifyPassword("clave-de-antes-2", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  test("rejects values that are not hashes it knows, and a damaged argon2id string", async () => {
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$2b$10$abc")).toBe(false);
    expect(await verifyPassword("anything", "$argon2id$v=19$m=19456,t=2,p=1$roto")).toBe(false);
  });
});

// Decision 082: a few hashes at a time, a bounded queue, and a refusal past it.
describe("the hashing gate", () => {
  test("runs two at a time, queues four more and refuses the rest at once", async () => {
    const run = createWorkGate({ running: 2, waiting: 4, refuse: () => new Error("busy") });
    let active = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      new Promise<string>((resolve) => {
        active++;
        most = Math.max(most, active);
        releases.push(() => {
          active--;
          resolve("hecho");
        });
      });
    const results = Array.from({ length: 8 }, () =>
      run(work).catch((error: Error) => error.message),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(active).toBe(2);
    // The two past the queue were refused without waiting.
    expect(await Promise.race([results[6], results[7]])).toBe("busy");
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(results)).toEqual([...Array(6).fill("hecho"), "busy", "busy"]);
    expect(most).toBe(2);
  });

  test("a piece of work that throws frees its slot", async () => {
    const run = createWorkGate({ running: 1, waiting: 0, refuse: () => new Error("busy") });
    await expect(run(() => Promise.reject(new Error("falló")))).rejects.toThrow("falló");
    await expect(run(() => Promise.resolve("libre"))).resolves.toBe("libre");
  });
});
