import { useState, useSyncExternalStore } from "react";
import type * as ShrinkerModule from "./shrink-photo";
import { PROOF_UPLOAD_URL, type ProofUploadAnswer } from "~/models/checkout/checkout";

/*
 * The receipt's journey with JavaScript (decision 094, issue 39): shrunk on the phone
 * (shrink-photo.ts, loaded on demand), sent on its own to /resources/checkout-proof with
 * XMLHttpRequest (fetch reports no upload progress), and kept as the stored proof's id for the
 * form's post. The state lives in a slot outside React: an order's slot (`order:<id>`) outlives
 * its page, so a photo chosen on /order-success while 'Seguir mi pedido' loads keeps travelling
 * and the tracking page's form shows it; the checkout's slot is its form's own.
 */

export const MAX_BYTES = 5 * 1024 * 1024;
export const TOO_LARGE = "El archivo es muy grande. Máximo 5MB permitido.";
export const UPLOAD_CUT =
  "Se cortó la subida del comprobante. Revisa tu conexión y vuelve a intentarlo.";

/**
 * One state at a time: nothing under way, the photo being shrunk, the upload with its
 * percentage, or a failure (with the file kept for 'Reintentar' when trying again can help).
 */
export type Phase =
  | { name: "idle" }
  | { name: "preparing" }
  | { name: "uploading"; percent: number }
  | { name: "failed"; error: string; retry: File | null };

export type UploadState = {
  /** The stored proof the form posts ('' for none). */
  proofId: string;
  /** The chosen photo, shown from memory: the stored one would be downloaded again. */
  preview: string | null;
  phase: Phase;
};

type Slot = {
  state: UploadState;
  listeners: Set<() => void>;
  request: XMLHttpRequest | null;
};

const IDLE: Phase = { name: "idle" };

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
export const preloadShrinker = () => void loadShrinker().catch(() => {});

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

function newSlot(proofId: string): Slot {
  return { state: { proofId, preview: null, phase: IDLE }, listeners: new Set(), request: null };
}

function update(slot: Slot, change: Partial<UploadState>) {
  const preview = change.preview;
  if (preview !== undefined && slot.state.preview && slot.state.preview !== preview) {
    URL.revokeObjectURL(slot.state.preview);
  }
  slot.state = { ...slot.state, ...change };
  for (const listener of slot.listeners) listener();
}

function send(slot: Slot, file: File) {
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

async function choose(slot: Slot, file: File) {
  slot.request?.abort();
  update(slot, { phase: { name: "preparing" } });
  let photo = file;
  try {
    const { shrinkPhoto } = await loadShrinker();
    photo = await shrinkPhoto(file);
  } catch {
    // The shrinker did not load (a dropped connection): the photo goes as chosen.
  }
  if (photo.size > MAX_BYTES) {
    update(slot, { phase: { name: "failed", error: TOO_LARGE, retry: null } });
    return;
  }
  send(slot, photo);
}

function remove(slot: Slot) {
  const id = slot.state.proofId;
  update(slot, { proofId: "", preview: null, phase: IDLE });
  // Detached on the server too, or the next visit to /checkout would attach it again.
  const body = new FormData();
  body.set("intent", "remove");
  body.set("id", id);
  const xhr = new XMLHttpRequest();
  xhr.open("POST", PROOF_UPLOAD_URL);
  xhr.send(body);
}

/** The slots that outlive their page, by key; the module lives as long as the tab. */
const kept = new Map<string, Slot>();

/**
 * The upload of one form: `key` names a slot that outlives the page (an order's receipt), none
 * gives the form a slot of its own. `initialId` is the proof the server says is attached: a new
 * one (a re-rendered form) replaces the slot's, unless a photo is on its way.
 */
export function useProofSlot(key: string | undefined, initialId: string) {
  const [own] = useState(() => newSlot(initialId));
  let slot = own;
  if (key !== undefined) {
    slot = kept.get(key) ?? newSlot(initialId);
    kept.set(key, slot);
  }
  const [seenInitial, setSeenInitial] = useState(initialId);
  if (initialId !== seenInitial) {
    setSeenInitial(initialId);
    const busy = slot.state.phase.name === "preparing" || slot.state.phase.name === "uploading";
    if (!busy) update(slot, { proofId: initialId, preview: null, phase: IDLE });
  }
  const state = useSyncExternalStore(
    (listener) => {
      slot.listeners.add(listener);
      return () => slot.listeners.delete(listener);
    },
    () => slot.state,
    () => slot.state,
  );
  return {
    state,
    choose: (file: File) => choose(slot, file),
    retry: (file: File) => send(slot, file),
    remove: () => remove(slot),
    /**
     * The form went with the proof: the slot starts again empty, and the photo it kept in
     * memory for its preview is let go (the next render reads the new, empty slot).
     */
    sent: () => {
      if (key === undefined) return;
      kept.delete(key);
      if (slot.state.preview) URL.revokeObjectURL(slot.state.preview);
    },
    /** The form's own slot ends with it: its upload stops. An order's keeps going. */
    release: () => {
      if (key !== undefined) return;
      slot.request?.abort();
      if (slot.state.preview) URL.revokeObjectURL(slot.state.preview);
    },
  };
}
