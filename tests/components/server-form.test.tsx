import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { z } from "zod/v4";
import { BrandForm } from "~/components/brand-form";
import { ProductForm } from "~/routes/admin.products_.$productId/product-form";

/*
 * The admin forms validate on the server only (useServerForm): the brand and product forms show
 * what a conform `submission.reply()` says, with the browser's own checks off, and move the focus
 * to the first invalid field. The stub action answers like readBrandSubmission, with a smaller
 * schema.
 */
const NAME_REQUIRED = "El nombre de la marca es obligatorio.";
const NAME_TAKEN = "Ya existe una marca con ese nombre. Elige otro nombre.";

const Schema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED),
  country: z.string().trim().optional(),
  isActive: z.boolean().default(false),
});

function renderBrandForm(action: (args: ActionFunctionArgs) => Promise<Response>) {
  const Stub = createRemixStub([
    {
      path: "/admin/brands/new",
      Component: () => {
        const data = useActionData<{ result: SubmissionResult<string[]> }>();
        return <BrandForm result={data?.result} />;
      },
      action,
    },
    { path: "/admin/brands", Component: () => <h1>Marcas</h1> },
  ]);
  render(<Stub initialEntries={["/admin/brands/new"]} />);
  return userEvent.setup();
}

test("a refused post shows the server's message, keeps what was typed and focuses the field", async () => {
  const user = renderBrandForm(async ({ request }) => {
    const submission = parseWithZod(await request.formData(), { schema: Schema });
    if (submission.status !== "success") {
      return json({ result: submission.reply() }, { status: 400 });
    }
    return redirect("/admin/brands");
  });

  const form = screen.getByRole("button", { name: "Crear marca" }).closest("form");
  expect(form?.noValidate).toBe(true);
  await user.type(screen.getByLabelText("País"), "Francia");
  await user.click(screen.getByLabelText("Marca activa"));
  await user.click(screen.getByRole("button", { name: "Crear marca" }));

  const name = screen.getByLabelText("Nombre");
  expect(await screen.findByText(NAME_REQUIRED)).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(name));
  expect(name.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
    NAME_REQUIRED,
  );
  expect(screen.getByLabelText<HTMLInputElement>("País").value).toBe("Francia");
  expect(screen.getByLabelText<HTMLInputElement>("Marca activa").checked).toBe(false);
  // backoffice.md §5: the refusal's title for a name left empty.
  expect(screen.getByRole("alert").textContent).toBe("Campo requerido");
});

test("form-level errors show in the alert under the §8 title; the field carries them too", async () => {
  const user = renderBrandForm(async ({ request }) => {
    const submission = parseWithZod(await request.formData(), { schema: Schema });
    const errors = [NAME_TAKEN];
    return json(
      { result: submission.reply({ formErrors: errors, fieldErrors: { name: errors } }) },
      { status: 400 },
    );
  });

  await user.type(screen.getByLabelText("Nombre"), "Dior");
  await user.click(screen.getByRole("button", { name: "Crear marca" }));

  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain("Error al crear la marca");
  expect(alert.textContent).toContain(NAME_TAKEN);
  const name = screen.getByLabelText<HTMLInputElement>("Nombre");
  await waitFor(() => expect(document.activeElement).toBe(name));
  expect(name.value).toBe("Dior");
  expect(alert.closest("form")?.getAttribute("aria-describedby")).toBe(alert.id);
});

test("the server's echo fills the form when it is rendered from a reply (as without JS)", () => {
  const Stub = createRemixStub([
    {
      path: "/admin/brands/new",
      Component: () => (
        <BrandForm
          result={{
            status: "error",
            initialValue: { name: "", country: "Italia", isActive: "on" },
            error: { name: [NAME_REQUIRED] },
          }}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin/brands/new"]} />);

  expect(screen.getByLabelText<HTMLInputElement>("País").defaultValue).toBe("Italia");
  expect(screen.getByLabelText<HTMLInputElement>("Marca activa").defaultChecked).toBe(true);
  expect(screen.getByText(NAME_REQUIRED)).toBeTruthy();
});

test("the product form shows a refused post's choices as sent: brand, seasons, flags", () => {
  const PRICE = "Por favor ingresa un precio válido mayor a 0.";
  const Stub = createRemixStub([
    {
      path: "/admin/products/new",
      Component: () => (
        <ProductForm
          mode="create"
          defaults={{ images: [], isActive: "on" }}
          brands={[
            { id: 1, name: "Dior" },
            { id: 2, name: "Chanel" },
          ]}
          images={[]}
          lastResult={{
            status: "error",
            initialValue: {
              name: "Bleu",
              brandId: "2",
              price: "abc",
              seasons: ["Verano", "Invierno"],
              isFeatured: "on",
            },
            error: { price: [PRICE] },
          }}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin/products/new"]} />);

  expect(screen.getByLabelText<HTMLSelectElement>("Marca").value).toBe("2");
  expect(screen.getByLabelText<HTMLInputElement>("Nombre").value).toBe("Bleu");
  const price = screen.getByLabelText<HTMLInputElement>("Precio (L)");
  expect(price.value).toBe("abc");
  expect(price.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(price.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
    PRICE,
  );
  expect(screen.getByLabelText<HTMLInputElement>("Verano").checked).toBe(true);
  expect(screen.getByLabelText<HTMLInputElement>("Invierno").checked).toBe(true);
  expect(screen.getByLabelText<HTMLInputElement>("Otoño").checked).toBe(false);
  expect(screen.getByLabelText<HTMLInputElement>("Destacado").checked).toBe(true);
  // The reply replaces the defaults: 'Activo' was not sent, so it comes back unchecked.
  expect(screen.getByLabelText<HTMLInputElement>("Activo (visible en la tienda)").checked).toBe(
    false,
  );
});
