import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CartLineItem, type CartActionData } from "~/components/cart-line-item";
import { CartCouponForm } from "~/components/coupon-form";
import { CartIcon, ShieldCheckIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CART_CHANGE_FAILED, cartNotice, type CartNotice } from "~/models/cart/cart";
import { getCheckoutSummary } from "~/models/checkout/checkout.server";
import type { CouponView } from "~/models/promotions/coupons";
import { addToCart, clearCart, removeCartLine, updateCartLine } from "~/models/cart/cart.server";
import type { PricedCart } from "~/models/checkout/pricing";
import { guardAction } from "~/web/guard-action.server";
import { safeRedirect } from "~/web/redirect.server";
import { parseCartAction } from "~/routes/_store.cart/forms.server";
import { formatMoney } from "~/utils/money";
import { getShopper } from "~/web/shopper.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Carrito de Compras | Perfumería de Lujo" }];

/**
 * D10: guests have a cart too. The drawer loads this same data through a fetcher; the checkout
 * shows the same summary, so both price the cart alike.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { shopper, session } = await getShopper(request);
  const { cart, coupon, priced, settings } = await getCheckoutSummary(
    shopper,
    session.get("appliedCoupon"),
  );
  // Decision 161: the cart shows the fast cities' shipping; it says when elsewhere costs more.
  const dearerElsewhere =
    settings.shipping_surcharge_other > 0 || settings.shipping_surcharge_remote > 0;
  return json({ cart, coupon, priced, dearerElsewhere });
}

function refusal(
  notice: CartNotice,
  line?: { lineId: number; quantity?: FormDataEntryValue | null },
) {
  const quantity = typeof line?.quantity === "string" ? line.quantity.slice(0, 12) : undefined;
  return json<CartActionData>(
    { error: { ...notice, lineId: line?.lineId, quantity } },
    { status: 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const submission = parseCartAction(formData);
  if (submission.status !== "success") {
    // The schema's own message (quantity rules, §5), as the §8 'Error' notice.
    const message =
      Object.values(submission.error ?? {}).flat()[0] ??
      CART_CHANGE_FAILED[formData.get("intent") === "add" ? "add" : "update"];
    const lineId = Number(formData.get("lineId"));
    return refusal(
      { title: "Error", message },
      Number.isSafeInteger(lineId) && lineId > 0
        ? { lineId, quantity: formData.get("quantity") }
        : undefined,
    );
  }
  const value = submission.value;
  const back = safeRedirect(value.redirectTo, "/cart");
  if (value.intent === "add") {
    // D10: a visitor's cart lives on a guest id, created with their first line.
    const { shopper, session } = await getShopper(request, { createGuest: true });
    const { productId, size, quantity } = value;
    const result = await addToCart({ shopper, productId, size, quantity });
    if (!result.ok) return refusal(cartNotice(result, "add"));
    const description = `${result.productName} (${result.size}) × ${quantity}`;
    return redirectWithToast(
      request,
      back,
      { title: "Agregado al carrito", description },
      { session },
    );
  }

  const { shopper } = await getShopper(request);
  switch (value.intent) {
    case "update": {
      const { lineId, quantity } = value;
      const result = await updateCartLine({ shopper, lineId, quantity });
      if (!result.ok) {
        return refusal(cartNotice(result, "update"), { lineId, quantity: String(quantity) });
      }
      const toast = result.removed
        ? { title: "Producto eliminado", description: result.productName }
        : null;
      return redirectWithToast(request, back, toast);
    }
    case "remove": {
      // §8: removing shows 'Error' with the server's message.
      if (!(await removeCartLine({ shopper, lineId: value.lineId }))) {
        return refusal(cartNotice({ error: "not_found" }, "update"));
      }
      return redirectWithToast(request, back, { title: "Producto eliminado" });
    }
    case "clear": {
      await clearCart(shopper);
      return redirectWithToast(request, back, { title: "Carrito limpiado" });
    }
  }
}

export default function CartRoute() {
  const { cart, coupon, priced, dearerElsewhere } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const confirmingClear = searchParams.get("vaciar") === "1";
  const actionData = useActionData<CartActionData>();
  // A new submission hides the last refusal until its own answer arrives.
  const error = useIsPending() ? undefined : actionData?.error;
  const lineError = cart.lines.some((line) => line.id === error?.lineId) ? error : undefined;

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Carrito de Compras</h1>
      {error && !lineError ? (
        <div
          role="alert"
          className="border-danger bg-danger-soft text-danger mt-6 rounded-md border-l-4 p-3 text-sm"
        >
          <p className="font-semibold">{error.title}</p>
          <p>{error.message}</p>
        </div>
      ) : null}

      {cart.lines.length === 0 ? (
        <div className="border-border mt-8 flex flex-col items-center gap-4 rounded-lg border p-10 text-center">
          <CartIcon className="text-fg-muted size-10" />
          <p className="text-lg font-medium">Tu carrito está vacío</p>
          <Link to="/catalog" className={buttonClasses("primary")}>
            Continuar Comprando
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="cart-lines-heading">
            <div className="flex items-center justify-between gap-4">
              <h2 id="cart-lines-heading" className="text-lg font-semibold">
                Productos ({cart.itemCount})
              </h2>
              {confirmingClear ? null : (
                <Link to="?vaciar=1" preventScrollReset className={buttonClasses("ghost", "sm")}>
                  Vaciar carrito
                </Link>
              )}
            </div>
            {confirmingClear ? <ClearCartConfirm count={cart.itemCount} /> : null}
            <ul className="mt-2">
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  lines={cart.lines}
                  redirectTo="/cart"
                  serverError={lineError?.lineId === line.id ? lineError : undefined}
                />
              ))}
            </ul>
          </section>
          <OrderSummary priced={priced} coupon={coupon} dearerElsewhere={dearerElsewhere} />
        </div>
      )}
    </main>
  );
}

/** Decision 161: said under the cart's shipping when a zone's surcharge is set. */
const DEARER_ELSEWHERE =
  "Fuera de las ciudades principales el envío cuesta más: lo ves al elegir tu departamento al finalizar la compra.";

