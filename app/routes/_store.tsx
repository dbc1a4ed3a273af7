import { Outlet, useSearchParams } from "@remix-run/react";
import { FooterColumns as FooterColumnsOnServer } from "~/components/footer-columns-render.server";
import { QuickAddForm } from "~/components/quick-add-form";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import * as HeaderLinksOnServer from "~/components/site-header-links-render.server";
import { ToastCard as ToastCardOnServer } from "~/components/toast-card-render.server";
import { Toaster } from "~/components/toaster";
import { WishlistForms } from "~/components/wishlist-forms";
import { formatMoney } from "~/utils/money";
import { useRootData } from "~/hooks/use-root-data";
import { keptAsServed, shownLater } from "~/utils/shown-later";

/*
 * Read, followed and sent as plain forms, never changed by a tap: the browser keeps the server's
 * HTML of these and loads their code only to draw them anew (decision 159).
 */
const FooterColumns = keptAsServed(FooterColumnsOnServer, () =>
  import("~/components/footer-columns").then((module) => module.FooterColumns),
);
/* A toast's card loads when one is shown (toaster.tsx); most pages open without one. */
const ToastCard = shownLater(ToastCardOnServer, () =>
  import("~/components/toast-card").then((module) => module.ToastCard),
);
const loadHeaderLinks = () => import("~/components/site-header-links");
const ThemeForm = keptAsServed(HeaderLinksOnServer.ThemeForm, () =>
  loadHeaderLinks().then((module) => module.ThemeForm),
);
const AccountLinks = keptAsServed(HeaderLinksOnServer.AccountLinks, () =>
  loadHeaderLinks().then((module) => module.AccountLinks),
);
const MenuLinks = keptAsServed(HeaderLinksOnServer.MenuLinks, () =>
  loadHeaderLinks().then((module) => module.MenuLinks),
);

/** The public store: header, page, footer (the admin panel has its own shell). */
export default function StoreLayout() {
  const data = useRootData();
  const [searchParams] = useSearchParams();
  if (!data) return <Outlet />;
  const { user, counts, theme, settings } = data;
  // What the header's kept parts show of the account (their props are compared as JSON).
  const headerUser = user ? { firstName: user.firstName, role: user.role } : null;
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
        cartCount={counts.cartCount}
        wishlistCount={counts.wishlistCount}
        unreadNotifications={counts.unreadNotifications}
        searchQuery={searchParams.get("search") ?? undefined}
        themeSwitch={<ThemeForm theme={theme} className="hidden md:block" />}
        accountLinks={<AccountLinks user={headerUser} />}
        menuLinks={
          <MenuLinks user={headerUser} theme={theme} wishlistCount={counts.wishlistCount} />
        }
      >
        <Toaster toast={data.toast} docked Card={ToastCard} />
      </SiteHeader>
      <div className="flex-1">
        <Outlet />
      </div>
      <QuickAddForm />
      <WishlistForms />
      <SiteFooter>
        <FooterColumns
          settings={{
            ...settings,
            freeShippingThreshold: formatMoney(settings.freeShippingThreshold),
          }}
        />
      </SiteFooter>
    </div>
  );
}
