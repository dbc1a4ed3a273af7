import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { countUnreadMessages } from "~/models/content/messages.server";
import { requireAdmin } from "~/web/auth.server";

export const meta: MetaFunction = () => [
  { title: "Panel Administrativo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

/**
 * backoffice.md §2: the orders screen words the refusal its own way. This loader runs beside the
 * screen's and the layout's error is the one shown, so it must say what the screen would.
 */
const ORDERS_DENIED = "No tienes permisos para acceder a esta sección.";

/*
 * The message detail marks its message read in its own loader, which runs beside this one: the
 * message being opened is left out of the count here, so the badge is right whichever finishes
 * first.
 */
function openedMessageId(pathname: string) {
  const match = /^\/admin\/messages\/(\d+)\/?$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

// Each admin route repeats requireAdmin in its own loader and action: this guard only
// decides what the layout renders, it protects nothing by itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const inOrders = pathname === "/admin/orders" || pathname.startsWith("/admin/orders/");
  const user = await requireAdmin(request, inOrders ? ORDERS_DENIED : undefined);
  return json({
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    unreadMessages: await countUnreadMessages({ opening: openedMessageId(pathname) }),
  });
}

// Opening a message marks it read: the sidebar's count follows on that navigation too.
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || nextUrl.pathname.startsWith("/admin/messages/");

export default function AdminLayout() {
  const { user, unreadMessages } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user} unreadMessages={unreadMessages}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
