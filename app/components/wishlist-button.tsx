import { useFetcher } from "@remix-run/react";
import { HeartIcon } from "~/components/icons";
import { WISHLIST_FORM_IDS } from "~/components/wishlist-forms";

/**
 * Add or remove a favourite: the page's add or remove form (WishlistForms, intent add|remove,
 * posted to /wishlist), which works without JS and comes back to this page; with JS the heart's
 * own fetcher posts the same form and keeps the shopper where they are. Visitors get the
 * action's 'Debes iniciar sesión…' message and a way to /login that returns them here.
 */
export function WishlistButton({
  productId,
  productName,
  inWishlist,
  className = "",
}: {
  productId: number;
  productName: string;
  inWishlist: boolean;
  className?: string;
}) {
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  const active = pendingIntent ? pendingIntent === "add" : inWishlist;
  const label = active
    ? `Quitar ${productName} de favoritos`
    : `Agregar ${productName} a favoritos`;
  return (
    <button
      type="submit"
      form={WISHLIST_FORM_IDS[active ? "remove" : "add"]}
      name="productId"
      value={productId}
      onClick={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { preventScrollReset: true });
      }}
      aria-label={label}
      aria-pressed={active}
      title={label}
      className={`bg-surface/90 text-fg hover:text-accent inline-flex size-11 items-center justify-center rounded-full shadow-sm ${className}`}
    >
      <HeartIcon className={active ? "text-accent size-5 fill-current" : "size-5"} />
    </button>
  );
}
