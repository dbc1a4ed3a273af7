import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { buttonClasses } from "~/components/ui/button";
import type { loader as panelLoader } from "~/routes/resources.notifications";

/**
 * The bell's panel (with JS): the latest notifications, each a form that posts to /notifications
 * like the page's own (marked read, then its order's page), and 'Ver todas'. Mounted only while
 * open, so every opening asks for the latest. Kept lean (no dates, no kinds, no Badge import)
 * because it ships with the header on every page; the page shows the rest.
 */
export function NotificationsPanel({ id }: { id: string }) {
  const fetcher = useFetcher<typeof panelLoader>();
  const { load } = fetcher;
  const location = useLocation();
  useEffect(() => {
    load("/resources/notifications");
  }, [load]);
  const notifications = fetcher.data?.notifications;

  return (
    <div
      id={id}
      role="region"
      aria-label="Notificaciones recientes"
      className="border-border bg-surface absolute top-full right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border p-2 shadow-lg"
    >
      {notifications === undefined ? (
        <p className="text-fg-muted p-3 text-sm">Cargando…</p>
      ) : notifications.length === 0 ? (
        <p className="text-fg-muted p-3 text-sm">No tienes notificaciones.</p>
      ) : (
        <ul className="max-h-96 space-y-1 overflow-y-auto">
          {notifications.map((notification) => (
            <li key={notification.id}>
              <Form method="post" action="/notifications">
                <input type="hidden" name="notificationId" value={notification.id} />
                <input
                  type="hidden"
                  name="redirectTo"
                  value={location.pathname + location.search}
                />
                <button
                  type="submit"
                  name="intent"
                  value="open"
                  className="hover:bg-surface-muted w-full rounded-md p-3 text-left text-sm"
                >
                  {/* The mark is a word, not only a colour. */}
                  {notification.isRead ? null : (
                    <span className="bg-accent-soft text-accent mb-1 inline-block rounded-full px-2 text-xs font-semibold">
                      Sin leer
                    </span>
                  )}
                  <span className={`block ${notification.isRead ? "font-medium" : "font-bold"}`}>
                    {notification.title}
                  </span>
                  <span className="text-fg-muted mt-0.5 line-clamp-2 block">
                    {notification.message}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/notifications"
        className={`${buttonClasses("secondary", "sm")} border-border mt-2 w-full`}
      >
        Ver todas
      </Link>
    </div>
  );
}
