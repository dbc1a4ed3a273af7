import { Form, Link, useLocation } from "@remix-run/react";
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCloseOnNavigation } from "~/hooks/use-close-on-navigation";
import { useFocusTrap } from "~/hooks/use-focus-trap";
import { useRevalidateOnInterval } from "~/hooks/use-revalidate-on-interval";
import { Monogram } from "~/components/monogram";
import { buttonClasses } from "~/components/ui/button";
import { BellIcon, CartIcon, HeartIcon, MenuIcon, SearchIcon } from "~/components/icons";
import { cartBadgeLabel, countedLabel } from "~/components/count-label";
import type { HeaderUser, Theme } from "~/components/site-header-links";

/*
 * The cart drawer and the notifications panel are opened by few visitors: their code (and the
 * cart line's) loads when first asked for, and a pointer or focus on the button starts that
 * download early. Without JS both buttons are links, so nothing changes there.
 */
const loadCartDrawer = () => import("~/components/cart-drawer");
const CartDrawer = lazy(() => loadCartDrawer().then((module) => ({ default: module.CartDrawer })));
const loadNotificationsPanel = () => import("~/components/notifications-panel");
const NotificationsPanel = lazy(() =>
  loadNotificationsPanel().then((module) => ({ default: module.NotificationsPanel })),
);

/*
 * The search suggestions, too: the box is a plain input until the shopper types in it, and the
 * combobox takes its place with what was typed (SearchBox).
 */
const importSearchCombobox = () => import("~/components/search-combobox");
// One import, however many times the box asks (pointer, focus, each key before it arrives).
let searchCombobox: ReturnType<typeof importSearchCombobox> | undefined;
const loadSearchCombobox = () => (searchCombobox ??= importSearchCombobox());
const SearchCombobox = lazy(() =>
  loadSearchCombobox().then((module) => ({ default: module.SearchCombobox })),
);

export type { Theme };

export type SiteHeaderProps = {
  user: HeaderUser;
  wishlistCount: number;
  cartCount: number;
  unreadNotifications: number;
  searchQuery?: string;
  /** Under the bar, inside the sticky header: the store's toast (toaster.tsx, `docked`). */
  children?: ReactNode;
  /**
   * site-header-links.tsx's parts, which the store's layout keeps as served (decision 159): the
   * theme switch (from `md` up), the account's links, and the phone menu's contents.
   */
  themeSwitch?: ReactNode;
  accountLinks?: ReactNode;
  menuLinks?: ReactNode;
};

const iconLink = `${buttonClasses("ghost", "icon")} relative`;

export function SiteHeader({
  user,
  wishlistCount,
  cartCount,
  unreadNotifications,
  searchQuery,
  children,
  themeSwitch,
  accountLinks,
  menuLinks,
}: SiteHeaderProps) {
  return (
    <header className="border-border bg-canvas sticky top-0 z-40 border-b">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Logo />

        <SearchForm defaultValue={searchQuery} />

        <nav aria-label="Cuenta y compras" className="ml-auto flex items-center gap-1">
          <Link to="/search" aria-label="Buscar" className={`${iconLink} md:hidden`}>
            <SearchIcon />
          </Link>
          {themeSwitch}
          <Link
            to="/wishlist"
            aria-label={countedLabel("Favoritos", wishlistCount)}
            className={`${iconLink} max-md:hidden`}
          >
            <HeartIcon />
            <CountBadge count={wishlistCount} />
          </Link>
          {user ? <NotificationsButton count={unreadNotifications} /> : null}
          <CartButton count={cartCount} />
          {accountLinks}
          <MobileMenu>{menuLinks}</MobileMenu>
        </nav>
      </div>
      {children}
    </header>
  );
}

/**
 * Without JS a link to /cart; with JS a button that opens the cart drawer (storefront §2). When
 * the drawer closes, focus comes back here.
 */
