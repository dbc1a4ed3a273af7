import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { LATE_PROOF_IN_REVIEW } from "~/models/orders/late-proof";

/**
 * Decision 096: the receipt of a transfer made after ordering. A plain multipart form (it works
 * without JavaScript); `hidden` carries what the page's action needs to find the order (the
 * number and e-mail, or the signed link, on /track-order). With `replace`, the owner changes the
 * receipt still in review (decision 130).
 */
export function LateProofForm({
  action,
  hidden = {},
  error,
  replace = false,
}: {
  action: string;
  hidden?: Record<string, string>;
  error?: string | null;
  replace?: boolean;
}) {
  const pending = useIsPending({ formAction: action });
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
      <div className="space-y-1.5">
        <Label htmlFor="lateProofFile">Comprobante de pago (imagen, máximo 5MB)</Label>
        <input
          id="lateProofFile"
          type="file"
          name="proofFile"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lateProofFile-error" : undefined}
          className="file:bg-surface-muted file:text-fg block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2"
        />
        {error ? (
          <p id="lateProofFile-error" className="text-danger text-sm" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" name="intent" value="upload-proof" disabled={pending}>
        {pending
          ? "Enviando comprobante..."
          : replace
            ? "Cambiar comprobante"
            : "Enviar comprobante"}
      </Button>
    </Form>
  );
}
