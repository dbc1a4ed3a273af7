import { json, type ActionFunctionArgs } from "@remix-run/node";
import { guardAction } from "~/web/guard-action.server";
import { getShopper } from "~/web/shopper.server";
import { checkoutDraftFrom } from "~/models/checkout/checkout-draft.server";
import { commitSession } from "~/web/session.server";

/*
 * Decision 095: the checkout page posts what was typed here as the shopper types (JavaScript
 * only; without it every checkout post saves the draft itself). It answers no data, so no
 * loader runs again on a weak connection.
 */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const { session } = await getShopper(request, { createGuest: true });
  session.set("checkoutDraft", checkoutDraftFrom(await request.formData()));
  return json(
    { saved: true },
    { headers: { "Set-Cookie": await commitSession(request, session) } },
  );
}
