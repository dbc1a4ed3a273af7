import { apiCall, apiRoute } from "~/web/api/calls.server";
import { MessageReplySchema } from "~/models/content/message-form.server";
import { messageCalls, toMessage } from "~/web/api/calls/content-messages.server";
import { getMessage, replyToMessage } from "~/models/content/messages.server";
import { getMailContext } from "~/models/mail/context.server";
import { apiError } from "~/web/api/problem.server";
import { checkedByForm } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Mensaje no encontrado";

export const { loader, action } = apiRoute({
  POST: apiCall(messageCalls.reply, async ({ params, body }) => {
    const id = Number(params.id);
    invariantResponse(await getMessage(id), NOT_FOUND, { status: 404 });
    const { reply } = checkedByForm(MessageReplySchema, body);
    const replied = await replyToMessage({ messageId: id, reply, mail: await getMailContext() });
    if (!replied.ok) {
      invariantResponse(replied.code !== "not-found", NOT_FOUND, { status: 404 });
      // §4: one reply only, as the screen says to a second one.
      throw apiError(409, "El mensaje ya fue respondido.", { code: "already_replied" });
    }
    return toMessage((await getMessage(id))!);
  }),
});
