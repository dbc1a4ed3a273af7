import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { settingEntries, settingsCalls } from "~/web/api/calls/settings.server";
import { getSettings } from "~/models/settings/settings.server";

export const { loader, action } = apiRoute({
  GET: apiCall(settingsCalls.enhanced, async ({ caller, query }) =>
    pageOfList(query, settingEntries(await getSettings(), caller.isAdmin)),
  ),
});