function OrderSummary({
  priced,
  coupon,
  dearerElsewhere,
}: {
  priced: PricedCart;
  coupon: CouponView;
  dearerElsewhere: boolean;
}) {
  // The method is chosen at checkout: the cart shows standard shipping (storefront §9).
  const totals = priced.byMethod.standard;
  return (
    <section
      aria-labelledby="summary-heading"
      className="border-border bg-surface h-fit rounded-lg border p-5 lg:sticky lg:top-20"
    >
      <h2 id="summary-heading" className="text-lg font-semibold">
        Resumen del pedido
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <SummaryRow term="Subtotal" value={formatMoney(totals.subtotal)} />
        <SummaryRow
          term="Envío"
          value={totals.shippingCost === 0 ? "Gratis" : formatMoney(totals.shippingCost)}
        />
        <SummaryRow
          term={`Impuestos (ISV ${priced.taxPercentage}%)`}
          value={formatMoney(totals.tax)}
        />
        {totals.couponDiscount > 0 ? (
          <SummaryRow term="Descuento" value={`−${formatMoney(totals.couponDiscount)}`} />
        ) : null}
        <div className="border-border flex justify-between border-t pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatMoney(totals.total)}</dd>
        </div>
      </dl>
      {dearerElsewhere && totals.shippingCost > 0 ? (
        <p className="text-fg-muted mt-2 text-sm">{DEARER_ELSEWHERE}</p>
      ) : null}
      {priced.freeShippingRemaining > 0 ? (
        <p className="bg-surface-muted mt-4 rounded-md p-3 text-sm">
          Agrega {formatMoney(priced.freeShippingRemaining)} más para envío gratis
        </p>
      ) : null}
      <div className="mt-5">
        <CartCouponForm coupon={coupon} />
      </div>
      <div className="mt-5 flex flex-col gap-2">
        <Link to="/checkout" className={`${buttonClasses("primary", "lg")} w-full`}>
          Proceder al Checkout
        </Link>
        <Link to="/catalog" className={`${buttonClasses("secondary", "md")} w-full`}>
          Continuar Comprando
        </Link>
      </div>
      <ul className="text-fg-muted mt-5 space-y-2 text-sm">
        {["Productos 100% originales", "Garantía de autenticidad", "Pago seguro"].map((note) => (
          <li key={note} className="flex items-center gap-2">
            <ShieldCheckIcon className="text-success size-4" />
            {note}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SummaryRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-fg-muted">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * 'Vaciar carrito' asks first (decision 097): a link to `?vaciar=1` shows this step, a plain
 * page without JavaScript and a client navigation with it; only 'Sí, vaciar' posts.
 */
function ClearCartConfirm({ count }: { count: number }) {
  return (
    <section
      aria-labelledby="clear-cart-heading"
      className="border-danger bg-danger-soft mt-3 rounded-md border p-4"
    >
      <h3 id="clear-cart-heading" className="font-semibold">
        ¿Vaciar el carrito?
      </h3>
      <p className="mt-1 text-sm">
        {count === 1 ? "Se quitará 1 producto" : `Se quitarán ${count} productos`}. No se puede
        deshacer.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action="/cart" preventScrollReset>
          <input type="hidden" name="redirectTo" value="/cart" />
          <Button type="submit" name="intent" value="clear" variant="danger" size="sm">
            Sí, vaciar carrito
          </Button>
        </Form>
        <Link to="/cart" preventScrollReset autoFocus className={buttonClasses("secondary", "sm")}>
          Cancelar
        </Link>
      </div>
    </section>
  );
}
