import { json, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { useIsPending, usePendingFormData } from "~/hooks/use-is-pending";

/** A promise the test opens when it has looked at the pending state. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** One page with three forms: its own POST, a POST to another route and a GET search. */
function Page() {
  const states = {
    own: useIsPending(),
    ownSubmitting: useIsPending({ state: "submitting" }),
    ownLoading: useIsPending({ state: "loading" }),
    other: useIsPending({ formAction: "/other" }),
    search: useIsPending({ formAction: "/search-page", formMethod: "GET" }),
  };
  const formData = usePendingFormData();
  return (
    <>
      <Form method="post">
        <button type="submit" name="intent" value="save">
          Guardar
        </button>
      </Form>
      <Form method="post" action="/other">
        <button type="submit">Otro</button>
      </Form>
      <Form method="get" action="/search-page">
        <input type="hidden" name="q" value="oud" />
        <button type="submit">Buscar</button>
      </Form>
      <ul aria-label="Estado">
        {Object.entries(states).map(([name, pending]) => (
          <li key={name}>{`${name}: ${pending}`}</li>
        ))}
        <li>{`intent: ${formData?.get("intent") ?? "-"}`}</li>
      </ul>
    </>
  );
}

function renderPage(initialEntry = "/page") {
  const action = gate();
  const nextPage = gate();
  const Stub = createRemixStub([
    {
      path: "/page",
      Component: Page,
      action: async () => {
        await action.opened;
        return redirect("/done");
      },
    },
    {
      path: "/done",
      Component: () => <h1>Listo</h1>,
      loader: async () => {
        await nextPage.opened;
        return json(null);
      },
    },
    { path: "/other", action: () => action.opened.then(() => redirect("/page")) },
    {
      path: "/search-page",
      Component: () => <h1>Resultados</h1>,
      loader: async () => {
        await nextPage.opened;
        return json(null);
      },
    },
  ]);
  render(<Stub initialEntries={[initialEntry]} />);
  return { action, nextPage, user: userEvent.setup() };
}

/** The probe's list as one object: { own: "true", ... }. */
function states() {
  const items = screen.getByRole("list", { name: "Estado" }).querySelectorAll("li");
  return Object.fromEntries([...items].map((item) => item.textContent!.split(": ")));
}

const idle = {
  own: "false",
  ownSubmitting: "false",
  ownLoading: "false",
  other: "false",
  search: "false",
  intent: "-",
};

describe("useIsPending", () => {
  test("its own form: pending from the click until the next page is shown", async () => {
    const { action, nextPage, user } = renderPage();
    expect(states()).toEqual(idle);

    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await screen.findByText("own: true");
    expect(states()).toEqual({ ...idle, own: "true", ownSubmitting: "true", intent: "save" });

    // The action redirected; the next page's loader is still running.
    action.open();
    await screen.findByText("ownLoading: true");
    expect(states()).toEqual({ ...idle, own: "true", ownLoading: "true", intent: "save" });

    nextPage.open();
    expect(await screen.findByRole("heading", { name: "Listo" })).toBeTruthy();
  });

  test("a page with a query string (/login?redirectTo=…) still matches its own form", async () => {
    const { user } = renderPage("/page?redirectTo=%2Fcheckout");

    await user.click(screen.getByRole("button", { name: "Guardar" }));

    expect(await screen.findByText("own: true")).toBeTruthy();
  });

  test("a form posting elsewhere is pending only for its formAction", async () => {
    const { action, user } = renderPage();

    await user.click(screen.getByRole("button", { name: "Otro" }));
    await screen.findByText("other: true");
    expect(states()).toEqual({ ...idle, other: "true" });

    action.open();
    await screen.findByText("other: false");
  });

  test("a GET form is pending with formMethod GET, not as a POST", async () => {
    const { nextPage, user } = renderPage();

    await user.click(screen.getByRole("button", { name: "Buscar" }));
    await screen.findByText("search: true");
    expect(states()).toEqual({ ...idle, search: "true" });

    nextPage.open();
    expect(await screen.findByRole("heading", { name: "Resultados" })).toBeTruthy();
  });
});
