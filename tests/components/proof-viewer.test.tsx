import { createRemixStub } from "@remix-run/testing";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ProofViewer } from "~/components/orders/proof-viewer";

const PROOF_URL = "/resources/payment-proofs/0123456789abcdef0123456789abcdef";
const ALT = "Comprobante del pedido PH-000123";

/** A 2000×1000 proof in a 1000×700 viewport: it fits at 50 %, each zoom step is ×1.5. */
const IMAGE = { width: 2000, height: 1000 };
const VIEWPORT = { width: 1000, height: 700 };

function viewer() {
  return <ProofViewer src={PROOF_URL} alt={ALT} thumbnailClassName="max-h-80" />;
}

function renderViewer() {
  const Stub = createRemixStub([{ path: "/admin/orders/:orderId", Component: viewer }]);
  render(<Stub initialEntries={["/admin/orders/1"]} />);
  return userEvent.setup();
}

/**
 * happy-dom neither fetches images nor lays anything out: the full-size image "loads" with its
 * natural size and the dialog's viewport gets the size a 1024×768 screen would give it.
 */
function loadFullImage() {
  const dialog = screen.getByRole("dialog", { name: ALT });
  // Until it has loaded (and so has a size to fit) the image is kept invisible.
  const image = within(dialog).getByAltText(ALT);
  const viewport = image.parentElement!.parentElement!;
  Object.defineProperty(viewport, "clientWidth", { value: VIEWPORT.width });
  Object.defineProperty(viewport, "clientHeight", { value: VIEWPORT.height });
  Object.defineProperty(image, "naturalWidth", { value: IMAGE.width });
  Object.defineProperty(image, "naturalHeight", { value: IMAGE.height });
  fireEvent.load(image);
  return { dialog, image };
}

const zoom = () => screen.getByRole("status", { name: "Zoom" });

describe("ProofViewer", () => {
  test("without JS it is a link to the full image in its own tab", () => {
    const html = renderToString(viewer());
    const container = document.createElement("div");
    container.innerHTML = html;
    const link = within(container).getByRole("link");
    expect(link.getAttribute("href")).toBe(PROOF_URL);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(link).getByRole("img", { name: ALT }).getAttribute("src")).toBe(PROOF_URL);
    expect(within(container).queryByRole("button")).toBeNull();
    expect(container.querySelector("dialog")).toBeNull();
  });

  test("with JS the thumbnail opens a modal dialog with the full image, fitted to the screen", async () => {
    const user = renderViewer();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Ampliar comprobante" }));
    const { dialog, image } = loadFullImage();
    expect(dialog).toHaveProperty("open", true);
    expect(image.getAttribute("src")).toBe(PROOF_URL);
    expect(zoom().textContent).toBe("50 %");
    expect(image.style.transform).toBe("scale(0.5)");
    // The box around the image takes the scaled size, so the scrollbars pan over exactly it.
    expect(image.parentElement!.style.width).toBe("1000px");
    expect(image.parentElement!.style.height).toBe("500px");
  });

  test("zooms with the buttons and the +/- keys, and fits again", async () => {
    const user = renderViewer();
    await user.click(screen.getByRole("button", { name: "Ampliar comprobante" }));
    const { image } = loadFullImage();

    await user.click(screen.getByRole("button", { name: "Acercar" }));
    expect(zoom().textContent).toBe("75 %");
    expect(image.style.transform).toBe("scale(0.75)");
    await user.keyboard("+");
    expect(zoom().textContent).toBe("113 %");
    await user.click(screen.getByRole("button", { name: "Alejar" }));
    expect(zoom().textContent).toBe("75 %");
    await user.keyboard("-");
    await user.keyboard("-");
    expect(zoom().textContent).toBe("33 %");
    await user.click(screen.getByRole("button", { name: "Ajustar" }));
    expect(zoom().textContent).toBe("50 %");
    expect(image.parentElement!.style.width).toBe("1000px");
  });

  test("zoom stops at 400 %", async () => {
    const user = renderViewer();
    await user.click(screen.getByRole("button", { name: "Ampliar comprobante" }));
    loadFullImage();
    // A browser's showModal focuses the dialog's first button; happy-dom's leaves the focus be.
    screen.getByRole("button", { name: "Acercar" }).focus();
    for (let step = 0; step < 8; step++) await user.keyboard("+");
    expect(zoom().textContent).toBe("400 %");
  });

  test("'Cerrar' closes the dialog and gives the focus back to the thumbnail", async () => {
    const user = renderViewer();
    const trigger = screen.getByRole("button", { name: "Ampliar comprobante" });
    await user.click(trigger);
    const { dialog } = loadFullImage();

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    expect(dialog).toHaveProperty("open", false);
    expect(document.activeElement).toBe(trigger);
    // Closed, the full-size image is dropped (proofs are no-store: it is fetched on each open).
    expect(dialog.querySelector("img")).toBeNull();
  });
});
