import { checkLinkSignature, signLink } from "~/utils/signed-links.server";

/*
 * Decision 151 (issue 39; decision 130 made the first one, for the late receipt): the link of an
 * order's e-mails that opens the order on /track-order, on any device and without signing in,
 * and takes its receipt while a transfer is awaited. Signed (signLink) over the order's id and
 * the moment it stops working (`hasta`, seconds since 1970), so neither the number nor the
 * e-mail is enough to make one, and a link found in an old mailbox opens nothing.
 */

const PURPOSE = "order-link";
/** How long an e-mail's link opens its order: long enough for a delivery and its review. */
export const ORDER_LINK_DAYS = 60;

/** Decision 130's links, mailed before this one: no `hasta`, good while a receipt is awaited. */
const LEGACY_PURPOSE = "late-proof";

/** The link's query: the order, the end of the link's life and its signature. */
export function orderLinkQuery(orderId: string, now: Date) {
  const until = String(Math.floor(now.getTime() / 1000) + ORDER_LINK_DAYS * 86_400);
  return new URLSearchParams({
    order: orderId,
    hasta: until,
    firma: signLink(PURPOSE, `${orderId}\n${until}`),
  });
}

export type OrderLink = { orderId: string; until: string | null; signature: string };

/**
 * Whether a link opens its order now. A link without `hasta` is one of decision 130's, mailed
 * before: it is honoured as that decision made it (its receipt is taken only while a transfer
 * is awaited or in review, which sendLateProof checks).
 */
export function checkOrderLink(link: OrderLink, now: Date) {
  const { orderId, until, signature } = link;
  if (until === null) return checkLinkSignature(LEGACY_PURPOSE, orderId, signature);
  if (!/^\d{1,12}$/.test(until) || Number(until) * 1000 <= now.getTime()) return false;
  return checkLinkSignature(PURPOSE, `${orderId}\n${until}`, signature);
}
