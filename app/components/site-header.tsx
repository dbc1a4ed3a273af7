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
import {
  BellIcon,
  BoxIcon,
  CartIcon,
  ChartIcon,
  HeartIcon,
  LogoutIcon,
  MenuIcon,
  MonitorIcon,
  MoonIcon,
  ReceiptIcon,
  SearchIcon,
  SparklesIcon,
  StarIcon,
  StoreIcon,
  SunIcon,
  TagIcon,
  UserIcon,
  type IconProps,
} from "~/components/icons";

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

export type Theme = "light" | "dark" | "system";

export type SiteHeaderProps = {
  user: { firstName: string; role: "customer" | "admin" } | null;
  wishlistCount: number;
  cartCount: number;
  unreadNotifications: number;
  theme: Theme;
  searchQuery?: string;
  /** Under the bar, inside the sticky header: the store's toast (toaster.tsx, `docked`). */
  children?: ReactNode;
};

/** Spec: the cart badge shows '9+' above 9. The other header badges follow the same rule. */
export function cartBadgeLabel(count: number) {
  const n = Math.max(0, Math.floor(count));
  return n > 9 ? "9+" : String(n);
}

/**
 * A header button's name says what its badge shows, outside parentheses (axe ignores
 * parenthetical text when it compares a name with the visible label, WCAG 2.5.3), so
 * speech-input users can say what they see: 'Carrito, 2 artículos'.
 */
export function countedLabel(noun: string, count: number, unit?: [string, string]) {
  const shown = cartBadgeLabel(count);
  if (!unit) return `${noun}, ${shown}`;
  return `${noun}, ${shown} ${shown === "1" ? unit[0] : unit[1]}`;
}

/** The toggle cycles light → dark → system → light. */
export function nextTheme(theme: Theme): Theme {
  return theme === "light" ? "dark" : theme === "dark" ? "system" : "light";
}

const themeLabels: Record<Theme, string> = { light: "Claro", dark: "Oscuro", system: "Sistema" };
const themeIcons: Record<Theme, (props: IconProps) => ReactNode> = {
  light: SunIcon,
  dark: MoonIcon,
  system: MonitorIcon,
};

const iconLink = `${buttonClasses("ghost", "icon")} relative`;
const menuItem =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-fg hover:bg-surface-muted";

export function SiteHeader({
  user,
  wishlistCount,
  cartCount,
  unreadNotifications,
  theme,
  searchQuery,
  children,
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
          <ThemeForm theme={theme} className="hidden md:block" />
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
          <DesktopAccount user={user} />
          <MobileMenu user={user} theme={theme} wishlistCount={wishlistCount} />
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

/** D5: a plain POST to /theme that comes back to the same page; JS only makes it faster. */
function ThemeForm({
  theme,
  variant = "icon",
  className,
}: {
  theme: Theme;
  variant?: "icon" | "menu";
  className?: string;
}) {
  const location = useLocation();
  const ThemeIcon = themeIcons[theme];
  return (
    <Form method="post" action="/theme" className={className}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {variant === "icon" ? (
        <button
          type="submit"
          name="theme"
          value={nextTheme(theme)}
          aria-label={`Cambiar tema (actual: ${themeLabels[theme]})`}
          className={buttonClasses("ghost", "icon")}
        >
          <ThemeIcon />
        </button>
      ) : (
        <button type="submit" name="theme" value={nextTheme(theme)} className={menuItem}>
          <ThemeIcon />
          Tema: {themeLabels[theme]}
        </button>
      )}
    </Form>
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

function LogoutForm({ children, className }: { children: ReactNode; className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

function DesktopAccount({ user }: { user: SiteHeaderProps["user"] }) {
  if (!user) {
    return (
      <Link to="/login" className={`${buttonClasses("primary", "sm")} ml-1 max-md:hidden`}>
        Iniciar Sesión
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-1 max-md:hidden">
      {user.role === "admin" ? (
        <Link to="/admin" className={buttonClasses("ghost", "sm")}>
          <ChartIcon />
          <span className="max-lg:sr-only">Panel</span>
        </Link>
      ) : null}
      <Link to="/profile" className={buttonClasses("ghost", "sm")}>
        <UserIcon />
        <span className="max-w-32 truncate">{user.firstName}</span>
      </Link>
      <LogoutForm className={buttonClasses("secondary", "sm")}>Salir</LogoutForm>
    </div>
  );
}

/** The store's sections, first in the phone menu (the desktop header has the search). */
const shopLinks = [
  { to: "/catalog", label: "Catálogo", icon: StoreIcon },
  { to: "/#marcas", label: "Marcas", icon: TagIcon },
  { to: "/productos-por-encargo", label: "Por encargo", icon: SparklesIcon },
  { to: "/track-order", label: "Seguimiento", icon: BoxIcon },
];

/**
 * A `<details>` disclosure, so it opens and closes without JavaScript (decision 097); with it,
 * Escape closes it, Tab stays inside while it is open, and the focus goes back to its button.
 */
function MobileMenu({
  user,
  theme,
  wishlistCount,
}: {
  user: SiteHeaderProps["user"];
  theme: Theme;
  wishlistCount: number;
}) {
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
      <div className="border-border bg-surface absolute top-full right-0 mt-2 max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto rounded-lg border p-2 shadow-lg">
        <ul className="border-border space-y-1 border-b pb-1">
          {shopLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={menuItem}>
                <Icon />
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="space-y-1 pt-1">
          <li>
            <Link to="/wishlist" className={menuItem}>
              <HeartIcon />
              Favoritos
              {wishlistCount > 0 ? (
                <span className="text-fg-muted ml-auto">{cartBadgeLabel(wishlistCount)}</span>
              ) : null}
            </Link>
          </li>
          <li>
            <ThemeForm theme={theme} variant="menu" />
          </li>
          {user ? (
            <>
              <li>
                <Link to="/profile" className={menuItem}>
                  <UserIcon />
                  Perfil
                </Link>
              </li>
              <li>
                <Link to="/orders" className={menuItem}>
                  <ReceiptIcon />
                  Mis Pedidos
                </Link>
              </li>
              <li>
                <Link to="/profile/loyalty" className={menuItem}>
                  <StarIcon />
                  Mis puntos
                </Link>
              </li>
              {user.role === "admin" ? (
                <li>
                  <Link to="/admin" className={menuItem}>
                    <ChartIcon />
                    Panel Administrativo
                  </Link>
                </li>
              ) : null}
              <li className="border-border border-t pt-1">
                <LogoutForm className={menuItem}>
                  <LogoutIcon />
                  Cerrar Sesión
                </LogoutForm>
              </li>
            </>
          ) : (
            <li>
              <Link to="/login" className={menuItem}>
                <UserIcon />
                Iniciar Sesión
              </Link>
            </li>
          )}
        </ul>
      </div>
    </details>
  );
}
