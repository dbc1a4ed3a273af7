import { createRemixStub } from "@remix-run/testing";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { SubmissionResult } from "@conform-to/react";
import { useProofSlot } from "~/components/proof-upload/proof-uploads";
import { CheckoutForm } from "~/routes/_store.checkout/checkout-form";
import type { CheckoutData } from "~/routes/_store.checkout/order-summary";

/*
 * The checkout's proof upload (D8, decision 094) inside the real checkout form. The upload goes
 * through XMLHttpRequest (for its progress), which happy-dom sends nowhere useful and without
 * upload progress; so the network is played by `Network` below: each request is recorded and
 * the test decides its progress, its answer or its cut. The answers' shape
 * (/resources/checkout-proof) and the fixtures live here, at the top.
 */
const PROOF_ID = "0123456789abcdef0123456789abcdef";
const OTHER_PROOF_ID = "fedcba9876543210fedcba9876543210";
const PROOF_URL = `/resources/payment-proofs/${PROOF_ID}`;
const NOT_AN_IMAGE = "El comprobante debe ser una imagen (JPG, PNG, WebP o HEIC).";
const CUT = "Se cortó la subida del comprobante. Revisa tu conexión y vuelve a intentarlo.";
const IDLE_LABEL = "Comprobante de pago (imagen, máximo 5MB)";
const WAITING = "Esperando el comprobante…";
const UPLOAD_URL = "/resources/checkout-proof";

const stored = (id: string) => ({ status: 200, body: { id, error: null } });
const refused = (error: string) => ({ status: 400, body: { id: null, error } });

const photo = (name = "comprobante.png", bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: "image/png" });

type Sent = {
  url: string;
  body: FormData;
  progress: (loaded: number, total: number) => void;
  answer: (reply: { status: number; body: unknown }) => void;
  cut: () => void;
};

/** The network under XMLHttpRequest: what was sent, and the test's hand on each request. */
const sent: Sent[] = [];
const RealXMLHttpRequest = globalThis.XMLHttpRequest;

