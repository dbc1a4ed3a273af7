import { useEffect, useRef, useState } from "react";
import type * as ShrinkerModule from "./shrink-photo";
import { useHydrated } from "~/hooks/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import type { ServerField } from "~/components/forms/server-form";
import {
  paymentProofUrl,
  PROOF_ID_PATTERN,
  PROOF_UPLOAD_URL,
  type ProofUploadAnswer,
} from "~/models/checkout/checkout";

const MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = "El archivo es muy grande. Máximo 5MB permitido.";
const UPLOAD_CUT = "Se cortó la subida del comprobante. Revisa tu conexión y vuelve a intentarlo.";
const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";
const IDLE_LABEL = "Comprobante de pago (imagen, máximo 5MB)";

/**
 * One state at a time: nothing under way, the photo being shrunk, the upload with its
 * percentage, or a failure (with the file kept for 'Reintentar' when trying again can help).
 */
type Phase =
  | { name: "idle" }
  | { name: "preparing" }
  | { name: "uploading"; percent: number }
  | { name: "failed"; error: string; retry: File | null };

/*
 * The shrinker is fetched when the shopper reaches for the file (the label pressed or focused):
 * while the phone's picker is open it arrives, so choosing does not wait a round trip, and a
 * checkout that pays later never loads it. The bundler keeps one module; the promise is shared.
 */
let shrinker: Promise<typeof ShrinkerModule> | null = null;
function loadShrinker() {
  shrinker ??= import("./shrink-photo").catch((error: unknown) => {
    shrinker = null;
    throw error;
  });
  return shrinker;
}
const preloadShrinker = () => void loadShrinker().catch(() => {});

function readAnswer(text: string): ProofUploadAnswer | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === "object" && data !== null && "id" in data && "error" in data) {
      return data as ProofUploadAnswer;
    }
  } catch {
    // not JSON: a proxy's error page, a cut answer
  }
  return null;
}

/**
 * D8 proof of payment. Without JS the file input posts with the form as chosen and the server
 * keeps the stored proof in the hidden `paymentProof` field. With JS (decision 094) the photo is
 * shrunk in the browser (shrink-photo.ts, loaded on demand), sent on its own to
 * /resources/checkout-proof with XMLHttpRequest (fetch reports no upload progress), with a
 * progress bar; `onWaitingChange` tells the form to hold 'Confirmar Pedido' meanwhile. A failed
 * or cut upload keeps the file for 'Reintentar'. The stored proof stays attached to the
 * shopper's checkout for a day (the loader's `paymentProof`), so a reload does not send it again.
 */
export function ProofUpload({
  field,
  onWaitingChange,
}: {
  field: ServerField;
  onWaitingChange?: (waiting: boolean) => void;
}) {
  const initial =
    typeof field.initialValue === "string" && PROOF_ID_PATTERN.test(field.initialValue)
      ? field.initialValue
      : "";
  const [proofId, setProofId] = useState(initial);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  // The chosen photo shown at once from memory: the stored one would be downloaded again.
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const hydrated = useHydrated();
  const request = useRef<XMLHttpRequest | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Derived state, adjusted while rendering: a new server value (a re-rendered form) replaces
  // the proof shown.
  const [seenInitial, setSeenInitial] = useState(initial);
  if (initial !== seenInitial) {
    setSeenInitial(initial);
    setProofId(initial);
    setLocalPreview(null);
  }

  const waiting = phase.name === "preparing" || phase.name === "uploading";
  useEffect(() => onWaitingChange?.(waiting), [waiting, onWaitingChange]);
  useEffect(() => () => request.current?.abort(), []);
  // A photo chosen before the JavaScript arrived (a slow phone) is still in the input: it goes
  // up now, as if chosen after, instead of waiting silently for the order's post.
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (!early) return;
    input.current!.value = "";
    void choose(early);
    // Once, at hydration: `choose` is the first render's, which is all it needs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  function send(file: File) {
    setPhase({ name: "uploading", percent: 0 });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", PROOF_UPLOAD_URL);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      setPhase({ name: "uploading", percent });
    };
    xhr.onload = () => {
      const answer = readAnswer(xhr.responseText);
      if (answer?.id) {
        setProofId(answer.id);
        setLocalPreview(URL.createObjectURL(file));
        setPhase({ name: "idle" });
        return;
      }
      // A refusal of the file itself (not an image, too large) cannot be retried with it; a
      // busy or failing server, or the limit of uploads per ten minutes, can.
      const retryable = xhr.status >= 500 || xhr.status === 429 || !answer?.error;
      setPhase({
        name: "failed",
        error: answer?.error ?? UPLOAD_CUT,
        retry: retryable ? file : null,
      });
    };
    xhr.onerror = () => setPhase({ name: "failed", error: UPLOAD_CUT, retry: file });
    xhr.ontimeout = xhr.onerror;
    const body = new FormData();
    body.set("proofFile", file);
    xhr.send(body);
  }

  async function choose(file: File) {
    request.current?.abort();
    setPhase({ name: "preparing" });
    let photo = file;
    try {
      const { shrinkPhoto } = await loadShrinker();
      photo = await shrinkPhoto(file);
    } catch {
      // The shrinker did not load (a dropped connection): the photo goes as chosen.
    }
    if (photo.size > MAX_BYTES) {
      setPhase({ name: "failed", error: TOO_LARGE, retry: null });
      return;
    }
    send(photo);
  }

  function remove() {
    const id = proofId;
    setProofId("");
    setLocalPreview(null);
    setPhase({ name: "idle" });
    // Detached on the server too, or the next visit to /checkout would attach it again.
    const body = new FormData();
    body.set("intent", "remove");
    body.set("id", id);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", PROOF_UPLOAD_URL);
    xhr.send(body);
  }

  const error = phase.name === "failed" ? phase.error : field.errors?.[0];
  const errorId = field.errorId;
  const inputId = "proofFile";

  return (
    <div className="space-y-3">
      <input type="hidden" name={field.name} value={proofId} />
      {proofId ? (
        <figure className="space-y-2">
          <img
            src={localPreview ?? paymentProofUrl(proofId)}
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
            {phase.name === "uploading"
              ? "Subiendo..."
              : proofId
                ? "Cambiar Comprobante"
                : IDLE_LABEL}
          </label>
        ) : (
          <Label htmlFor={inputId}>{proofId ? "Cambiar Comprobante" : IDLE_LABEL}</Label>
        )}
        {/* With JS the chosen file is sent at once and the input emptied: shown, it would say
            'No file chosen' under 'Comprobante cargado', so the label is the button. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          name="proofFile"
          accept={ACCEPT}
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
            if (file) void choose(file);
          }}
        />
        {proofId && hydrated ? (
          <button
            type="button"
            className="text-danger text-sm underline"
            onClick={remove}
            disabled={waiting}
          >
            Quitar comprobante
          </button>
        ) : null}
      </div>
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
              onClick={() => phase.retry && send(phase.retry)}
            >
              Reintentar
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
