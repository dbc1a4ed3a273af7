import { redirect } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";

test("'Reenviar correo de verificación' posts to /verify-email with the page to come back to", async () => {
  let sent!: () => void;
  const answered = new Promise<void>((resolve) => (sent = resolve));
  let posted: string | null = null;
  const Stub = createRemixStub([
    {
      path: "/checkout",
      Component: () => (
        <>
          <h1>Finalizar Compra</h1>
          <VerifyEmailNotice />
        </>
      ),
    },
    {
      path: "/verify-email",
      action: async ({ request }) => {
        posted = String((await request.formData()).get("redirectTo"));
        await answered;
        return redirect(posted);
      },
    },
  ]);
  render(<Stub initialEntries={["/checkout?paso=2"]} />);
  const user = userEvent.setup();

  await user.click(screen.getByRole("button", { name: "Reenviar correo de verificación" }));
  const button = await screen.findByRole("button", { name: "Enviando..." });
  expect(button).toHaveProperty("disabled", true);
  expect(posted).toBe("/checkout?paso=2");

  sent();
  expect(
    await screen.findByRole("button", { name: "Reenviar correo de verificación" }),
  ).toBeTruthy();
});
