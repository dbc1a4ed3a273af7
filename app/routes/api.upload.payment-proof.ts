import { apiCall, apiRoute } from "~/web/api/calls.server";
import { paymentProofUrl } from "~/models/checkout/checkout";
import { CHECKOUT_MESSAGES } from "~/models/checkout/checkout-messages.server";
import { PROOF_MESSAGES, storeProof } from "~/models/checkout/proofs.server";
import { readCheckoutForm } from "~/web/uploads.server";
import { ordersCalls } from "~/web/api/calls/orders.server";
import { apiError, apiJson } from "~/web/api/problem.server";

const FIELD = "paymentProof";
const field = (message: string) => ({ errors: { [FIELD]: [message] } });

/*
 * /resources/checkout-proof for an API client: the same limits, checks and messages
 * (readCheckoutForm, storeProof); the proof belongs to the caller (account or guest) and the
 * order names it by its id.
 */
export const { loader, action } = apiRoute({
  POST: apiCall(ordersCalls.uploadProof, async ({ request, clientIp, knownShopper }) => {
    if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      throw apiError(415, `Envía el comprobante como multipart/form-data, en el campo ${FIELD}.`);
    }
    const shopper = await knownShopper();
    let received;
    try {
      received = await readCheckoutForm(request, { clientIp, field: FIELD });
    } catch (thrown) {
      // The body past its hard limit (413) or not the multipart it says it is (400).
      if (!(thrown instanceof Response)) throw thrown;
      throw apiError(thrown.status, (await thrown.text()) || PROOF_MESSAGES.uploadFailed);
    }
    const { proof } = received;
    if (proof.status === "none")
      throw apiError(422, CHECKOUT_MESSAGES.proof, field(CHECKOUT_MESSAGES.proof));
    if (proof.status === "too_large") {
      throw apiError(413, PROOF_MESSAGES.tooLarge, field(PROOF_MESSAGES.tooLarge));
    }
    if (proof.status === "too_many") {
      throw apiError(429, PROOF_MESSAGES.tooMany, { headers: { "Retry-After": "600" } });
    }
    const stored = await storeProof(proof, shopper);
    if (!stored.ok) {
      const status = stored.message === PROOF_MESSAGES.notImage ? 415 : 422;
      throw apiError(status, stored.message, field(stored.message));
    }
    return apiJson({ id: stored.id, url: paymentProofUrl(stored.id) }, { status: 201 });
  }),
});
