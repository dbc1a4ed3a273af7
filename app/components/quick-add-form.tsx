import { useLocation } from "@remix-run/react";

/*
 * Every product card's "Agregar" (quick-add-to-cart.tsx) belongs to one form per page (the
 * store layout renders it, in its own module so pages without cards load no card code):
 * a card is a single button named `productId`, not a form with its own hidden fields, which
 * keeps a catalogue page of 24 cards small (issue 11).
 */
export const QUICK_ADD_FORM_ID = "quick-add";

/** The one form the cards' buttons post: intent add, one unit, back to this page. */
export function QuickAddForm() {
  const location = useLocation();
  return (
    <form id={QUICK_ADD_FORM_ID} method="post" action="/cart" hidden>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
    </form>
  );
}
