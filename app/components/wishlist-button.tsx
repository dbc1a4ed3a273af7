import { useFetcher, useLocation } from "@remix-run/react";
import { HeartIcon } from "~/components/icons";

/**
 * Add or remove a favourite: a POST to /wishlist (intent add|remove) that works without JS and
 * comes back to this page; with JS a fetcher keeps the shopper where they are. Visitors get the
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
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const active = pendingIntent ? pendingIntent === "add" : inWishlist;
  const label = active
    ? `Quitar ${productName} de favoritos`
    : `Agregar ${productName} a favoritos`;
  return (
    <fetcher.Form method="post" action="/wishlist" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="intent"
        value={active ? "remove" : "add"}
        aria-label={label}
        aria-pressed={active}
        title={label}
        className="bg-surface/90 text-fg hover:text-accent inline-flex size-10 items-center justify-center rounded-full shadow-sm"
      >
        <HeartIcon className={active ? "text-accent size-5 fill-current" : "size-5"} />
      </button>
    </fetcher.Form>
  );
}
