import { redirect } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { LoginForm } from "~/components/auth/login-form";

test("the sign-in button says 'Ingresando...' and waits until the next page is shown", async () => {
  let signIn!: () => void;
  const signedIn = new Promise<void>((resolve) => (signIn = resolve));
  const Stub = createRemixStub([
    {
      path: "/login",
      Component: () => <LoginForm redirectTo="/checkout" />,
      action: async () => {
        await signedIn;
        return redirect("/checkout");
      },
    },
    { path: "/checkout", Component: () => <h1>Checkout</h1> },
  ]);
  render(<Stub initialEntries={["/login?redirectTo=%2Fcheckout"]} />);
  const user = userEvent.setup();

  await user.type(screen.getByLabelText("Correo electrónico"), "ana@example.com");
  await user.type(screen.getByLabelText("Contraseña"), "una-contraseña");
  await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));

  const button = await screen.findByRole("button", { name: "Ingresando..." });
  expect(button).toHaveProperty("disabled", true);

  signIn();
  expect(await screen.findByRole("heading", { name: "Checkout" })).toBeTruthy();
});
