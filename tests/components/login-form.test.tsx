import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { LoginForm } from "~/components/auth/login-form";
import { FIELD_MESSAGES } from "~/models/customers/fields";

const EMAIL_INVALID = FIELD_MESSAGES.emailInvalid;
const PASSWORD_REQUIRED = FIELD_MESSAGES.passwordRequired;

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

test("a bad post reaches the server: its messages show under the fields and the first takes the focus", async () => {
  // What handleLogin answers to a bad form (decision 109: the browser checks nothing).
  const posts: Array<Record<string, FormDataEntryValue>> = [];
  const Stub = createRemixStub([
    {
      path: "/login",
      Component: () => {
        const data = useActionData<{ result: SubmissionResult<string[]> }>();
        return <LoginForm lastResult={data?.result} />;
      },
      action: async ({ request }) => {
        const posted = Object.fromEntries(await request.formData());
        posts.push(posted);
        return json(
          {
            result: {
              status: "error",
              initialValue: { email: String(posted.email) },
              error: { email: [EMAIL_INVALID], password: [PASSWORD_REQUIRED] },
            } satisfies SubmissionResult<string[]>,
          },
          { status: 400 },
        );
      },
    },
  ]);
  render(<Stub initialEntries={["/login"]} />);
  const user = userEvent.setup();

  const email = screen.getByLabelText("Correo electrónico");
  expect(email.closest("form")?.noValidate).toBe(true);
  expect(email.getAttribute("type")).toBe("email");
  expect(email.hasAttribute("required")).toBe(true);
  await user.type(email, "ana@");
  await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));

  expect(await screen.findByText(EMAIL_INVALID)).toBeTruthy();
  expect(posts).toEqual([{ email: "ana@", password: "" }]);
  await waitFor(() => expect(document.activeElement).toBe(email));
  expect(email.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
    EMAIL_INVALID,
  );
  const password = screen.getByLabelText("Contraseña");
  expect(
    document.getElementById(password.getAttribute("aria-describedby") ?? "")?.textContent,
  ).toBe(PASSWORD_REQUIRED);
  expect(screen.getByLabelText<HTMLInputElement>("Correo electrónico").value).toBe("ana@");
});
