import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CartLineItem } from "~/components/cart-line-item";
import { XIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import type { loader as cartLoader } from "~/routes/_store.cart/route";
import { formatMoney } from "~/utils/money";

/**
 * The header's cart with JS (storefront §2 "Cart drawer"): a modal <dialog> (the browser traps
 * focus, Escape closes it and focus goes back to the cart button) over the /cart loader's data,
 * fetched when it opens. Its line controls are the cart page's forms; after each one Remix
 * revalidates this fetcher, so the lines, total and header count change without a reload.
 * Without JS the cart button is a plain link to /cart.
 */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof cartLoader>({ key: "cart-drawer" });
  const location = useLocation();
  const { load } = fetcher;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      load("/cart");
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, load]);

  const data = fetcher.data;
  const redirectTo = location.pathname + location.search;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      // A click on the backdrop (the dialog element itself, outside the panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="bg-canvas text-fg m-0 ml-auto h-dvh max-h-none w-full max-w-md p-0 shadow-xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="border-border flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 id="cart-drawer-title" className="text-lg font-semibold">
            Carrito de Compras{data ? ` (${data.cart.itemCount})` : ""}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar carrito"
            className={buttonClasses("ghost", "icon")}
          >
            <XIcon />
          </button>
        </div>

        {!data ? (
          <p className="text-fg-muted p-6" aria-busy="true">
            Cargando tu carrito…
          </p>
        ) : data.cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
            <p className="text-lg font-medium">Tu carrito está vacío</p>
            <Link to="/catalog" onClick={onClose} className={buttonClasses("primary")}>
              Ir al Catálogo
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 overflow-y-auto px-4">
              {data.cart.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  lines={data.cart.lines}
                  redirectTo={redirectTo}
                  compact
                />
              ))}
            </ul>
            <div className="border-border space-y-3 border-t p-4">
              <p className="flex justify-between text-base font-semibold">
                <span>Total</span>
                <span>{formatMoney(data.priced.byMethod.standard.total)}</span>
              </p>
              <p className="text-fg-muted text-xs">
                Incluye envío (
                {data.priced.byMethod.standard.shippingCost === 0
                  ? "gratis"
                  : formatMoney(data.priced.byMethod.standard.shippingCost)}
                ) e impuestos (ISV {data.priced.taxPercentage}%).
              </p>
              <Link
                to="/checkout"
                onClick={onClose}
                className={`${buttonClasses("primary", "lg")} w-full`}
              >
                Proceder al Checkout
              </Link>
              <Link
                to="/cart"
                onClick={onClose}
                className={`${buttonClasses("secondary", "md")} w-full`}
              >
                Ver carrito
              </Link>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
