import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useCloseOnNavigation } from "~/hooks/use-close-on-navigation";
import {
  BookIcon,
  BoxIcon,
  ChartIcon,
  FileIcon,
  HomeIcon,
  LogoutIcon,
  MailIcon,
  MenuIcon,
  PercentIcon,
  SendIcon,
  ReceiptIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SparklesIcon,
  StarIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
  type IconProps,
} from "~/components/icons";
import { InsideMain } from "~/components/error-screen";

export type AdminShellProps = {
  user: { firstName: string; lastName: string; email: string };
  /** Messages not opened yet, shown beside 'Mensajes'. */
  unreadMessages?: number;
  children: ReactNode;
};

type AdminLink = { to: string; label: string; icon: (props: IconProps) => ReactNode };

// Order of backoffice.md §2 plus Mensajes and Códigos Promocionales (route table, D34) and the
// loyalty points admin (§2, not in its sidebar list), Correos, the outbox (decision 107), the
// JSON API's tokens (decision 124); the books of invoices beside the orders (decision 173).
const adminLinks: AdminLink[] = [
  { to: "/admin", label: "Dashboard", icon: HomeIcon },
  { to: "/admin/analytics", label: "Analíticas", icon: ChartIcon },
  { to: "/admin/products", label: "Productos", icon: BoxIcon },
  { to: "/admin/orders", label: "Pedidos", icon: ReceiptIcon },
  { to: "/admin/facturacion", label: "Facturación", icon: BookIcon },
  { to: "/admin/users", label: "Usuarios", icon: UsersIcon },
  { to: "/admin/brands", label: "Marcas", icon: TagIcon },
  { to: "/admin/promo-codes", label: "Códigos Promocionales", icon: PercentIcon },
  { to: "/admin/reviews", label: "Reseñas", icon: StarIcon },
  { to: "/admin/messages", label: "Mensajes", icon: MailIcon },
  { to: "/admin/correos", label: "Correos", icon: SendIcon },
  { to: "/admin/cms", label: "Contenido CMS", icon: FileIcon },
  { to: "/admin/settings", label: "Configuración", icon: SettingsIcon },
  { to: "/admin/loyalty", label: "Puntos de Lealtad", icon: SparklesIcon },
  { to: "/admin/api-tokens", label: "Tokens de API", icon: ShieldCheckIcon },
];

const itemClass =
  "flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-fg-muted hover:bg-surface-muted hover:text-fg";
// Not by colour alone: the active link is also bold and carries aria-current="page" (NavLink).
const activeItemClass =
  "flex min-h-10 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-semibold bg-accent-soft text-accent";

export function AdminShell({ user, unreadMessages = 0, children }: AdminShellProps) {
  const detailsRef = useCloseOnNavigation();
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_1fr]">
      {/* Mobile: the same navigation, folded into a disclosure that opens without JS. */}
      <details ref={detailsRef} className="border-border bg-surface border-b md:hidden">
        <summary className="font-display flex h-14 list-none items-center gap-3 px-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
          <MenuIcon />
          Panel Administrativo
        </summary>
        <div className="px-3 pb-4">
          <SidebarContent user={user} unreadMessages={unreadMessages} />
        </div>
      </details>

      <aside className="border-border bg-surface sticky top-0 hidden h-dvh flex-col overflow-y-auto border-r px-3 py-5 md:flex">
        <p className="font-display mb-6 px-3 text-xl font-semibold">Panel Administrativo</p>
        <SidebarContent user={user} unreadMessages={unreadMessages} />
      </aside>

      <main id="main" className="min-w-0 px-4 py-6 md:px-8 md:py-8">
        <InsideMain.Provider value={true}>{children}</InsideMain.Provider>
      </main>
    </div>
  );
}

function SidebarContent({
  user,
  unreadMessages,
}: Pick<AdminShellProps, "user" | "unreadMessages">) {
  return (
    <div className="flex flex-1 flex-col gap-6">
      <nav aria-label="Administración">
        <ul className="space-y-1">
          {adminLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === "/admin"}
                className={({ isActive }) => (isActive ? activeItemClass : itemClass)}
              >
                <Icon />
                {label}
                {to === "/admin/messages" && unreadMessages ? (
                  // Read out as "Mensajes 3 sin leer".
                  <span className="bg-accent text-accent-fg ml-auto rounded-full px-2 text-xs font-semibold">
                    {unreadMessages}
                    <span className="sr-only"> sin leer</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-border mt-auto space-y-1 border-t pt-4">
        <p className="px-3 pb-2 text-sm">
          <span className="text-fg block font-medium">
            {user.firstName} {user.lastName}
          </span>
          <span className="text-fg-muted block truncate">{user.email}</span>
        </p>
        <Link to="/catalog" className={itemClass}>
          <StoreIcon />
          Ver Tienda
        </Link>
        {/* D33: logging out is a POST, never a GET link. */}
        <Form method="post" action="/logout">
          <button type="submit" className={itemClass}>
            <LogoutIcon />
            Cerrar Sesión
          </button>
        </Form>
      </div>
    </div>
  );
}
