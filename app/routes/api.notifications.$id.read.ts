import { apiCall, apiRoute } from "~/web/api/calls.server";
import { notificationCalls } from "~/web/api/calls/notifications.server";
import { NOTIFICATION_MESSAGES, notificationHref } from "~/models/notifications/notifications";
import { markNotificationRead } from "~/models/notifications/notifications.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  PUT: apiCall(notificationCalls.read, async ({ user, params }) => {
    const read = await markNotificationRead({
      userId: user.id,
      notificationId: Number(params.id),
    });
    invariantResponse(read, NOTIFICATION_MESSAGES.notFound, { status: 404 });
    return { id: read.id, isRead: true, href: notificationHref(read) };
  }),
});
