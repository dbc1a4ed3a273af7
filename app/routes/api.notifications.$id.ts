import { apiCall, apiRoute } from "~/web/api/calls.server";
import { notificationCalls } from "~/web/api/calls/notifications.server";
import { NOTIFICATION_MESSAGES } from "~/models/notifications/notifications";
import { deleteNotification } from "~/models/notifications/notifications.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  DELETE: apiCall(notificationCalls.remove, async ({ user, params }) => {
    const deleted = await deleteNotification({
      userId: user.id,
      notificationId: Number(params.id),
    });
    invariantResponse(deleted, NOTIFICATION_MESSAGES.notFound, { status: 404 });
    return null;
  }),
});
