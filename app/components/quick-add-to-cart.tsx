import { useFetcher, useLocation } from "@remix-run/react";
import type { CartActionData } from "~/components/cart-line-item";
import { CartIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";

/**
 * A catalogue card's "Agregar": one unit of the product's main size, posted to /cart (intent
 * add) and back to this page with 'Agregado al carrito'. Without JS a plain post/redirect/get
 * (a refusal shows on /cart); with JS a fetcher keeps the shopper here and shows the refusal
 * of §8 on the card.
 */
export function QuickAddToCart({
  productId,
  productName,
}: {
  productId: number;
  productName: string;
}) {
  const fetcher = useFetcher<CartActionData>();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    // Above the card's full-size link.
    <fetcher.Form method="post" action="/cart" preventScrollReset className="relative z-10 mt-2">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button
        type="submit"
        name="intent"
        value="add"
        variant="secondary"
        size="sm"
        aria-label={`Agregar ${productName} al carrito`}
        disabled={busy}
        className="w-full"
      >
        <CartIcon className="size-4" />
        {busy ? "Agregando..." : "Agregar"}
      </Button>
      {error ? (
        <p role="alert" className="text-danger mt-1 text-xs">
          <span className="font-semibold">{error.title}:</span> {error.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
