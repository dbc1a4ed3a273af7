import { useFetcher } from "@remix-run/react";
import type { CartActionData } from "~/components/cart-line-item";
import { CartIcon } from "~/components/icons";
import { QUICK_ADD_FORM_ID } from "~/components/quick-add-form";
import { Button } from "~/components/ui/button";

/**
 * A catalogue card's "Agregar": one unit of the product's main size, posted to /cart (intent
 * add) and back to this page with 'Agregado al carrito'. Without JS a plain post/redirect/get
 * through the page's QuickAddForm (a refusal shows on /cart); with JS the card's own fetcher
 * posts the same form, keeps the shopper here and shows the refusal of §8 on the card.
 */
export function QuickAddToCart({
  productId,
  productName,
}: {
  productId: number;
  productName: string;
}) {
  const fetcher = useFetcher<CartActionData>();
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    // Above the card's full-size link.
    <div className="relative z-10 mt-2">
      <Button
        type="submit"
        form={QUICK_ADD_FORM_ID}
        name="productId"
        value={productId}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) fetcher.submit(event.currentTarget, { preventScrollReset: true });
        }}
        variant="secondary"
        size="sm"
        aria-label={`Agregar ${productName} al carrito`}
        // Not `disabled`: a disabled button loses the focus the shopper left on it.
        aria-disabled={busy || undefined}
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
    </div>
  );
}
