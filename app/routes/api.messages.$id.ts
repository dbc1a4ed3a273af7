import { apiCall, apiRoute } from "~/web/api/calls.server";
import { messageCalls, toMessage } from "~/web/api/calls/content-messages.server";
import { deleteMessage, getMessage } from "~/models/content/messages.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Mensaje no encontrado";

export const { loader, action } = apiRoute({
  GET: apiCall(messageCalls.one, async ({ params }) => {
    const message = await getMessage(Number(params.id));
    invariantResponse(message, NOT_FOUND, { status: 404 });
    return toMessage(message);
  }),
  DELETE: apiCall(messageCalls.remove, async ({ params }) => {
    invariantResponse(await deleteMessage(Number(params.id)), NOT_FOUND, { status: 404 });
    return null;
  }),
});
