import { CHECKOUT_DRAFT_FIELDS } from "./checkout";

/*
 * Decision 095: the checkout's draft lives in the shopper's own session (a row of the sessions
 * table), not in the browser: it comes back in the server-rendered page, so it shows before
 * any JavaScript runs and with none; it goes when the order is placed, when the session ends
 * (signing out on a shared computer ends it) and after a day.
 */

export type CheckoutDraft = { savedAt: string; fields: Record<string, string> };

const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const FIELD_MAX = 300;

/** The draft's fields out of a posted checkout form (anything else it carried is left out). */
export function checkoutDraftFrom(formData: FormData, now = new Date()): CheckoutDraft {
  const fields: Record<string, string> = {};
  for (const name of CHECKOUT_DRAFT_FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") {
      fields[name] = value.slice(0, FIELD_MAX);
    }
  }
  return { savedAt: now.toISOString(), fields };
}

/** The draft's fields while it is younger than a day, else nothing. */
export function liveCheckoutDraft(
  draft: CheckoutDraft | undefined,
  now = new Date(),
): Record<string, string> {
  if (!draft) return {};
  const age = now.getTime() - new Date(draft.savedAt).getTime();
  return age >= 0 && age < DRAFT_LIFETIME_MS ? draft.fields : {};
}
