import { apiCall, apiRoute } from "~/models/api/calls.server";
import { listPage } from "~/models/api/lists.server";
import { countUserActivity, listUserActivity } from "~/models/customers/admin.server";
import {
  accountCalls,
  adminUserOr404,
  toActivityEntry,
  userIdParam,
} from "~/models/customers/api.server";

/** The profile view's history (listUserActivity), paged. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.activity, async ({ params, query }) => {
    const { id } = await adminUserOr404(userIdParam(params));
    const filter = { notesOnly: false };
    const page = await listPage(
      query,
      () => countUserActivity(id, filter),
      ({ limit, offset }) => listUserActivity(id, limit, { offset, ...filter }),
    );
    return { ...page, items: page.items.map(toActivityEntry) };
  }),
});
