import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { MinusIcon, PlusIcon } from "~/components/icons";
import { ProductImage } from "~/components/product-image";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { lineMaximum, type CartLine, type CartNotice } from "~/models/cart/cart";
import { formatMoney } from "~/utils/money";

export type CartActionData = {
  /** `quantity`: what the shopper typed, shown again when the page is re-rendered without JS */
  error?: CartNotice & { lineId?: number; quantity?: string };
};

const stepButton = `${buttonClasses("secondary", "icon")} disabled:opacity-40`;

/**
 * One cart line with its controls, on the cart page and in the drawer. Each control is its own
 * small form posting to /cart (intent update/remove) and coming back to `redirectTo`, so it works
 * without JS; with JS one fetcher per line sends them and shows the server's refusal (§8) beside
 * the line. − and + post the quantity they lead to, so a repeated click never adds twice.
 */
export function CartLineItem({
  line,
  lines,
  redirectTo,
  compact = false,
  serverError,
}: {
  line: CartLine;
  lines: readonly CartLine[];
  redirectTo: string;
  /** The drawer: − and + only, no typed quantity. */
  compact?: boolean;
  /** The no-JS path: the /cart action's refusal for this line, rendered by the server. */
  serverError?: CartNotice & { quantity?: string };
}) {
  const fetcher = useFetcher<CartActionData>();
  const pending = fetcher.formData;
  const removing =
    pending?.get("intent") === "remove" ||
    (pending?.get("intent") === "update" && pending.get("quantity") === "0");
  const pendingQuantity =
    pending?.get("intent") === "update" ? Number(pending.get("quantity")) : NaN;
  const quantity = Number.isInteger(pendingQuantity) ? pendingQuantity : line.quantity;
  const max = lineMaximum(line, lines);
  const atLimit = quantity >= max;
  // A fetcher keeps its last data when a later submission redirects (a change that succeeded),
  // so a refusal counts only if it answered the latest submission.
  const [dataBefore, setDataBefore] = useState<CartActionData>();
  if (fetcher.state === "submitting" && fetcher.data !== dataBefore) setDataBefore(fetcher.data);
  const answer = fetcher.state === "idle" && fetcher.data !== dataBefore ? fetcher.data : undefined;
  const error = answer?.error ?? serverError;
  const label = `${line.name} (${line.size})`;
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  // The new quantity, once the server has it, is read out (the focus stays on − or +).
  const [announcement, setAnnouncement] = useState("");
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (line.quantity !== shownQuantity) {
    setShownQuantity(line.quantity);
    setAnnouncement(`${label}: cantidad ${line.quantity}`);
  }

  const hidden = (
    <>
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );

  return (
    <li
      className={`border-border flex gap-3 border-b py-4 last:border-b-0 ${removing ? "opacity-50" : ""}`}
      aria-label={label}
    >
      <div className={`shrink-0 overflow-hidden rounded-md ${compact ? "w-16" : "w-20 sm:w-24"}`}>
        <ProductImage imageKey={line.imageKey} alt="" sizes={compact ? "64px" : "96px"} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-fg-muted text-xs font-medium tracking-wide uppercase">
              {line.brandName}
            </p>
            <p className="font-medium">
              <Link to={`/product/${line.slug}`} className="underline-offset-4 hover:underline">
                {line.name}
              </Link>
            </p>
            <p className="text-fg-muted text-sm">
              {line.size} · {formatMoney(line.unitPrice)} c/u
            </p>
          </div>
          <p className="shrink-0 font-semibold">
            <span className="sr-only">Total de la línea: </span>
            {line.available ? formatMoney(line.unitPrice * quantity) : "—"}
          </p>
        </div>

        {line.available ? (
          <div className="flex flex-wrap items-center gap-2">
            {/* −, the quantity and + stay on one row, even at 320 px; 'Actualizar' may wrap. */}
            <div className="flex flex-nowrap items-center gap-2">
              <fetcher.Form method="post" action="/cart" preventScrollReset>
                {hidden}
                <input type="hidden" name="quantity" value={Math.max(0, quantity - 1)} />
                <button
                  type="submit"
                  name="intent"
                  value="update"
                  aria-label={`Disminuir cantidad de ${label}`}
                  className={stepButton}
                >
                  <MinusIcon />
                </button>
              </fetcher.Form>
              {compact ? (
                <span
                  className="min-w-8 text-center tabular-nums"
                  aria-label={`Cantidad: ${quantity}`}
                >
                  {quantity}
                </span>
              ) : (
                <fetcher.Form
                  id={`quantity-form-${line.id}`}
                  method="post"
                  action="/cart"
                  preventScrollReset
                  className="flex items-center gap-2"
                  // A new quantity from the server resets the box.
                  key={line.quantity}
                >
                  {hidden}
                  <label htmlFor={`quantity-${line.id}`} className="sr-only">
                    Cantidad de {label}
                  </label>
                  <input
                    id={`quantity-${line.id}`}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    required
                    defaultValue={serverError?.quantity ?? line.quantity}
                    className="border-border-strong bg-surface h-11 w-16 rounded-md border px-2 text-center"
                  />
                </fetcher.Form>
              )}
              <fetcher.Form method="post" action="/cart" preventScrollReset>
                {hidden}
                <input type="hidden" name="quantity" value={quantity + 1} />
                <button
                  type="submit"
                  name="intent"
                  value="update"
                  aria-label={`Aumentar cantidad de ${label}`}
                  // With JS the button stays focusable while it waits or at the limit (a
                  // disabled button drops the focus); without JS the limit disables it.
                  disabled={atLimit && !hydrated}
                  aria-disabled={atLimit || busy || undefined}
                  onClick={(event) => {
                    if (atLimit || busy) event.preventDefault();
                  }}
                  className={stepButton}
                >
                  <PlusIcon />
                </button>
              </fetcher.Form>
            </div>
            {compact ? null : (
              <button
                type="submit"
                form={`quantity-form-${line.id}`}
                name="intent"
                value="update"
                className={buttonClasses("ghost", "sm")}
              >
                Actualizar
              </button>
            )}
          </div>
        ) : (
          <p className="text-danger text-sm font-semibold">
            No disponible: este producto ya no se puede comprar.
          </p>
        )}
        {line.available && atLimit ? (
          <p className="text-fg-muted text-xs">Stock máximo: {line.stock} unidades</p>
        ) : null}

        <p role="status" className="sr-only">
          {announcement}
        </p>
        {error ? (
          <div role="alert" className="text-danger text-sm">
            <p className="font-semibold">{error.title}</p>
            <p>{error.message}</p>
          </div>
        ) : null}

        <fetcher.Form method="post" action="/cart" preventScrollReset>
          {hidden}
          <button
            type="submit"
            name="intent"
            value="remove"
            aria-label={`Eliminar ${label}`}
            className="text-danger inline-flex min-h-11 items-center text-sm font-medium underline-offset-4 hover:underline"
          >
            Eliminar
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
