import { apiCall, apiRoute } from "~/models/api/calls.server";
import { messageCalls, toMessage } from "~/models/content/messages-api.server";
import { openMessage } from "~/models/content/messages.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  PUT: apiCall(messageCalls.read, async ({ params }) => {
    const message = await openMessage(Number(params.id));
    invariantResponse(message, "Mensaje no encontrado", { status: 404 });
    return toMessage(message);
  }),
});
