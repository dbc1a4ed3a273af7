import { PROOF_UPLOAD_URL, type ProofUploadAnswer } from "~/models/checkout/checkout";
import { IDLE, MAX_BYTES, TOO_LARGE, UPLOAD_CUT, update, type Slot } from "./proof-uploads";
import { shrinkPhoto } from "./shrink-photo";

/*
 * The receipt's journey (decision 094, issue 39), loaded when the shopper reaches for the file
 * (proof-uploads.ts keeps the state): shrunk on the phone (shrink-photo.ts), then sent on its own
 * to /resources/checkout-proof with XMLHttpRequest (fetch reports no upload progress).
 */

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

/** The photo on its way, with its percentage; a failure keeps it for 'Reintentar'. */
export function send(slot: Slot, file: File) {
  update(slot, { phase: { name: "uploading", percent: 0 } });
  const xhr = new XMLHttpRequest();
  slot.request = xhr;
  xhr.open("POST", PROOF_UPLOAD_URL);
  xhr.upload.onprogress = (event) => {
    if (!event.lengthComputable || event.total === 0) return;
    const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
    update(slot, { phase: { name: "uploading", percent } });
  };
  xhr.onload = () => {
    const answer = readAnswer(xhr.responseText);
    if (answer?.id) {
      update(slot, { proofId: answer.id, preview: URL.createObjectURL(file), phase: IDLE });
      return;
    }
    // A refusal of the file itself (not an image, too large) cannot be retried with it; a
    // busy or failing server, or the limit of uploads per ten minutes, can.
    const retryable = xhr.status >= 500 || xhr.status === 429 || !answer?.error;
    update(slot, {
      phase: { name: "failed", error: answer?.error ?? UPLOAD_CUT, retry: retryable ? file : null },
    });
  };
  xhr.onerror = () => update(slot, { phase: { name: "failed", error: UPLOAD_CUT, retry: file } });
  xhr.ontimeout = xhr.onerror;
  const body = new FormData();
  body.set("proofFile", file);
  xhr.send(body);
}

/** The chosen photo, shrunk, then sent (the slot already says 'preparing'). */
export async function choose(slot: Slot, file: File) {
  let photo = file;
  try {
    photo = await shrinkPhoto(file);
  } catch {
    // The browser could not decode or draw it: the photo goes as chosen.
  }
  if (photo.size > MAX_BYTES) {
    update(slot, { phase: { name: "failed", error: TOO_LARGE, retry: null } });
    return;
  }
  send(slot, photo);
}

/** A removed proof is detached on the server too. */
export function detach(id: string) {
  // Detached on the server too, or the next visit to /checkout would attach it again.
  const body = new FormData();
  body.set("intent", "remove");
  body.set("id", id);
  const xhr = new XMLHttpRequest();
  xhr.open("POST", PROOF_UPLOAD_URL);
  xhr.send(body);
}
