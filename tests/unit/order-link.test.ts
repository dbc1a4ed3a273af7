import { describe, expect, it } from "vitest";
import { checkOrderLink, ORDER_LINK_DAYS, orderLinkQuery } from "~/models/orders/order-link.server";
import { signLink } from "~/utils/signed-links.server";

const ORDER = "8c2f0d6e-0b4f-4c55-9a57-2f7c3c9d0e11";
const sent = new Date("2026-11-30T12:00:00.000Z");
const days = (n: number) => new Date(sent.getTime() + n * 86_400_000);

function linkOf(query: URLSearchParams) {
  return {
    orderId: query.get("order")!,
    until: query.get("hasta"),
    signature: query.get("firma")!,
  };
}

describe("the order's own link (decision 151)", () => {
  it("opens its order until 60 days after it was sent, and not a second later", () => {
    const link = linkOf(orderLinkQuery(ORDER, sent));
    expect(Number(link.until)).toBe(sent.getTime() / 1000 + ORDER_LINK_DAYS * 86_400);
    expect(checkOrderLink(link, sent)).toBe(true);
    expect(checkOrderLink(link, days(ORDER_LINK_DAYS - 0.001))).toBe(true);
    expect(checkOrderLink(link, days(ORDER_LINK_DAYS))).toBe(false);
  });

  it("refuses another order, a moved end, a changed or missing signature", () => {
    const link = linkOf(orderLinkQuery(ORDER, sent));
    const refused = [
      { ...link, orderId: "00000000-0000-4000-8000-000000000000" },
      { ...link, until: String(Number(link.until) + 86_400) },
      { ...link, until: "9".repeat(13) },
      { ...link, until: "1e12" },
      {
        ...link,
        signature: `${link.signature.slice(0, -1)}${link.signature.endsWith("A") ? "B" : "A"}`,
      },
      { ...link, signature: "" },
      { ...link, until: null },
    ];
    for (const forged of refused) expect(checkOrderLink(forged, sent)).toBe(false);
  });

  it("still honours a link of decision 130 (no end), made for the receipt", () => {
    const legacy = { orderId: ORDER, until: null, signature: signLink("late-proof", ORDER) };
    expect(checkOrderLink(legacy, days(365))).toBe(true);
    expect(checkOrderLink({ ...legacy, orderId: "otro" }, sent)).toBe(false);
  });
});
