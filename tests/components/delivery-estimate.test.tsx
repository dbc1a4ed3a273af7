import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { deliveryEstimate } from "~/models/checkout/delivery-estimate";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { DeliveryEstimate } from "~/routes/_store.product.$slug/delivery-estimate";
import { formatMoney } from "~/utils/money";

const SETTINGS = {
  ...DEFAULT_SETTINGS,
  shipping_cost: 15_000,
  free_shipping_threshold: 200_000,
  express_shipping_cost: 30_000,
  express_free_shipping_threshold: 500_000,
  tax_percentage: 15,
};

function renderEstimate() {
  const asked: string[] = [];
  const Stub = createRemixStub([
    {
      path: "/product/sauvage",
      Component: () => <DeliveryEstimate slug="sauvage" estimate={null} />,
    },
    {
      path: "/resources/delivery-estimate",
      loader: ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        const department = params.get("departamento") as "Yoro";
        return json({
          estimate: deliveryEstimate({
            department,
            subtotal: 100_000,
            settings: SETTINGS,
            // A Monday in Honduras: 3-5 business days are Thursday to the next Monday.
            now: new Date("2026-11-30T15:00:00Z"),
          }),
        });
      },
    },
  ]);
  render(<Stub initialEntries={["/product/sauvage"]} />);
  return { asked, user: userEvent.setup() };
}

test("choosing a department fetches its estimate in place, without leaving the page", async () => {
  const { asked, user } = renderEstimate();
  expect(screen.queryByText(/Envío estándar/)).toBeNull();
  await user.selectOptions(screen.getByLabelText("Departamento"), "Yoro");
  await waitFor(() => expect(screen.getByText("Envío estándar a Yoro")).toBeTruthy());
  expect(asked).toEqual(["producto=sauvage&departamento=Yoro"]);
  // The money formatter puts a no-break space after 'L'; Testing Library's default normalizer
  // would turn it into a plain space in the page's text, so it is compared as written.
  const asWritten = { normalizer: (text: string) => text.trim() };
  expect(screen.getByText(formatMoney(15_000), asWritten)).toBeTruthy();
  expect(screen.getByText(formatMoney(30_000), asWritten)).toBeTruthy();
  expect(screen.getByText("Gratis")).toBeTruthy();
  expect(
    screen.getByText(
      "3-5 días hábiles: llega entre el jueves\u00a03 y el lunes\u00a07 de diciembre",
      asWritten,
    ),
  ).toBeTruthy();
});
