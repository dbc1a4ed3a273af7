import { apiCall, apiRoute } from "~/web/api/calls.server";
import { listPointsHistory } from "~/models/loyalty/loyalty.server";
import { pointsCalls } from "~/web/api/calls/loyalty.server";

export const { loader, action } = apiRoute({
  GET: apiCall(pointsCalls.history, async ({ user, query }) => {
    const page = await listPointsHistory(user.id, { page: query.page, pageSize: query.limit });
    return {
      items: page.rows,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      limit: query.limit,
    };
  }),
});
