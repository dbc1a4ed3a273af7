import { Outlet, useSearchParams } from "@remix-run/react";
import { QuickAddForm } from "~/components/quick-add-form";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { WishlistForms } from "~/components/wishlist-forms";
import { formatMoney } from "~/utils/money";
import { useRootData } from "~/hooks/use-root-data";

/** The public store: header, page, footer (the admin panel has its own shell). */
export default function StoreLayout() {
  const data = useRootData();
  const [searchParams] = useSearchParams();
  if (!data) return <Outlet />;
  const { user, counts, theme, settings } = data;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="focus:bg-surface sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:p-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader
        user={user}
        theme={theme}
        cartCount={counts.cartCount}
        wishlistCount={counts.wishlistCount}
        unreadNotifications={counts.unreadNotifications}
        searchQuery={searchParams.get("search") ?? undefined}
      >
        <Toaster toast={data.toast} docked />
      </SiteHeader>
      <div className="flex-1">
        <Outlet />
      </div>
      <QuickAddForm />
      <WishlistForms />
      <SiteFooter
        settings={{
          ...settings,
          freeShippingThreshold: formatMoney(settings.freeShippingThreshold),
        }}
      />
    </div>
  );
}
