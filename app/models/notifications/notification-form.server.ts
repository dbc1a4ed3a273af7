import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";

/*
 * What /notifications and the header's panel post (open, mark all read, delete), checked on the
 * server only (decision 091): as a module-level schema in the route file, zod went to the page.
 */

const NotificationId = z.coerce.number().int().positive().max(MAX_ID);

const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), notificationId: NotificationId }),
  z.object({ intent: z.literal("mark-all-read") }),
  z.object({ intent: z.literal("delete"), notificationId: NotificationId }),
]);

export function parseNotificationAction(formData: FormData) {
  return parseWithZod(formData, { schema: NotificationActionSchema });
}
