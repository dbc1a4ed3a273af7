import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Label } from "~/components/ui/input";
import type { ServerField } from "~/components/forms/server-form";
import { paymentProofUrl, PROOF_ID_PATTERN } from "~/models/checkout/checkout";

const MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = "El archivo es muy grande. Máximo 5MB permitido.";
const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";

type UploadResponse = { upload: { id: string | null; url: string | null; error: string | null } };

function isUploadResponse(data: unknown): data is UploadResponse {
  return typeof data === "object" && data !== null && "upload" in data;
}

/**
 * D8 proof of payment. Without JS the file input posts with the form and the server keeps the
 * stored proof in the hidden `paymentProof` field across a validation error. With JS the file
 * uploads as soon as it is chosen ('Subiendo...'), then shows a preview with remove and
 * 'Cambiar Comprobante'; the file input is emptied so the order post does not send it again.
 */
export function ProofUpload({ field }: { field: ServerField }) {
  const initial =
    typeof field.initialValue === "string" && PROOF_ID_PATTERN.test(field.initialValue)
      ? field.initialValue
      : "";
  const [proofId, setProofId] = useState(initial);
  const [clientError, setClientError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const uploading = fetcher.state !== "idle";

  // Derived state, adjusted while rendering: a new server value (a re-rendered form) or a
  // finished upload replaces the proof shown.
  const [seenInitial, setSeenInitial] = useState(initial);
  if (initial !== seenInitial) {
    setSeenInitial(initial);
    setProofId(initial);
  }
  const [seenData, setSeenData] = useState<unknown>(null);
  if (fetcher.state === "idle" && isUploadResponse(fetcher.data) && fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    const { upload } = fetcher.data;
    if (upload.id) {
      setProofId(upload.id);
      setClientError(null);
    } else setClientError(upload.error);
  }

  const errors = clientError ? [clientError] : field.errors;
  const errorId = field.errorId;
  const inputId = "proofFile";

  return (
    <div className="space-y-3">
      <input type="hidden" name={field.name} value={proofId} />
      {proofId ? (
        <figure className="space-y-2">
          <img
            src={paymentProofUrl(proofId)}
            alt="Vista previa del comprobante de pago"
            className="border-border max-h-64 rounded-lg border object-contain"
            onError={(event) => {
              event.currentTarget.src = "/placeholder-proof.svg";
            }}
          />
          <figcaption className="text-success text-sm" role="status">
            Comprobante cargado
          </figcaption>
        </figure>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={inputId} className={proofId ? "" : "w-full"}>
          {uploading
            ? "Subiendo..."
            : proofId
              ? "Cambiar Comprobante"
              : "Comprobante de pago (imagen, máximo 5MB)"}
        </Label>
        {proofId && hydrated ? (
          <button
            type="button"
            className="text-danger text-sm underline"
            onClick={() => setProofId("")}
            disabled={uploading}
          >
            Quitar comprobante
          </button>
        ) : null}
      </div>
      <input
        id={inputId}
        type="file"
        name="proofFile"
        accept={ACCEPT}
        disabled={uploading}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="file:bg-surface-muted file:text-fg block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:px-3 file:py-2"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          if (file.size > MAX_BYTES) {
            setClientError(TOO_LARGE);
            event.currentTarget.value = "";
            return;
          }
          const body = new FormData();
          body.set("intent", "upload-proof");
          body.set("proofFile", file);
          fetcher.submit(body, {
            method: "post",
            action: "/checkout",
            encType: "multipart/form-data",
          });
          // The file now travels on its own; the order post must not carry it again.
          event.currentTarget.value = "";
        }}
      />
      {uploading ? (
        <p role="status" className="text-fg-muted text-sm">
          Subiendo...
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="text-danger text-sm">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
