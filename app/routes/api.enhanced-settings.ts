import { apiCall, apiRoute } from "~/models/api/calls.server";
import { pageOfList } from "~/models/api/lists.server";
import { settingEntries, settingsCalls } from "~/models/settings/api.server";
import { getSettings } from "~/models/settings/settings.server";

export const { loader, action } = apiRoute({
  GET: apiCall(settingsCalls.enhanced, async ({ caller, query }) =>
    pageOfList(query, settingEntries(await getSettings(), caller.isAdmin)),
  ),
});