class NetworkRequest extends EventTarget {
  upload = new EventTarget() as EventTarget & {
    onprogress: ((event: ProgressEvent) => void) | null;
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = "";
  #url = "";
  open(_method: string, url: string) {
    this.#url = url;
  }
  abort() {}
  send(body: FormData) {
    sent.push({
      url: this.#url,
      body,
      progress: (loaded, total) =>
        this.upload.onprogress?.(
          new ProgressEvent("progress", { lengthComputable: true, loaded, total }),
        ),
      answer: ({ status, body: reply }) => {
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      },
      cut: () => this.onerror?.(),
    });
  }
}

beforeEach(() => {
  sent.length = 0;
  globalThis.XMLHttpRequest = NetworkRequest as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = RealXMLHttpRequest;
});

const totals = {
  subtotal: 150_000,
  shippingCost: 0,
  tax: 19_565,
  couponDiscount: 0,
  total: 150_000,
};

function checkoutData(attachedProof: string | null = null) {
  return {
    lines: [
      {
        id: 1,
        name: "Bleu de Chanel",
        brandName: "Chanel",
        imageKey: null,
        size: "100 ml",
        quantity: 1,
        unitPrice: 150_000,
        lineTotal: 150_000,
        available: true,
      },
    ],
    coupon: null,
    totals: { standard: totals, express: totals, pickup: totals },
    taxPercentage: 15,
    store: {
      address: "Tegucigalpa",
      hours: "9 a 6",
      phone: "+504 2222-2222",
      bankName: "Banco Atlántida",
      bankAccount: "1234567890",
      bankHolder: "Perfumería",
    },
    prefill: { email: "", firstName: "", lastName: "", phone: "", address: "" },
    checkoutKey: "checkout-key-1234",
    attachedProof,
    // A verified customer's checkout: 'Transferiré después' is offered (decision 128).
    payLater: "open",
    offerVerification: false,
  } as unknown as CheckoutData;
}

async function renderCheckout({
  attachedProof = null,
  result,
}: { attachedProof?: string | null; result?: SubmissionResult<string[]> } = {}) {
  const Stub = createRemixStub([
    {
      path: "/checkout",
      Component: () => (
        <CheckoutForm
          data={checkoutData(attachedProof)}
          result={result}
          couponNotice={null}
          summaryLines={null}
          slowLinkHint=""
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  // The form's kept parts (decision 159) are drawn by their own code here, loaded on first use.
  await screen.findByRole("heading", { name: "Finalizar Compra" });
  return userEvent.setup();
}

/** What the order post would carry in `paymentProof`. */
const postedProof = () =>
  new FormData(document.getElementById("checkout") as HTMLFormElement).get("paymentProof");
const fileInput = () => document.getElementById("proofFile") as HTMLInputElement;
const preview = () => screen.queryByRole("img", { name: "Vista previa del comprobante de pago" });
/** The standard method's confirm button (each shipping method has its own, shown by CSS). */
const confirmButton = () =>
  screen.getAllByRole("button", { name: /^(Confirmar Pedido|Esperando el comprobante)/ })[0];
const uploadSent = async (count = 1) => {
  await waitFor(() => expect(sent).toHaveLength(count));
  return sent[count - 1];
};

describe("ProofUpload in the checkout form", () => {
  test("idle: the label asks for the proof, the order carries none and can be confirmed", async () => {
    await renderCheckout();

    expect(screen.getByLabelText(IDLE_LABEL)).toBe(fileInput());
    expect(preview()).toBeNull();
    expect(postedProof()).toBe("");
    expect(confirmButton().textContent).toMatch(/^Confirmar Pedido/);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
  });

  test("uploading: the chosen file goes to the upload route with a progress bar, and 'Confirmar Pedido' waits, saying why", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo("mi-pago.png", 3000));
    const request = await uploadSent();

    expect(request.url).toBe(UPLOAD_URL);
    expect(request.body.get("proofFile")).toMatchObject({ name: "mi-pago.png", size: 3000 });
    await waitFor(() => expect(confirmButton().textContent).toBe(WAITING));
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect(fileInput().disabled).toBe(true);

    act(() => request.progress(1200, 3000));
    const bar = screen.getByRole("progressbar", {
      name: "Progreso de la subida del comprobante",
    }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect(screen.getByText("Subiendo el comprobante… 40 %")).toBeTruthy();
    // storefront.md §4: the disabled button reads 'Subiendo...' meanwhile.
    expect(screen.getByLabelText("Subiendo...")).toBe(fileInput());

    act(() => request.progress(3000, 3000));
    expect(bar.value).toBe(100);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);

    act(() => request.answer(stored(PROOF_ID)));
    await waitFor(() => expect(confirmButton().textContent).toMatch(/^Confirmar Pedido/));
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  test("uploaded: one state (preview, 'Comprobante cargado', 'Cambiar Comprobante'), the order carries the stored id and not the file", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo());
    act(() => sent[0].answer(stored(PROOF_ID)));

    const image = await screen.findByRole("img", { name: "Vista previa del comprobante de pago" });
    // The chosen photo is shown from memory at once, not downloaded again.
    expect(image.getAttribute("src")).toMatch(/^blob:/);
    expect(screen.getByText("Comprobante cargado")).toBeTruthy();
    expect(screen.getByLabelText("Cambiar Comprobante")).toBe(fileInput());
    expect(screen.queryByText(IDLE_LABEL)).toBeNull();
    expect(postedProof()).toBe(PROOF_ID);
    expect(fileInput().files).toHaveLength(0);
    expect(
      new FormData(document.getElementById("checkout") as HTMLFormElement).get("proofFile"),
    ).toSatisfy((file) => !(file instanceof File) || file.size === 0);
  });

  test("a cut upload offers 'Reintentar', which sends the same file again without choosing it", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo("pago-cortado.png", 4000));
    act(() => sent[0].progress(1000, 4000));
    act(() => sent[0].cut());

    const message = await screen.findByText(CUT);
    expect(fileInput().getAttribute("aria-describedby")).toBe(message.id);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
    expect(postedProof()).toBe("");

    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    const retry = await uploadSent(2);
    expect(retry.body.get("proofFile")).toMatchObject({ name: "pago-cortado.png", size: 4000 });
    await waitFor(() => expect(confirmButton().textContent).toBe(WAITING));

    act(() => retry.answer(stored(PROOF_ID)));
    await waitFor(() => expect(postedProof()).toBe(PROOF_ID));
    expect(screen.queryByText(CUT)).toBeNull();
  });

  test("'Transferiré después' chosen while the receipt uploads lets the order be confirmed; 'Ya transferí' holds it again", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo());
    await uploadSent();
    await waitFor(() => expect(confirmButton().textContent).toBe(WAITING));

    await user.click(screen.getByLabelText(/^Transferiré después/));
    expect(confirmButton().textContent).toMatch(/^Confirmar Pedido/);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByLabelText(/^Ya transferí/));
    expect(confirmButton().textContent).toBe(WAITING);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  test("a server failure (5xx) can be retried too", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo());
    act(() => sent[0].answer({ status: 502, body: "Bad Gateway" }));

    await screen.findByText(CUT);
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    await uploadSent(2);
  });

  test("the server's refusal of the file is shown, tied to the input, with no retry", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo("documento.png"));
    act(() => sent[0].answer(refused(NOT_AN_IMAGE)));

    const message = await screen.findByText(NOT_AN_IMAGE);
    expect(fileInput().getAttribute("aria-invalid")).toBe("true");
    expect(fileInput().getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.queryByRole("button", { name: "Reintentar" })).toBeNull();
    expect(preview()).toBeNull();
    expect(postedProof()).toBe("");
  });

  test("'Cambiar Comprobante' replaces the stored proof with the new one", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo("primero.png"));
    act(() => sent[0].answer(stored(PROOF_ID)));
    await screen.findByLabelText("Cambiar Comprobante");
    await user.upload(fileInput(), photo("segundo.png"));
    act(() => sent[1].answer(stored(OTHER_PROOF_ID)));

    await waitFor(() => expect(postedProof()).toBe(OTHER_PROOF_ID));
    expect(sent.map((request) => (request.body.get("proofFile") as File).name)).toEqual([
      "primero.png",
      "segundo.png",
    ]);
  });

  test("'Quitar comprobante' goes back to idle and detaches the proof on the server", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo());
    act(() => sent[0].answer(stored(PROOF_ID)));
    await user.click(await screen.findByRole("button", { name: "Quitar comprobante" }));

    expect(preview()).toBeNull();
    expect(screen.getByLabelText(IDLE_LABEL)).toBe(fileInput());
    expect(postedProof()).toBe("");
    const removal = await uploadSent(2);
    expect(removal.url).toBe(UPLOAD_URL);
    expect(removal.body.get("intent")).toBe("remove");
    expect(removal.body.get("id")).toBe(PROOF_ID);
  });

  test("a file over 5MB (that the browser could not shrink) is refused without sending it", async () => {
    const user = await renderCheckout();

    await user.upload(fileInput(), photo("enorme.png", 5 * 1024 * 1024 + 1));

    expect(await screen.findByText("El archivo es muy grande. Máximo 5MB permitido.")).toBeTruthy();
    expect(sent).toEqual([]);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
  });

  test("a proof attached to the shopper's checkout (a reload) is shown from the server and carried by the order", async () => {
    await renderCheckout({ attachedProof: PROOF_ID });

    expect(preview()?.getAttribute("src")).toBe(PROOF_URL);
    expect(postedProof()).toBe(PROOF_ID);
    expect(screen.getByLabelText("Cambiar Comprobante")).toBe(fileInput());
  });

  test("the order's error for the proof (no proof sent) is shown", async () => {
    await renderCheckout({
      result: {
        status: "error",
        initialValue: {},
        error: { paymentProof: ["Comprobante de pago es requerido"] },
      },
    });

    const message = screen.getByText("Comprobante de pago es requerido");
    expect(fileInput().getAttribute("aria-describedby")).toBe(message.id);
  });
});

describe("an order's receipt slot (useProofSlot with a key)", () => {
  test("lets its preview's photo go from memory once the form is sent", async () => {
    const revoked = vi.spyOn(URL, "revokeObjectURL");
    const { result } = renderHook(() => useProofSlot("order:PH-261130-0001", ""));
    await act(() => result.current.choose(photo("pago.png")));
    (await uploadSent()).answer(stored(PROOF_ID));
    await waitFor(() => expect(result.current.state.preview).toMatch(/^blob:/));
    const url = result.current.state.preview;

    act(() => result.current.sent());
    expect(revoked).toHaveBeenCalledWith(url);
    revoked.mockRestore();
  });
});
