import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { PROOF_ID_PATTERN, type ProofUploadAnswer } from "~/models/checkout/checkout";
import { CHECKOUT_MESSAGES } from "~/models/checkout/checkout-messages.server";
import { guardAction } from "~/web/guard-action.server";
import { getShopper } from "~/web/shopper.server";
import { PROOF_MESSAGES, removeUnusedProof, storeProof } from "~/models/checkout/proofs.server";
import { readCheckoutForm } from "~/web/uploads.server";
import { commitSession } from "~/web/session.server";

export function loader() {
  return redirect("/checkout");
}

/**
 * D8 with JavaScript: the checkout's proof, on its own, as soon as it is chosen (proof-upload.tsx
 * sends it with XMLHttpRequest for the upload's progress). The same checks as the whole form's
 * post without JavaScript (storeProof): whatever the browser shrank is checked like any file.
 * The proof belongs to the shopper (a guest id is created for a visitor) and stays attached to
 * their checkout for a day (decision 094). `intent=remove` is 'Quitar comprobante'.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const { session, shopper, isNewGuest } = await getShopper(request, { createGuest: true });
  const headers = new Headers();
  if (isNewGuest) headers.set("Set-Cookie", await commitSession(request, session));
  const { formData, proof } = await readCheckoutForm(request, {
    clientIp: context.clientIp ?? "unknown",
  });
  const answer = (body: ProofUploadAnswer, status = 200) => json(body, { status, headers });

  if (formData.get("intent") === "remove") {
    const id = formData.get("id");
    if (typeof id === "string" && PROOF_ID_PATTERN.test(id)) await removeUnusedProof(shopper, id);
    return answer({ id: null, error: null });
  }
  if (proof.status === "too_large")
    return answer({ id: null, error: PROOF_MESSAGES.tooLarge }, 413);
  if (proof.status === "too_many") return answer({ id: null, error: PROOF_MESSAGES.tooMany }, 429);
  if (proof.status === "none") return answer({ id: null, error: CHECKOUT_MESSAGES.proof }, 400);
  const stored = await storeProof(proof, shopper);
  return stored.ok
    ? answer({ id: stored.id, error: null })
    : answer({ id: null, error: stored.message }, 400);
}
