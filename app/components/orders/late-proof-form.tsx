import { Form } from "@remix-run/react";
import { useState } from "react";
import { ProofUpload } from "~/components/proof-upload/proof-upload";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { LATE_PROOF_IN_REVIEW } from "~/models/orders/late-proof";

/**
 * Decision 096: the receipt of a transfer made after ordering. A plain multipart form without
 * JavaScript; with it, the checkout's path (issue 39): the photo is shrunk on the phone and sent
 * with its progress as soon as it is chosen, and 'Enviar comprobante' waits for it. The upload
 * is the order's (`orderNumber`), so it keeps going when the page gives way to another of the same
 * order's. `hidden` carries what the page's action needs to find the order (the number and
 * e-mail, or the signed link, on /track-order). With `replace`, the owner changes the receipt
 * still in review (decision 130).
 */
export function LateProofForm({
  orderNumber,
  action,
  hidden = {},
  error,
  replace = false,
}: {
  orderNumber: string;
  action: string;
  hidden?: Record<string, string>;
  error?: string | null;
  replace?: boolean;
}) {
  const pending = useIsPending({ formAction: action });
  const [waiting, setWaiting] = useState(false);
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-3"
      aria-labelledby="late-proof-heading"
    >
      <h3 id="late-proof-heading" className="font-semibold">
        {replace ? "Cambiar comprobante" : "Subir comprobante de transferencia"}
      </h3>
      {replace ? <p className="text-sm">{LATE_PROOF_IN_REVIEW}</p> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ProofUpload
        name="paymentProof"
        inputId="lateProofFile"
        slot={`order:${orderNumber}`}
        error={error ?? undefined}
        errorId="lateProofFile-error"
        required
        changeLabel="Elegir otra foto"
        slowLinkHint="Con señal débil, una foto tarda en subir y la página queda en blanco mientras tanto. Una captura de pantalla de la app de tu banco pesa mucho menos, o envía el comprobante por WhatsApp."
        onWaitingChange={setWaiting}
      />
      <Button type="submit" name="intent" value="upload-proof" disabled={pending || waiting}>
        {waiting
          ? "Esperando el comprobante…"
          : pending
            ? "Enviando comprobante..."
            : replace
              ? "Cambiar comprobante"
              : "Enviar comprobante"}
      </Button>
    </Form>
  );
}
