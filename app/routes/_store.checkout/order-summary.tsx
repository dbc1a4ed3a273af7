import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { CouponBox as CouponBoxOnServer } from "~/components/coupon-box-render.server";
import { keptAsServed } from "~/utils/shown-later";
import * as LinesOnServer from "./summary-lines-render.server";
import { controlProps, type ServerField } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { CHECKOUT_TEXT, SHIPPING_METHODS } from "~/models/checkout/checkout";
import type { DeliveryZone } from "~/models/checkout/pricing";
import type { CouponNotice } from "~/models/promotions/coupons";
import { formatMoney } from "~/utils/money";
import type { loader } from "./route";

export type CheckoutData = SerializeFrom<typeof loader>;

/*
 * The code box's buttons are submit buttons of the checkout's own form, so it needs no code of
 * its own: the page keeps its server HTML until the coupon changes (decision 159).
 */
const SummaryTotals = keptAsServed(LinesOnServer.SummaryTotals, () =>
  import("./summary-lines").then((module) => module.SummaryTotals),
);
const TrustNotes = keptAsServed(LinesOnServer.TrustNotes, () =>
  import("./summary-lines").then((module) => module.TrustNotes),
);
const CouponBox = keptAsServed(CouponBoxOnServer, () =>
  import("~/components/coupon-box").then((module) => module.CouponBox),
);

/**
 * Only the block of the chosen method shows (CSS `:has()`, so it works without JS). The others
 * are hidden rather than the chosen one shown, so a block keeps its own display (a row of a
 * `<dl>` is a flex row): the form always checks one method (checkout-form.tsx).
 */
export const shownFor = {
  standard: "group-has-[#shippingMethod-standard:not(:checked)]:hidden",
  express: "group-has-[#shippingMethod-express:not(:checked)]:hidden",
  pickup: "group-has-[#shippingMethod-pickup:not(:checked)]:hidden",
} as const;

type PricedBlock = {
  key: string;
  method: (typeof SHIPPING_METHODS)[number];
  totals: CheckoutData["totals"]["standard"];
  /**
   * Decision 161: the zone it is the price for, where shipping costs more outside the fast
   * cities (the page's stylesheet shows only the chosen department's zone); none elsewhere.
   */
  zone?: DeliveryZone;
};

/** Each way's totals as the page shows them: once, or once per zone (decision 161). */
export function pricedBlocks(data: CheckoutData): PricedBlock[] {
  return SHIPPING_METHODS.flatMap((method): PricedBlock[] => {
    if (!data.zoned || method === "pickup") {
      return [{ key: method, method, totals: data.totals[method] }];
    }
    const zoned = data.zoned;
    return (Object.keys(zoned.totals) as DeliveryZone[]).map((zone) => ({
      key: `${method}-${zone}`,
      method,
      totals: zoned.totals[zone][method],
      zone,
    }));
  });
}

export function OrderSummary({
  data,
  codeField,
  couponNotice,
  placing,
  waitingForProof = false,
  lines,
}: {
  data: CheckoutData;
  /** The lines, kept as the server sent them (SummaryLines, decision 159). */
  lines: ReactNode;
  codeField: ServerField;
  couponNotice: CouponNotice | null;
  placing: boolean;
  /** The proof is on its way (proof-upload.tsx): the order waits for it, and says so. */
  waitingForProof?: boolean;
}) {
  return (
    <aside aria-labelledby="summary-title" className="lg:sticky lg:top-20 lg:self-start">
      <div className="border-border bg-surface space-y-5 rounded-xl border p-5">
        <h2 id="summary-title" className="text-lg font-semibold">
          Resumen del pedido
        </h2>
        {lines}

        <CouponBox
          coupon={data.coupon}
          notice={couponNotice}
          input={{ type: "text", ...controlProps(codeField) }}
          error={
            codeField.errors?.[0]
              ? { id: codeField.errorId, message: codeField.errors[0] }
              : undefined
          }
        />

        {pricedBlocks(data).map(({ key, method, totals, zone }) => {
          return (
            <div key={key} className={shownFor[method]} data-shipping-zone={zone}>
              <SummaryTotals
                totals={totals}
                taxPercentage={data.taxPercentage}
                cashSurcharge={data.cashSurcharge}
              />
              <Button
                type="submit"
                name="intent"
                value="place-order"
                size="lg"
                wrap
                className="mt-4 w-full"
                disabled={placing || waitingForProof}
              >
                {placing
                  ? "Procesando Pedido..."
                  : waitingForProof
                    ? CHECKOUT_TEXT.waitingForProof
                    : // Decision 166: with cash's surcharge, the summary says the total.
                      [
                        "Confirmar Pedido",
                        <span key="" className="pay-cash-hide">
                          {" · " + formatMoney(totals.total)}
                        </span>,
                      ]}
              </Button>
            </div>
          );
        })}
        <TrustNotes />
      </div>
    </aside>
  );
}
