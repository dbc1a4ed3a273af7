import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { ReviewForm } from "~/routes/_store.product.$slug/review-form";

function renderForm() {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const Stub = createRemixStub([
    {
      path: "/product/dior-sauvage",
      Component: () => <ReviewForm moderated />,
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return json({});
      },
    },
  ]);
  render(<Stub initialEntries={["/product/dior-sauvage"]} />);
  return { posted, user: userEvent.setup() };
}

test("the rating is a radio group of five named stars inside a fieldset", async () => {
  renderForm();
  const group = screen.getByRole("group", { name: "Calificación" });
  const radios = within(group).getAllByRole("radio");
  const names = ["1 estrella", "2 estrellas", "3 estrellas", "4 estrellas", "5 estrellas"];
  expect(radios).toEqual(names.map((name) => within(group).getByRole("radio", { name })));
  expect(radios.every((radio) => radio.getAttribute("name") === "rating")).toBe(true);
  expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
});

test("the button waits for a rating and a comment, then posts them with the intent", async () => {
  const { posted, user } = renderForm();
  const send = screen.getByRole("button", { name: "Enviar reseña" });
  expect(send).toHaveProperty("disabled", true);

  await user.click(screen.getByRole("radio", { name: "4 estrellas" }));
  expect(send).toHaveProperty("disabled", true);
  await user.type(screen.getByLabelText("Comentario"), "   ");
  expect(send).toHaveProperty("disabled", true);
  await user.type(screen.getByLabelText("Comentario"), "Dura todo el día.");
  expect(send).toHaveProperty("disabled", false);

  await user.type(screen.getByLabelText("Título (opcional)"), "Mi firma");
  await user.click(send);
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted).toEqual([
    {
      intent: "review",
      rating: "4",
      title: "Mi firma",
      comment: "   Dura todo el día.",
    },
  ]);
});

test("a form the shopper opened before its code arrived renders open (decision 126)", () => {
  // The server's <details>, opened while the form's code was on its way (route.tsx): still in
  // the document while React renders the form over it.
  const server = document.createElement("details");
  server.id = "escribir-resena";
  server.open = true;
  document.body.append(server);
  try {
    renderForm();
  } finally {
    server.remove();
  }
  expect(document.getElementById("escribir-resena")).toHaveProperty("open", true);
});

test("a form nobody opened renders closed", () => {
  renderForm();
  expect(document.getElementById("escribir-resena")).toHaveProperty("open", false);
});
