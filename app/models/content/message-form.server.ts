import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";

/*
 * The reply form of the message detail (the /admin/messages/{id} screen, and POST /api/messages/{id}/reply), backoffice.md §5:
 * non-empty after trimming. Server only, so zod stays out of the admin pages' JS (decision 054).
 */

export const MESSAGE_REPLY_MESSAGE = "La respuesta no puede estar vacía.";
export const MESSAGE_REPLY_MAX = 5000;

export const MessageReplySchema = z.object({
  reply: z
    .string({ error: MESSAGE_REPLY_MESSAGE })
    .trim()
    .min(1, MESSAGE_REPLY_MESSAGE)
    .max(MESSAGE_REPLY_MAX, `La respuesta no puede tener más de ${MESSAGE_REPLY_MAX} caracteres.`),
});

export function parseMessageReply(formData: FormData) {
  return parseWithZod(formData, { schema: MessageReplySchema });
}
