import { useForm, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { ProofUpload } from "~/routes/_store.checkout/proof-upload";

/*
 * The fixtures and the shape of the checkout action's answers to `upload-proof` live here, at the
 * top, so a change to that action is adapted in one place.
 */
const PROOF_ID = "0123456789abcdef0123456789abcdef";
const OTHER_PROOF_ID = "fedcba9876543210fedcba9876543210";
const PROOF_URL = `/resources/payment-proofs/${PROOF_ID}`;
const NOT_AN_IMAGE = "El comprobante debe ser una imagen (JPG, PNG, WebP o HEIC).";
const IDLE_LABEL = "Comprobante de pago (imagen, máximo 5MB)";

const stored = (id: string) =>
  json({ upload: { id, url: `/resources/payment-proofs/${id}`, error: null } });
const refused = (error: string) =>
  json({ upload: { id: null, url: null, error } }, { status: 400 });

const photo = (name = "comprobante.png", bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: "image/png" });

type Received = { intent: FormDataEntryValue | null; file: File | null };

/** The checkout form around the upload, as checkout-form.tsx builds it with conform. */
function CheckoutFormStub({
  lastResult,
  paymentProof,
}: {
  lastResult?: SubmissionResult<string[]>;
  paymentProof?: string;
}) {
  const [form, fields] = useForm({ id: "checkout", lastResult, defaultValue: { paymentProof } });
  return (
    <form id={form.id} aria-label="Pedido" encType="multipart/form-data">
      <ProofUpload field={fields.paymentProof} />
    </form>
  );
}

function renderUpload({
  answer = async () => stored(PROOF_ID),
  lastResult,
  paymentProof,
}: {
  answer?: (received: Received) => Promise<Response>;
  lastResult?: SubmissionResult<string[]>;
  paymentProof?: string;
} = {}) {
  const received: Received[] = [];
  const Stub = createRemixStub([
    {
      path: "/checkout",
      Component: () => <CheckoutFormStub lastResult={lastResult} paymentProof={paymentProof} />,
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const file = form.get("proofFile");
        const entry = { intent: form.get("intent"), file: file instanceof File ? file : null };
        received.push(entry);
        return answer(entry);
      },
    },
  ]);
  render(<Stub initialEntries={["/checkout"]} />);
  return { received, user: userEvent.setup() };
}

/** What the order post would carry in `paymentProof`. */
const postedProof = () =>
  new FormData(screen.getByRole("form", { name: "Pedido" }) as HTMLFormElement).get("paymentProof");
const fileInput = () => document.getElementById("proofFile") as HTMLInputElement;
const preview = () => screen.queryByRole("img", { name: "Vista previa del comprobante de pago" });

