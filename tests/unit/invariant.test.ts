import { describe, expect, it } from "vitest";
import { idParam } from "~/utils/invariant";

async function thrown(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error("no Response was thrown");
}

describe("idParam", () => {
  it("reads a positive whole number from the URL", () => {
    expect(idParam("12", "Marca no encontrada")).toBe(12);
  });

  it.each([undefined, "", "0", "-3", "1.5", "12abc", "1e3x", "9007199254740993"])(
    "answers %j with the 404 page and the given message",
    async (value) => {
      expect(await thrown(() => idParam(value, "Marca no encontrada"))).toEqual({
        status: 404,
        body: { message: "Marca no encontrada" },
      });
    },
  );
});
