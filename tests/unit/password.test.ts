import { describe, expect, test } from "vitest";
import { createWorkGate, hashPassword, verifyPassword } from "~/utils/password.server";

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
