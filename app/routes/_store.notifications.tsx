import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Pagination } from "~/components/catalog/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Page } from "~/components/page";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { usePendingFormData } from "~/hooks/use-is-pending";
import {
  NOTIFICATION_KIND,
  NOTIFICATION_MESSAGES,
  notificationHref,
} from "~/models/notifications/notifications";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationItem,
} from "~/models/notifications/notifications.server";
import { parseNotificationAction } from "~/models/notifications/notification-form.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";
import { requestedPage } from "~/utils/paging";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [
  { title: "Notificaciones | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = requestedPage(new URL(request.url).searchParams.get("page"));
  return json(await listNotifications(user.id, { page }));
}

/**
 * Every outcome is a redirect (D4), so the page works the same with and without JS, and the
 * root loader's unread count is fresh on the next page. Ids are looked up with the user's own
 * id: another customer's notification is a 404 and stays as it was.
 */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  // The page (or the header's panel) the form was on: where a notification without a link, a
  // deletion or 'mark all' come back to.
  const back = safeRedirect(formData.get("redirectTo"), "/notifications");
  const submission = parseNotificationAction(formData);
  if (submission.status !== "success") {
    return redirectWithToast(request, back, {
      type: "error",
      title: "Error",
      description:
        formData.get("intent") === "delete"
          ? NOTIFICATION_MESSAGES.deleteFailed
          : NOTIFICATION_MESSAGES.markFailed,
    });
  }
  const input = submission.value;

  switch (input.intent) {
    case "open": {
      const opened = await markNotificationRead({
        userId: user.id,
        notificationId: input.notificationId,
      });
      invariantResponse(opened, NOTIFICATION_MESSAGES.notFound, { status: 404 });
      return redirect(notificationHref(opened) ?? back);
    }
    case "mark-all-read": {
      await markAllNotificationsRead(user.id);
      return redirect(back);
    }
    case "delete": {
      const deleted = await deleteNotification({
        userId: user.id,
        notificationId: input.notificationId,
      });
      invariantResponse(deleted, NOTIFICATION_MESSAGES.notFound, { status: 404 });
      return redirectWithToast(request, back, { title: NOTIFICATION_MESSAGES.deleted });
    }
  }
}

export default function NotificationsRoute() {
  const { notifications, unread, page, pageCount } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  // Optimistic: a deleted notification leaves at once, 'mark all' clears the marks at once.
  const pending = usePendingFormData();
  const pendingIntent = pending?.get("intent");
  const deleting = pendingIntent === "delete" ? pending?.get("notificationId") : null;
  const allRead = pendingIntent === "mark-all-read";
  const visible = notifications.filter((n) => String(n.id) !== deleting);
  const unreadShown = allRead ? 0 : unread;

  return (
    <Page
      title="Notificaciones"
      intro={unreadShown === 1 ? "1 sin leer" : `${unreadShown} sin leer`}
    >
      {visible.length === 0 ? (
        <div className="border-border rounded-2xl border p-6">
          <p className="font-semibold">No tienes notificaciones.</p>
          <p className="text-fg-muted mt-1 text-sm">
            Aquí verás las novedades de tus pedidos, cupones y puntos de lealtad.
          </p>
          <Link to="/catalog" className={`${buttonClasses("primary", "md")} mt-4`}>
            Explorar catálogo
          </Link>
        </div>
      ) : (
        <>
          {unreadShown > 0 ? (
            <Form method="post" className="mb-4 flex justify-end">
              <input type="hidden" name="redirectTo" value={here} />
              <button
                type="submit"
                name="intent"
                value="mark-all-read"
                className={buttonClasses("secondary", "sm")}
              >
                Marcar todas como leídas
              </button>
            </Form>
          ) : null}
          <ul aria-label="Tus notificaciones" className="space-y-3">
            {visible.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={allRead ? { ...notification, isRead: true } : notification}
                redirectTo={here}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(n) => (n === 1 ? "/notifications" : `/notifications?page=${n}`)}
          />
        </>
      )}
    </Page>
  );
}

function NotificationRow({
  notification,
  redirectTo,
}: {
  notification: NotificationItem;
  redirectTo: string;
}) {
  const { id, type, title, message, orderNumber, isRead, createdAt } = notification;
  return (
    <li
      className={`bg-surface rounded-lg border p-4 ${
        isRead ? "border-border" : "border-accent border-l-4"
      }`}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="text-fg-muted flex items-center gap-2 text-xs font-semibold uppercase">
            {NOTIFICATION_KIND[type]}
            {/* The mark is a word, not only a colour or a dot. */}
            {isRead ? null : <Badge variant="accent">Sin leer</Badge>}
          </p>
          <Form method="post" className="mt-1">
            <input type="hidden" name="notificationId" value={id} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              name="intent"
              value="open"
              className={`text-left hover:underline ${isRead ? "font-medium" : "font-bold"}`}
            >
              <Unbroken>{title}</Unbroken>
            </button>
          </Form>
          <p className="text-fg-muted mt-1 text-sm">
            <Unbroken>{message}</Unbroken>
          </p>
          <p className="text-fg-muted mt-2 text-xs">
            <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
            {orderNumber ? (
              <>
                {" · Pedido "}
                <Unbroken>{orderNumber}</Unbroken>
              </>
            ) : null}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="notificationId" value={id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            name="intent"
            value="delete"
            aria-label={`Eliminar notificación: ${title}`}
            className={buttonClasses("ghost", "sm")}
          >
            Eliminar
          </button>
        </Form>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