describe("ProofUpload", () => {
  test("idle: the file input asks for the proof and the order carries none", () => {
    renderUpload();

    expect(screen.getByLabelText(IDLE_LABEL)).toBe(fileInput());
    expect(preview()).toBeNull();
    expect(screen.queryByRole("button", { name: "Quitar comprobante" })).toBeNull();
    expect(postedProof()).toBe("");
  });

  test("a chosen file is posted at once with intent upload-proof, showing 'Subiendo...'", async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const { received, user } = renderUpload({
      answer: async () => {
        await finished;
        return stored(PROOF_ID);
      },
    });

    await user.upload(fileInput(), photo("mi-pago.png", 3000));

    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0].intent).toBe("upload-proof");
    expect(received[0].file).toMatchObject({ name: "mi-pago.png", type: "image/png", size: 3000 });
    expect(screen.getByRole("status").textContent).toBe("Subiendo...");
    expect(screen.getByLabelText("Subiendo...")).toBe(fileInput());
    expect(fileInput().disabled).toBe(true);

    finish();
    await screen.findByRole("img", { name: "Vista previa del comprobante de pago" });
  });

  test("uploaded: preview, remove and 'Cambiar Comprobante'; the order carries the stored id", async () => {
    const { user } = renderUpload();

    await user.upload(fileInput(), photo());

    const image = await screen.findByRole("img", { name: "Vista previa del comprobante de pago" });
    expect(image.getAttribute("src")).toBe(PROOF_URL);
    expect(screen.getByText("Comprobante cargado")).toBeTruthy();
    expect(screen.getByLabelText("Cambiar Comprobante")).toBe(fileInput());
    expect(screen.getByRole("button", { name: "Quitar comprobante" })).toBeTruthy();
    expect(postedProof()).toBe(PROOF_ID);
    // The file travelled on its own: the order post must not send it again.
    expect(fileInput().files).toHaveLength(0);
  });

  test("'Cambiar Comprobante' replaces the stored proof with the new one", async () => {
    const ids = [PROOF_ID, OTHER_PROOF_ID];
    const { received, user } = renderUpload({ answer: async () => stored(ids.shift()!) });

    await user.upload(fileInput(), photo("primero.png"));
    await screen.findByLabelText("Cambiar Comprobante");
    await user.upload(fileInput(), photo("segundo.png"));

    await waitFor(() => expect(postedProof()).toBe(OTHER_PROOF_ID));
    expect(received.map((entry) => entry.file?.name)).toEqual(["primero.png", "segundo.png"]);
    expect(preview()?.getAttribute("src")).toBe(`/resources/payment-proofs/${OTHER_PROOF_ID}`);
  });

  test("Quitar comprobante goes back to idle", async () => {
    const { user } = renderUpload();

    await user.upload(fileInput(), photo());
    await user.click(await screen.findByRole("button", { name: "Quitar comprobante" }));

    expect(preview()).toBeNull();
    expect(screen.getByLabelText(IDLE_LABEL)).toBe(fileInput());
    expect(postedProof()).toBe("");
  });

  test("the server's refusal is shown and tied to the input", async () => {
    const { user } = renderUpload({ answer: async () => refused(NOT_AN_IMAGE) });

    await user.upload(fileInput(), photo("documento.png"));

    const message = await screen.findByText(NOT_AN_IMAGE);
    expect(fileInput().getAttribute("aria-invalid")).toBe("true");
    expect(fileInput().getAttribute("aria-describedby")).toBe(message.id);
    expect(preview()).toBeNull();
    expect(postedProof()).toBe("");
  });

  test("a successful upload clears an earlier refusal", async () => {
    const answers = [refused(NOT_AN_IMAGE), stored(PROOF_ID)];
    const { user } = renderUpload({ answer: async () => answers.shift()! });

    await user.upload(fileInput(), photo("documento.png"));
    await screen.findByText(NOT_AN_IMAGE);
    await user.upload(fileInput(), photo());

    await screen.findByRole("img", { name: "Vista previa del comprobante de pago" });
    expect(screen.queryByText(NOT_AN_IMAGE)).toBeNull();
    expect(fileInput().getAttribute("aria-invalid")).toBeNull();
  });

  test("a file over 5MB is refused in the browser without posting it", async () => {
    const { received, user } = renderUpload();

    await user.upload(fileInput(), photo("enorme.png", 5 * 1024 * 1024 + 1));

    expect(screen.getByText("El archivo es muy grande. Máximo 5MB permitido.")).toBeTruthy();
    expect(received).toEqual([]);
  });

  test("a form re-rendered by the server keeps the stored proof", () => {
    renderUpload({ paymentProof: PROOF_ID });
    expect(preview()?.getAttribute("src")).toBe(PROOF_URL);
    expect(postedProof()).toBe(PROOF_ID);
  });

  test("the order's error for the proof (no proof sent) is shown", () => {
    renderUpload({
      lastResult: {
        status: "error",
        initialValue: {},
        error: { paymentProof: ["Comprobante de pago es requerido"] },
      },
    });

    const message = screen.getByText("Comprobante de pago es requerido");
    expect(fileInput().getAttribute("aria-describedby")).toBe(message.id);
  });
});
