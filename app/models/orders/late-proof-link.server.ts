import { checkLinkSignature, signLink } from "~/utils/signed-links.server";

/*
 * Decision 130: the link of a pay-later order's e-mails that takes its receipt, signed
 * (signLink) over the order's id, so neither its number nor its e-mail is enough to make one.
 * It opens /track-order for that order; it works while the order takes a receipt (the
 * deadline, a receipt in review) and no longer.
 */

const PURPOSE = "late-proof";

/** The link's query: the order and its signature. */
export function lateProofLinkQuery(orderId: string) {
  return new URLSearchParams({ order: orderId, firma: signLink(PURPOSE, orderId) });
}

export function checkLateProofLink(orderId: string, signature: unknown) {
  return checkLinkSignature(PURPOSE, orderId, signature);
}
