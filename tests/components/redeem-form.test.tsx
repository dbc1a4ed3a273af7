import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { RedeemForm } from "~/components/loyalty/redeem-form";

// The store's defaults: the admin's step 10, 35 points for L 1, a minimum of 10.
const RULES = { redeemMinimum: 10, redeemStep: 10, pointsPerLempiraDiscount: 35 };

function renderForm(balance: number) {
  const Stub = createRemixStub([
    { path: "/profile/loyalty", Component: () => <RedeemForm balance={balance} rules={RULES} /> },
  ]);
  render(<Stub initialEntries={["/profile/loyalty"]} />);
  return userEvent.setup();
}

test("the form starts at the most the balance buys in whole lempiras, its value beside it", () => {
  renderForm(1_000);
  const input = screen.getByLabelText("Puntos a canjear");
  expect(input).toHaveProperty("value", "980");
  expect(input.getAttribute("step")).toBe("70");
  expect(input.getAttribute("min")).toBe("70");
  expect(screen.getByRole("status").textContent).toBe("980 puntos = L\u00a028.00 de descuento");
});

test("the value follows what is typed, and says when it is not a whole step", async () => {
  const user = renderForm(1_000);
  const input = screen.getByLabelText("Puntos a canjear");
  await user.clear(input);
  await user.type(input, "700");
  expect(screen.getByRole("status").textContent).toBe("700 puntos = L\u00a020.00 de descuento");
  await user.clear(input);
  await user.type(input, "500");
  expect(screen.getByRole("status").textContent).toBe(
    "500 puntos = L\u00a014.28: elige un múltiplo de 70 puntos.",
  );
});

test("a balance under the minimum starts empty and asks for points", () => {
  renderForm(50);
  expect(screen.getByLabelText("Puntos a canjear")).toHaveProperty("value", "");
  expect(screen.getByRole("status").textContent).toBe("Escribe cuántos puntos quieres canjear.");
});
