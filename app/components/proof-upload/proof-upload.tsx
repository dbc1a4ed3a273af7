import { useEffect, useRef } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { paymentProofUrl, PROOF_ID_PATTERN } from "~/models/checkout/checkout";
import { preloadShrinker, useProofSlot } from "./proof-uploads";

const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";
const IDLE_LABEL = "Comprobante de pago (imagen, máximo 5MB)";

/**
 * D8 proof of payment, at the checkout and for a transfer paid after ordering (decision 096).
 * Without JS the file input posts with its form as chosen. With JS (decision 094) the photo is
 * shrunk in the browser, sent on its own with a progress bar (proof-uploads.ts), and the form
 * posts the stored proof's id in `name`; `onWaitingChange` tells the form to hold its button
 * meanwhile. A failed or cut upload keeps the file for 'Reintentar'. At the checkout the stored
 * proof stays attached for a day (the loader's `paymentProof`), so a reload does not send it
 * again; an order's receipt (`slot`) keeps travelling when its page gives way to another.
 */
export function ProofUpload({
  name,
  inputId,
  initialId = "",
  slot,
  error: serverError,
  errorId,
  required = false,
  changeLabel = "Cambiar Comprobante",
  slowLinkHint,
  onWaitingChange,
}: {
  /** The hidden field with the stored proof's id. */
  name: string;
  inputId: string;
  initialId?: string;
  /** A key for an upload that outlives the page (an order's receipt). */
  slot?: string;
  error?: string;
  errorId: string;
  /** Without JS, the form cannot be sent without a file. */
  required?: boolean;
  /** The picker's words once a photo is in (the checkout's are storefront.md §4's). */
  changeLabel?: string;
  /**
   * Issue 39: without JavaScript the photo travels whole with the form's post (31 s of a blank
   * page at 400 kbit/s); said before it goes, with the lighter ways. Shown only then.
   */
  slowLinkHint?: string;
  onWaitingChange?: (waiting: boolean) => void;
}) {
  const upload = useProofSlot(slot, PROOF_ID_PATTERN.test(initialId) ? initialId : "");
  const { proofId, preview, phase } = upload.state;
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);

  const waiting = phase.name === "preparing" || phase.name === "uploading";
  useEffect(() => onWaitingChange?.(waiting), [waiting, onWaitingChange]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the slot is the first render's
  useEffect(() => upload.release, []);
  // The form went with the photo's id: an order's slot starts again empty, so a receipt in
  // review is not offered as the next one.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    form.addEventListener("submit", upload.sent);
    return () => form.removeEventListener("submit", upload.sent);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the slot is the first render's
  }, []);
  // A photo chosen before the JavaScript arrived (a slow phone) is still in the input: it goes
  // up now, as if chosen after, instead of waiting silently for the form's post.
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (!early) return;
    input.current!.value = "";
    void upload.choose(early);
    // Once, at hydration: `choose` is the first render's, which is all it needs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const error = phase.name === "failed" ? phase.error : serverError;

  return (
    <div className="space-y-3">
      <input type="hidden" name={name} value={proofId} />
      {proofId ? (
        <figure className="space-y-2">
          <img
            src={preview ?? paymentProofUrl(proofId)}
            alt="Vista previa del comprobante de pago"
            className="border-border max-h-64 rounded-lg border object-contain"
            onError={(event) => {
              event.currentTarget.src = "/placeholder-proof.svg";
            }}
          />
          <figcaption className="text-success text-sm">Comprobante cargado</figcaption>
        </figure>
      ) : null}
      <div
        className={
          hydrated
            ? "has-[:focus-visible]:outline-accent flex flex-wrap items-center gap-2 rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
            : "space-y-2"
        }
      >
        {hydrated ? (
          <label
            htmlFor={inputId}
            onPointerDown={preloadShrinker}
            className={`${buttonClasses("secondary", "md", { wrap: true })} cursor-pointer`}
          >
            {/* §4: the button reads 'Subiendo...' while the photo travels. */}
            {phase.name === "uploading" ? "Subiendo..." : proofId ? changeLabel : IDLE_LABEL}
          </label>
        ) : (
          <Label htmlFor={inputId}>{proofId ? changeLabel : IDLE_LABEL}</Label>
        )}
        {/* With JS the chosen file is sent at once and the input emptied: shown, it would say
            'No file chosen' under 'Comprobante cargado', so the label is the button. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          name="proofFile"
          accept={ACCEPT}
          required={required && !hydrated}
          disabled={waiting}
          onFocus={preloadShrinker}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={
            hydrated
              ? "sr-only"
              : "file:bg-surface-muted file:text-fg block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2"
          }
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The file now travels on its own; the order post must not carry it again.
            event.currentTarget.value = "";
            if (file) void upload.choose(file);
          }}
        />
        {proofId && hydrated ? (
          <button
            type="button"
            className="text-danger text-sm underline"
            onClick={upload.remove}
            disabled={waiting}
          >
            Quitar comprobante
          </button>
        ) : null}
      </div>
      {/* React does not hydrate a <noscript>'s contents: a page may give the words to the
          server's render only ('' in the browser), so its script does not carry them. */}
      {slowLinkHint !== undefined ? (
        <noscript>
          {slowLinkHint ? <p className="text-fg-muted text-sm">{slowLinkHint}</p> : null}
        </noscript>
      ) : null}
      <div role="status" className="text-fg-muted space-y-1 text-sm">
        {phase.name === "preparing" ? <p>Preparando la foto…</p> : null}
        {phase.name === "uploading" ? (
          <>
            <p>Subiendo el comprobante… {phase.percent} %</p>
            <progress
              max={100}
              value={phase.percent}
              aria-label="Progreso de la subida del comprobante"
              className="accent-accent h-2 w-full"
            />
          </>
        ) : null}
      </div>
      {error ? (
        <div className="flex flex-wrap items-center gap-3">
          <p id={errorId} className="text-danger text-sm">
            {error}
          </p>
          {phase.name === "failed" && phase.retry ? (
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              onClick={() => phase.retry && upload.retry(phase.retry)}
            >
              Reintentar
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
