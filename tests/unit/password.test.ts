import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "~/utils/password.server";

// Each hash costs ~0.5 s by design (D12), so hashes are shared between assertions.
describe("password hashing", () => {
  test("stores scrypt with its parameters, a 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("perfume-secreto-1");
    expect(hash.startsWith("scrypt$131072$8$1$")).toBe(true);

    const [, , , , salt, key] = hash.split("$");
    expect(Buffer.from(salt, "base64")).toHaveLength(16);
    expect(Buffer.from(key, "base64")).toHaveLength(64);
  });

  test("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("perfume-secreto-1");
    expect(await verifyPassword("perfume-secreto-1", hash)).toBe(true);
    expect(await verifyPassword("perfume-secreto-2", hash)).toBe(false);
  });

  test("salts: two hashes of the same password differ", async () => {
    const [first, second] = await Promise.all([
      hashPassword("misma-contraseña"),
      hashPassword("misma-contraseña"),
    ]);
    expect(first).not.toBe(second);
  });

  test("rejects values that are not scrypt hashes", async () => {
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$2b$10$abc")).toBe(false);
  });
});
