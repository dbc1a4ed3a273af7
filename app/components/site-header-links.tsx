import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { cartBadgeLabel } from "~/components/count-label";
import {
  BoxIcon,
  ChartIcon,
  HeartIcon,
  LogoutIcon,
  MonitorIcon,
  MoonIcon,
  ReceiptIcon,
  SparklesIcon,
  StarIcon,
  StoreIcon,
  SunIcon,
  TagIcon,
  UserIcon,
  type IconProps,
} from "~/components/icons";

/*
 * The header's links and plain forms: the theme switch, the account's links and the phone
 * menu's contents. Nothing in them reacts to a tap but the router, so the header keeps their
 * server HTML and the browser loads this module only when one of them must be drawn anew (the
 * theme or the account changed, or a navigation into the store: keptAsServed, decision 159).
 */

export type Theme = "light" | "dark" | "system";

export type HeaderUser = { firstName: string; role: "customer" | "admin" } | null;

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

const menuItem =
  "flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-fg hover:bg-surface-muted";

/** D5: a plain POST to /theme that comes back to the same page; JS only makes it faster. */
export function ThemeForm({
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
      {/* Kept as served (decision 159): set to the page it is sent from when it goes. */}
      <input
        type="hidden"
        name="redirectTo"
        value={location.pathname + location.search}
        data-current-page=""
      />
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

function LogoutForm({ children, className }: { children: ReactNode; className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/** From `md` up: the account's links (or 'Iniciar Sesión') beside the cart. */
export function AccountLinks({ user }: { user: HeaderUser }) {
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

/** The phone menu's contents, inside the header's `<details>`. */
export function MenuLinks({
  user,
  theme,
  wishlistCount,
}: {
  user: HeaderUser;
  theme: Theme;
  wishlistCount: number;
}) {
  return (
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
  );
}
