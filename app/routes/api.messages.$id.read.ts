import { apiCall, apiRoute } from "~/web/api/calls.server";
import { messageCalls, toMessage } from "~/web/api/calls/content-messages.server";
import { openMessage } from "~/models/content/messages.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  PUT: apiCall(messageCalls.read, async ({ params }) => {
    const message = await openMessage(Number(params.id));
    invariantResponse(message, "Mensaje no encontrado", { status: 404 });
    return toMessage(message);
  }),
});
