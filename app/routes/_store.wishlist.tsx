import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";
import { ProductImage } from "~/components/product-image";
import { buttonClasses } from "~/components/ui/button";
import { usePendingFormData } from "~/hooks/use-is-pending";
import {
  addToWishlist,
  listWishlist,
  removeFromWishlist,
  WISHLIST_MESSAGES,
} from "~/models/catalog/wishlist.server";
import { parseWishlistAction } from "~/models/catalog/wishlist-form.server";
import { guardAction } from "~/web/guard-action.server";
import { getUser } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Mis Favoritos | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return json({ signedIn: Boolean(user), items: user ? await listWishlist(user.id) : [] });
}

/**
 * The hearts on every page post here (WishlistButton) and so do this page's "Eliminar" buttons.
 * Every outcome is a redirect back with a toast (D4), so it works the same with and without JS.
 */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"), "/wishlist");
  const user = await getUser(request);
  if (!user) {
    return redirectWithToast(request, `/login?${new URLSearchParams({ redirectTo: back })}`, {
      type: "info",
      title: WISHLIST_MESSAGES.signInRequired,
    });
  }
  const submission = parseWishlistAction(formData);
  if (submission.status !== "success") {
    return redirectWithToast(request, back, {
      type: "error",
      title: "Error",
      description: WISHLIST_MESSAGES.unavailable,
    });
  }
  const { intent, productId } = submission.value;
  if (intent === "remove") {
    await removeFromWishlist({ userId: user.id, productId });
    return redirectWithToast(request, back, { title: WISHLIST_MESSAGES.removed });
  }
  if (!(await addToWishlist({ userId: user.id, productId }))) {
    return redirectWithToast(request, back, {
      type: "error",
      title: "Error",
      description: WISHLIST_MESSAGES.unavailable,
    });
  }
  return redirectWithToast(request, back, { title: WISHLIST_MESSAGES.added });
}

export default function WishlistRoute() {
  const { signedIn, items } = useLoaderData<typeof loader>();
  // A removed product leaves the list at once; the redirect back brings the list without it.
  const pending = usePendingFormData();
  const removing = pending?.get("intent") === "remove" ? pending.get("productId") : null;

  if (!signedIn) {
    return (
      <Page title="Mis Favoritos">
        <div className="border-border rounded-2xl border p-6">
          <p>Inicia sesión para guardar y ver tus perfumes favoritos.</p>
          <Link
            to="/login?redirectTo=%2Fwishlist"
            className={`${buttonClasses("primary", "md")} mt-4`}
          >
            Iniciar Sesión
          </Link>
        </div>
      </Page>
    );
  }

  const visible = items.filter((item) => String(item.id) !== removing);
  return (
    <Page
      title="Mis Favoritos"
      intro={`${visible.length} ${visible.length === 1 ? "producto" : "productos"}`}
    >
      {visible.length === 0 ? (
        <div className="border-border rounded-2xl border p-6">
          <p>No tienes productos en favoritos.</p>
          <Link to="/catalog" className={`${buttonClasses("primary", "md")} mt-4`}>
            Explorar catálogo
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {visible.map((item) => (
            <li
              key={item.id}
              className="border-border bg-surface overflow-hidden rounded-xl border"
            >
              <ProductImage
                imageKey={item.images[0] ?? null}
                alt={item.name}
                sizes="(min-width: 768px) 25vw, 50vw"
              />
              <div className="p-3">
                <p className="text-fg-muted text-xs font-semibold uppercase">{item.brandName}</p>
                <h2 className="mt-1 text-sm font-semibold">
                  {item.isActive ? (
                    <Link to={`/product/${item.slug}`} className="hover:underline">
                      {item.name}
                    </Link>
                  ) : (
                    item.name
                  )}
                </h2>
                <p className="mt-1 text-sm">
                  {formatMoney(item.price)}
                  {item.originalPrice !== null && item.originalPrice > item.price ? (
                    <s className="text-fg-muted ml-2">{formatMoney(item.originalPrice)}</s>
                  ) : null}
                </p>
                {!item.isActive ? (
                  <p className="text-fg-muted mt-1 text-xs">No disponible</p>
                ) : item.stock <= 0 ? (
                  <p className="text-danger mt-1 text-xs">Agotado</p>
                ) : null}
                <Form method="post" preventScrollReset className="mt-3">
                  <input type="hidden" name="productId" value={item.id} />
                  <input type="hidden" name="redirectTo" value="/wishlist" />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    aria-label={`Eliminar ${item.name} de favoritos`}
                    className={buttonClasses("secondary", "sm")}
                  >
                    Eliminar
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
