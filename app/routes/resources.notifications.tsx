import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { NOTIFICATIONS_PANEL_SIZE } from "~/models/notifications/notifications";
import { listNotifications } from "~/models/notifications/notifications.server";
import { getUser } from "~/web/auth.server";

/**
 * GET → the signed-in user's latest notifications for the header's panel. An enhancement only:
 * without JS the bell is a link to /notifications, whose forms the panel's items post to.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return json({ notifications: [] }, { status: 401 });
  const { notifications } = await listNotifications(user.id, {
    pageSize: NOTIFICATIONS_PANEL_SIZE,
  });
  return json({ notifications }, { headers: { "Cache-Control": "private, no-store" } });
}
