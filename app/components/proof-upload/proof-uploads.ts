import { useState, useSyncExternalStore } from "react";
import type * as JourneyModule from "./proof-journey";

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

export type Slot = {
  state: UploadState;
  listeners: Set<() => void>;
  request: XMLHttpRequest | null;
};

export const IDLE: Phase = { name: "idle" };

/*
 * The journey itself (proof-journey.ts: the shrinker and the upload) is fetched when the
 * shopper reaches for the file (the label pressed or focused): while the phone's picker is open
 * it arrives, so choosing does not wait a round trip, and a checkout that pays later never
 * loads it. The bundler keeps one module; the promise is shared.
 */
let journey: Promise<typeof JourneyModule> | null = null;
function loadJourney() {
  journey ??= import("./proof-journey").catch((error: unknown) => {
    journey = null;
    throw error;
  });
  return journey;
}
export const preloadShrinker = () => void loadJourney().catch(() => {});

function newSlot(proofId: string): Slot {
  return { state: { proofId, preview: null, phase: IDLE }, listeners: new Set(), request: null };
}

export function update(slot: Slot, change: Partial<UploadState>) {
  const preview = change.preview;
  if (preview !== undefined && slot.state.preview && slot.state.preview !== preview) {
    URL.revokeObjectURL(slot.state.preview);
  }
  slot.state = { ...slot.state, ...change };
  for (const listener of slot.listeners) listener();
}

/** The journey's steps, once its code has come; without it (a dropped connection) a failure. */
function withJourney(slot: Slot, file: File | null, step: (module: typeof JourneyModule) => void) {
  loadJourney().then(step, () => {
    update(slot, { phase: { name: "failed", error: UPLOAD_CUT, retry: file } });
  });
}

function choose(slot: Slot, file: File) {
  slot.request?.abort();
  update(slot, { phase: { name: "preparing" } });
  withJourney(slot, file, (module) => void module.choose(slot, file));
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
    retry: (file: File) => {
      update(slot, { phase: { name: "uploading", percent: 0 } });
      withJourney(slot, file, (module) => module.send(slot, file));
    },
    remove: () => {
      const id = slot.state.proofId;
      update(slot, { proofId: "", preview: null, phase: IDLE });
      withJourney(slot, null, (module) => module.detach(id));
    },
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
