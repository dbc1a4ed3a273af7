import { useActionData, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTaxNote } from "~/components/product-card";
import { useRootData } from "~/hooks/use-root-data";
import { taxFor } from "~/models/checkout/pricing";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import type { ProductDetail } from "~/models/catalog/products.server";
import { formatMoney } from "~/utils/money";
import type { CartFormError } from "./product-details";

/*
 * Without JavaScript the price of the checked size is shown by CSS (:has on the form), so the
 * price on screen is always the one the cart will charge; with JavaScript, React state does it.
 * Tailwind only sees class names written out in full, hence one per size.
 */
const SHOW_WHEN_CHECKED: Record<string, string> = {
  "30ml": "group-has-[#size-30ml:checked]/compra:block",
  "50ml": "group-has-[#size-50ml:checked]/compra:block",
  "100ml": "group-has-[#size-100ml:checked]/compra:block",
  "125ml": "group-has-[#size-125ml:checked]/compra:block",
  "150ml": "group-has-[#size-150ml:checked]/compra:block",
};

function discountPercent(price: number, originalPrice: number | null) {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round((1 - price / originalPrice) * 100);
}

type ActionData = { error?: CartFormError };

/**
 * Size, quantity and "Agregar al carrito": a real form posting to this page's action. With JS a
 * fetcher keeps the shopper on the page (the action's redirect brings the toast and the new
 * header count); without JS it is a plain post/redirect/get, or the page again with the error.
 */
export function AddToCartForm({ product }: { product: ProductDetail }) {
  const fetcher = useFetcher<ActionData>();
  const actionData = useActionData<ActionData>();
  const hydrated = useHydrated();
  const error = fetcher.data?.error ?? (fetcher.state === "idle" ? actionData?.error : undefined);
  const sizes = product.sizes;
  const initialSize =
    sizes.find((option) => option.size === actionData?.error?.size)?.size ??
    sizes.find((option) => option.size === product.size)?.size ??
    sizes[0].size;
  const [selected, setSelected] = useState(initialSize);
  const soldOut = product.stock <= 0;
  const busy = fetcher.state !== "idle";
  const tax = useTaxNote();
  // Issue 39: the price the cart will ask for, ISV included, beside the price before it.
  const taxPercentage = useRootData()?.settings.taxPercentage ?? 0;

  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="group/compra mt-6"
      // While it is sent the button stays enabled (aria-disabled), so it keeps the focus.
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="productId" value={product.id} />
      <div className="min-h-12">
        {sizes.map((option) => {
          const visible =
            sizes.length === 1
              ? "block"
              : hydrated
                ? option.size === selected
                  ? "block"
                  : "hidden"
                : `hidden ${SHOW_WHEN_CHECKED[option.size] ?? ""}`;
          const percent = discountPercent(option.price, option.originalPrice);
          return (
            <p key={option.size} data-size={option.size} className={visible}>
              <span className="sr-only">Precio de {option.size}: </span>
              <span className="text-3xl font-semibold">{formatMoney(option.price)}</span>
              {tax ? <span className="text-fg-muted ml-2 text-sm">{tax}</span> : null}
              {percent !== null && option.originalPrice !== null ? (
                <>
                  {" "}
                  <span className="sr-only">Antes: </span>
                  <s className="text-fg-muted ml-2">{formatMoney(option.originalPrice)}</s>{" "}
                  <Badge variant="danger" className="ml-2 align-middle">
                    -{percent}%
                  </Badge>
                </>
              ) : null}
              {taxPercentage > 0 ? (
                <span className="text-fg-muted block text-sm">
                  Con ISV: {formatMoney(option.price + taxFor(option.price, taxPercentage))}
                </span>
              ) : null}
            </p>
          );
        })}
      </div>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold">Tamaño</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {sizes.map((option) => (
            <label
              key={option.size}
              className="border-border-strong has-[:checked]:border-primary has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-ring flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="size"
                id={`size-${option.size}`}
                value={option.size}
                defaultChecked={option.size === initialSize}
                onChange={() => setSelected(option.size)}
                className="accent-primary size-4 focus-visible:outline-none"
              />
              <span>
                <span className="block text-sm font-semibold">{option.size}</span>
                <span className="text-fg-muted block text-xs">{formatMoney(option.price)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {soldOut ? (
        <div className="mt-6">
          <p className="text-danger font-semibold">Producto agotado</p>
          <p className="text-fg-muted text-sm">Este producto no está disponible en este momento.</p>
        </div>
      ) : (
        <div className="mt-6">
          <label htmlFor="quantity" className="text-sm font-semibold">
            Cantidad{" "}
            <span className="text-fg-muted font-normal">({product.stock} disponibles)</span>
          </label>
          <input
            id="quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={product.stock}
            step={1}
            required
            defaultValue={actionData?.error?.quantity ?? 1}
            className="border-border-strong bg-surface mt-2 block h-11 w-28 rounded-md border px-3"
          />
        </div>
      )}

      {error ? (
        <div
          role="alert"
          className="border-danger bg-danger-soft text-danger mt-4 rounded-md border-l-4 p-3 text-sm"
        >
          <p className="font-semibold">{error.title}</p>
          <p>{error.message}</p>
        </div>
      ) : null}

      <Button
        type="submit"
        size="lg"
        className="mt-6 w-full sm:w-auto"
        disabled={soldOut}
        aria-disabled={busy || undefined}
      >
        {busy ? "Agregando..." : "Agregar al carrito"}
      </Button>
    </fetcher.Form>
  );
}
