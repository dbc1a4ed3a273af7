import { apiCall, apiRoute } from "~/web/api/calls.server";
import { messageCalls, toMessageRow } from "~/web/api/calls/content-messages.server";
import { listMessages } from "~/models/content/messages.server";

export const { loader, action } = apiRoute({
  GET: apiCall(messageCalls.list, async ({ query }) => {
    const list = await listMessages({
      status: query.status,
      page: query.page,
      pageSize: query.limit,
    });
    return {
      items: list.messages.map(toMessageRow),
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      limit: query.limit,
    };
  }),
});
