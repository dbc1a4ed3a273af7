import { apiCall, apiRoute } from "~/web/api/calls.server";
import { MARKED_ALL_READ, notificationCalls } from "~/web/api/calls/notifications.server";
import { markAllNotificationsRead } from "~/models/notifications/notifications.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(notificationCalls.readAll, async ({ user }) => ({
    message: MARKED_ALL_READ,
    updated: await markAllNotificationsRead(user.id),
  })),
});
