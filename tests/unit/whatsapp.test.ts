import { describe, expect, test } from "vitest";
import { whatsappNumber, whatsappShareUrl, whatsappUrl } from "~/utils/whatsapp";

describe("whatsappNumber (decision 101)", () => {
  test.each([
    ["+504 9988-7766"],
    ["+5049988-7766"],
    ["9988-7766"],
    ["9988 7766"],
    ["99887766"],
    ["50499887766"],
    ["0050499887766"],
    ["(504) 9988 7766"],
    ["  +504 9988 7766  "],
  ])("reads %j as the Honduran number 50499887766", (written) => {
    expect(whatsappNumber(written)).toBe("50499887766");
  });

  test.each([
    [""],
    [null],
    [undefined],
    ["+504"],
    ["9988-776"],
    ["+504 9988-77661"],
    ["+1 555 123 4567"],
    ["sin número"],
  ])("gives no number for %j", (written) => {
    expect(whatsappNumber(written)).toBe(null);
  });
});

describe("whatsappUrl", () => {
  test("is a wa.me chat with the number alone", () => {
    expect(whatsappUrl("+504 9988-7766")).toBe("https://wa.me/50499887766");
  });

  test("types the text in, encoded for a URL", () => {
    const url = whatsappUrl("9988-7766", "Hola, pedido PH-261126-0042 por L\u00a01,234.50 & más?");
    expect(url).toBe(
      "https://wa.me/50499887766?text=Hola%2C%20pedido%20PH-261126-0042%20por%20L%C2%A01%2C234.50%20%26%20m%C3%A1s%3F",
    );
    expect(new URL(url!).searchParams.get("text")).toBe(
      "Hola, pedido PH-261126-0042 por L\u00a01,234.50 & más?",
    );
  });

  test("an empty text adds nothing", () => {
    expect(whatsappUrl("99887766", "")).toBe("https://wa.me/50499887766");
  });

  test("is null when the number is unusable, so no link is shown", () => {
    expect(whatsappUrl("", "Hola")).toBe(null);
    expect(whatsappUrl("12345", "Hola")).toBe(null);
  });
});

describe("whatsappShareUrl", () => {
  test("leaves the recipient to the sender", () => {
    expect(whatsappShareUrl("Oud https://tienda.hn/product/oud")).toBe(
      "https://wa.me/?text=Oud%20https%3A%2F%2Ftienda.hn%2Fproduct%2Foud",
    );
  });
});
