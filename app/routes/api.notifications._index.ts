import { apiCall, apiRoute } from "~/web/api/calls.server";
import { notificationCalls, toNotification } from "~/web/api/calls/notifications.server";
import { listNotifications } from "~/models/notifications/notifications.server";

export const { loader, action } = apiRoute({
  GET: apiCall(notificationCalls.list, async ({ user, query }) => {
    const list = await listNotifications(user.id, { page: query.page, pageSize: query.limit });
    return {
      items: list.notifications.map(toNotification),
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      limit: query.limit,
      unread: list.unread,
    };
  }),
});
