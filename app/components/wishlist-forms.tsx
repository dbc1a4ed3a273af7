import { useLocation } from "@remix-run/react";

/*
 * Every heart (wishlist-button.tsx) belongs to one of two forms per page, rendered once by the
 * store layout as QuickAddForm is: a heart is a single button named `productId` posting the add
 * or the remove form, not a form with its own hidden fields (issue 11: 24 cards on a catalogue
 * page, and every signed-in page is rendered for its shopper).
 */
export const WISHLIST_FORM_IDS = { add: "wishlist-add", remove: "wishlist-remove" } as const;

/** The forms the hearts post to /wishlist: add or remove, back to this page. */
export function WishlistForms() {
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  return (
    <>
      <form id={WISHLIST_FORM_IDS.add} method="post" action="/wishlist" hidden>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
      </form>
      <form id={WISHLIST_FORM_IDS.remove} method="post" action="/wishlist" hidden>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
      </form>
    </>
  );
}
