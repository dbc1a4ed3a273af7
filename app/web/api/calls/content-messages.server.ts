import { z } from "zod/v4";
import { defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { MESSAGE_REPLY_MAX } from "~/models/content/message-form.server";
import {
  MESSAGE_STATUSES,
  messagePreview,
  messageStatus,
  type MessageStatus,
} from "~/models/content/messages";
import type { Message, MessageListItem } from "~/models/content/messages.server";

/*
 * The message centre's calls (backoffice.md §7 "messages", D31): the list of /admin/messages and
 * the writes of /admin/messages/{id}, through messages.server.ts (one reply only, sent by e-mail
 * in the same transaction: issue 22) and the reply form's schema for the messages.
 */

const TAG = "Mensajes";
const status = z
  .enum(MESSAGE_STATUSES)
  .describe("nuevo (`new`), leído (`read`), respondido (`replied`)");

export const messageRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    preview: z.string().describe("Los primeros 50 caracteres del mensaje."),
    status,
    isRead: z.boolean(),
    isReplied: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "MessageRow" });

export const messageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.string(),
    message: z.string(),
    status,
    isRead: z.boolean(),
    isReplied: z.boolean(),
    reply: z.string().nullable(),
    repliedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Message" });

export function toMessageRow({ excerpt, ...row }: MessageListItem) {
  return { ...row, preview: messagePreview(excerpt), status: messageStatus(row) };
}

export function toMessage(message: Message): z.output<typeof messageSchema> {
  return { ...message, status: messageStatus(message) satisfies MessageStatus };
}

const id = { id: "integer" } as const;

export const messageCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/messages",
    tag: TAG,
    summary: "Mensajes de contacto, los más nuevos primero",
    access: "admin",
    query: pageQuery.extend({ status: status.optional() }),
    response: pageSchema(messageRowSchema),
  }),
  one: defineCall({
    method: "GET",
    path: "/api/messages/{id}",
    tag: TAG,
    summary: "Un mensaje entero (no lo marca como leído)",
    access: "admin",
    params: id,
    response: messageSchema,
    errors: [404],
  }),
  read: defineCall({
    method: "PUT",
    path: "/api/messages/{id}/read",
    tag: TAG,
    summary: "Marcar un mensaje como leído",
    access: "admin",
    params: id,
    response: messageSchema,
    errors: [404],
  }),
  reply: defineCall({
    method: "POST",
    path: "/api/messages/{id}/reply",
    tag: TAG,
    summary: "Responder un mensaje (una sola vez; la respuesta sale por correo)",
    description:
      "Como en la pantalla: un mensaje ya respondido se rechaza con 409. La respuesta queda en la cola de correos.",
    access: "admin",
    params: id,
    body: z.object({ reply: z.string().max(MESSAGE_REPLY_MAX * 2) }),
    response: messageSchema,
    errors: [404, 409],
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/messages/{id}",
    tag: TAG,
    summary: "Eliminar un mensaje",
    access: "admin",
    params: id,
    status: 204,
    errors: [404],
  }),
};
