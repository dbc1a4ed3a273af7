import { describe, expect, it } from "vitest";
import { loyaltyRulesFrom, pointsForSubtotal, tierFor } from "~/models/loyalty/loyalty";
import { customerNotice, statusNotice } from "~/models/orders/notices";
import {
  canDeleteOrder,
  canTransition,
  ORDER_STATUSES,
  orderStatusMessage,
  paymentMethodLabel,
  trackingTimeline,
  trackStatusOf,
  transitionNeedsNotes,
} from "~/models/orders/status";
import { DEFAULT_SETTINGS, parseSettings } from "~/models/settings/settings";

// backoffice.md §4, written out pair by pair so that a change to the table shows up here.
const ALLOWED = new Set([
  "pending>paid",
  "pending>cancelled",
  "pending>denied",
  "paid>processing",
  "paid>cancelled",
  "processing>shipped",
  "processing>delivered",
  "processing>cancelled",
  "shipped>delivered",
  "shipped>cancelled",
  "delivered>cancelled",
]);

describe("order transitions (backoffice.md §4)", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ALLOWED.has(`${from}>${to}`);
      it(`${from} → ${to} is ${allowed ? "allowed" : "refused"}`, () => {
        expect(canTransition(from, to)).toBe(allowed);
      });
    }
  }

  it("denies only a pending order and never reopens a cancelled or denied one", () => {
    expect(ORDER_STATUSES.filter((from) => canTransition(from, "denied"))).toEqual(["pending"]);
    expect(ORDER_STATUSES.filter((to) => canTransition("cancelled", to))).toEqual([]);
    expect(ORDER_STATUSES.filter((to) => canTransition("denied", to))).toEqual([]);
    expect(ORDER_STATUSES.filter((from) => canTransition(from, "cancelled"))).toEqual([
      "pending",
      "paid",
      "processing",
      "shipped",
      "delivered",
    ]);
  });

  it("deletes any order but a cancelled or denied one; notes for cancel, deny and delete", () => {
    expect(ORDER_STATUSES.filter(canDeleteOrder)).toEqual([
      "pending",
      "paid",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect([...ORDER_STATUSES, "deleted" as const].filter(transitionNeedsNotes)).toEqual([
      "cancelled",
      "denied",
      "deleted",
    ]);
  });
});

describe("order words", () => {
  it("shows paid as approved on the track page (D16)", () => {
    expect(trackStatusOf("paid")).toBe("approved");
    expect(trackStatusOf("shipped")).toBe("shipped");
  });

  it("labels payment methods as the order pages do", () => {
    expect(paymentMethodLabel("bank_transfer")).toBe("Transferencia Bancaria");
    expect(paymentMethodLabel("cash_on_delivery")).toBe("Pago Contra Entrega");
    expect(paymentMethodLabel("store_pickup")).toBe("Recoger en tienda");
    // backoffice.md §4: the back office's own word for it.
    expect(paymentMethodLabel("store_pickup", "admin")).toBe("Pago en Tienda");
    expect(paymentMethodLabel("bank_transfer", "admin")).toBe("Transferencia Bancaria");
  });

  it("gives the status note of each status", () => {
    expect(orderStatusMessage("pending", "bank_transfer")).toMatch(/comprobante/);
    expect(orderStatusMessage("denied", "bank_transfer")).toMatch(/servicio al cliente/);
    expect(orderStatusMessage("cancelled", "bank_transfer")).toMatch(/cancelado/);
    for (const status of ["paid", "processing", "shipped", "delivered"] as const) {
      expect(orderStatusMessage(status, "bank_transfer")).toMatch(/aprobado/);
    }
  });

  it("tells where an order stands in the words of the customer's notifications (decision 101)", () => {
    const facts = { orderNumber: "PH-261126-0042", trackingNumber: "GUIA-7", points: 0 };
    for (const status of ORDER_STATUSES) {
      expect(statusNotice(status, facts).message).toContain("PH-261126-0042");
    }
    expect(statusNotice("pending", facts).message).toBe("Tu pedido PH-261126-0042 espera tu pago.");
    expect(statusNotice("pending", { ...facts, dueAt: "2026-11-28T18:00:00Z" }).message).toMatch(
      /se cancelará el .+ si no recibimos tu pago/,
    );
    // No notice of its own: the customer heard at "paid".
    expect(statusNotice("processing", facts)).toEqual(statusNotice("paid", facts));
    expect(statusNotice("shipped", facts)).toEqual(customerNotice("order_shipped", facts));
    expect(statusNotice("shipped", facts).message).toContain("Número de guía: GUIA-7");
    expect(statusNotice("denied", facts).type).toBe("order_denied");
  });
});

describe("tracking timeline (backoffice.md §4)", () => {
  const base = {
    createdAt: "2026-11-01T15:00:00.000Z",
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    updatedAt: "2026-11-02T15:00:00.000Z",
  };
  const done = (order: Parameters<typeof trackingTimeline>[0]) =>
    trackingTimeline(order)
      .filter((step) => step.done)
      .map((step) => step.key);

  it("marks the steps each status has reached", () => {
    expect(done({ ...base, status: "pending" })).toEqual(["received"]);
    expect(done({ ...base, status: "paid" })).toEqual(["received", "approved"]);
    expect(done({ ...base, status: "processing" })).toEqual(["received", "approved", "processing"]);
    expect(done({ ...base, status: "shipped" })).toEqual([
      "received",
      "approved",
      "processing",
      "shipped",
    ]);
    expect(done({ ...base, status: "delivered" })).toEqual([
      "received",
      "approved",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect(trackingTimeline({ ...base, status: "pending" })).toHaveLength(5);
  });

  it("closes a cancelled or denied order after the steps it really reached", () => {
    expect(trackingTimeline({ ...base, status: "denied" }).map((s) => s.key)).toEqual([
      "received",
      "denied",
    ]);
    expect(
      trackingTimeline({ ...base, status: "cancelled", paidAt: base.createdAt }).map((s) => s.key),
    ).toEqual(["received", "approved", "cancelled"]);
  });
});

describe("loyalty arithmetic (D13)", () => {
  const rules = loyaltyRulesFrom(DEFAULT_SETTINGS);

  it("earns 1 point per whole lempira of subtotal by default", () => {
    expect(pointsForSubtotal(254_999, rules)).toBe(2549);
    expect(pointsForSubtotal(99, rules)).toBe(0);
    expect(pointsForSubtotal(100_000, { pointsPerLempira: 2 })).toBe(2000);
  });

  it("sets the tier by points earned, from the settings", () => {
    expect(tierFor(1999, rules)).toBe("bronce");
    expect(tierFor(2000, rules)).toBe("plata");
    expect(tierFor(5000, rules)).toBe("oro");
    const custom = loyaltyRulesFrom(
      parseSettings({ loyalty_tier_plata: "100", loyalty_tier_oro: "200" }).settings,
    );
    expect(tierFor(150, custom)).toBe("plata");
  });
});