function CartButton({ count }: { count: number }) {
  const hydrated = useHydrated();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a link elsewhere (a product, the checkout)
  // leaves it closed, while the cart's own forms come back to the same page and keep it open.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // Once opened, the drawer stays mounted (closed), so its fetcher keeps the last cart.
  const [used, setUsed] = useState(false);
  const label = countedLabel("Carrito", count, ["artículo", "artículos"]);

  if (!hydrated) {
    return (
      <Link to="/cart" aria-label={label} className={iconLink}>
        <CartIcon />
        <CountBadge count={count} />
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadCartDrawer}
        onFocus={loadCartDrawer}
        onClick={() => {
          setUsed(true);
          setOpenOn(pathname);
        }}
        className={iconLink}
      >
        <CartIcon />
        <CountBadge count={count} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CartDrawer
            open={open}
            onClose={() => {
              setOpenOn(null);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** D3: the unread count is refreshed every 30 s while the tab is visible (JS only). */
const NOTIFICATIONS_REVALIDATE_MS = 30_000;

/**
 * Without JS a link to /notifications; with JS a button that opens the latest few in a panel
 * (a disclosure: Escape or a click elsewhere closes it, and any navigation does too).
 */
function NotificationsButton({ count }: { count: number }) {
  const hydrated = useHydrated();
  useRevalidateOnInterval(NOTIFICATIONS_REVALIDATE_MS);
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = countedLabel("Notificaciones", count, ["sin leer", "sin leer"]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <Link to="/notifications" aria-label={label} className={iconLink}>
        <BellIcon />
        <CountBadge count={count} />
      </Link>
    );
  }
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={loadNotificationsPanel}
        onFocus={loadNotificationsPanel}
        onClick={() => setOpenOn(open ? null : key)}
        className={iconLink}
      >
        <BellIcon />
        <CountBadge count={count} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel id={panelId} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Logo() {
  return (
    <Link to="/" className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 rounded-md">
      <Monogram size="sm" />
      {/* The name stays the link's accessible name on the smallest screens, where it is hidden. */}
      <span className="font-display sr-only text-lg font-semibold tracking-wide sm:not-sr-only">
        Perfumería de Lujo
      </span>
    </Link>
  );
}

function SearchForm({ defaultValue }: { defaultValue?: string }) {
  return (
    <Form
      method="get"
      action="/catalog"
      role="search"
      className="mx-auto hidden w-full max-w-md items-center md:flex"
    >
      <label htmlFor="site-search" className="sr-only">
        Buscar perfumes
      </label>
      {/* A new search in the URL (after a navigation) resets the box. */}
      <SearchBox key={defaultValue ?? ""} defaultValue={defaultValue} />
      <button
        type="submit"
        aria-label="Buscar"
        className="bg-primary text-primary-fg hover:bg-primary-hover grid h-10 w-11 place-items-center rounded-r-md"
      >
        <SearchIcon />
      </button>
    </Form>
  );
}

const searchInputClasses =
  "border-border-strong bg-surface text-fg placeholder:text-fg-muted h-10 w-full min-w-0 rounded-l-md border border-r-0 px-3 text-sm";

/**
 * The search box: a plain input (all the form needs without JS) that asks for the combobox's
 * code when pointed at or focused, and gives way to it at the first key. The swap happens in a
 * transition, so this very input stays on screen (and keeps what the shopper types) until the
 * combobox is ready; it then takes the text, the focus, and fetches suggestions for that text.
 */
function SearchBox({ defaultValue = "" }: { defaultValue?: string }) {
  const [text, setText] = useState(defaultValue);
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Swapped on the first key, not on focus: a keystroke (or an autofill) always lands in the
  // box that has the focus, never in one being replaced.
  const want = () => {
    void loadSearchCombobox();
    startTransition(() => setWanted(true));
  };
  const props = {
    id: "site-search",
    name: "search",
    placeholder: "Buscar perfumes, marcas…",
    className: searchInputClasses,
  };
  const input = (
    <div className="relative min-w-0 flex-1">
      {/* Uncontrolled: what was typed before the page hydrated stays in it (a controlled box
          would be reset to the state's value at its next render) and is what Enter sends. */}
      <input
        {...props}
        type="search"
        defaultValue={defaultValue}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        onPointerEnter={() => void loadSearchCombobox()}
        onFocus={() => {
          setFocused(true);
          void loadSearchCombobox();
        }}
        onBlur={() => setFocused(false)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          want();
        }}
      />
    </div>
  );
  // The boundary is there from the start: a transition then keeps showing its content (this
  // input) while the combobox loads, where a boundary mounted later would show its fallback.
  return (
    <Suspense fallback={input}>
      {wanted ? (
        <SearchCombobox
          {...props}
          defaultValue={text}
          autoFocus={focused}
          suggestNow={text !== defaultValue}
        />
      ) : (
        input
      )}
    </Suspense>
  );
}

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  // The link's aria-label already says the full number; this is only the visual badge.
  return (
    <span
      aria-hidden="true"
      className="bg-accent text-accent-fg absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full px-1 text-[11px] leading-none font-semibold"
    >
      {cartBadgeLabel(count)}
    </span>
  );
}

/**
 * A `<details>` disclosure, so it opens and closes without JavaScript (decision 097); with it,
 * Escape closes it, Tab stays inside while it is open, and the focus goes back to its button.
 */
function MobileMenu({ children }: { children: ReactNode }) {
  const detailsRef = useCloseOnNavigation();
  const summaryRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  // A menu opened before hydration is already open: read it once the effects run.
  useEffect(() => {
    if (detailsRef.current?.open) setOpen(true);
  }, [detailsRef]);
  useFocusTrap(detailsRef, open, () => {
    if (detailsRef.current) detailsRef.current.open = false;
    summaryRef.current?.focus();
  });
  return (
    <details
      ref={detailsRef}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group relative md:hidden"
    >
      <summary
        ref={summaryRef}
        aria-label="Abrir menú"
        className={`${buttonClasses("ghost", "icon")} list-none [&::-webkit-details-marker]:hidden`}
      >
        <MenuIcon />
      </summary>
      {children}
    </details>
  );
}
