import { json } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/*
 * The one error boundary: a refusal that carries its reason (the busy password gate's 503, a
 * body too large) is said on the screen under its status's title; one without a reason, or a
 * status it does not word, stays 'Algo salió mal'.
 */
function renderThrown(response: () => Response) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => <p>nunca</p>,
      ErrorBoundary: () => <GeneralErrorBoundary />,
      loader: () => {
        throw response();
      },
    },
  ]);
  render(<Stub />);
}

test("a 503 with its reason says the server is busy, and why", async () => {
  const reason =
    "Hay muchas solicitudes en este momento. Espera unos segundos e inténtalo de nuevo.";
  renderThrown(() => json({ message: reason }, { status: 503 }));
  expect(await screen.findByRole("heading", { name: "Servicio ocupado" })).toBeTruthy();
  expect(screen.getByText(reason)).toBeTruthy();
  expect(screen.getByText("Error 503")).toBeTruthy();
});

test("a 413 in plain text says the content is too large", async () => {
  renderThrown(() => new Response("El contenido enviado es demasiado grande.", { status: 413 }));
  expect(await screen.findByRole("heading", { name: "Contenido demasiado grande" })).toBeTruthy();
  expect(screen.getByText("El contenido enviado es demasiado grande.")).toBeTruthy();
});

test("a status without a reason stays the unexpected error", async () => {
  renderThrown(() => new Response(null, { status: 400 }));
  expect(await screen.findByRole("heading", { name: "Algo salió mal" })).toBeTruthy();
});

test("an unexpected error is said in the route's own words when it has them", async () => {
  // The profile's boundary (backoffice.md §8): 'No se pudo cargar la información del perfil.'
  const message = "No se pudo cargar la información del perfil.";
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => <p>nunca</p>,
      ErrorBoundary: () => <GeneralErrorBoundary unexpectedMessage={message} />,
      loader: () => {
        throw new Error("la base de datos no responde");
      },
    },
  ]);
  render(<Stub />);
  expect(await screen.findByRole("heading", { name: "Algo salió mal" })).toBeTruthy();
  expect(screen.getByText(message)).toBeTruthy();
});
