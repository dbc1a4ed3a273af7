import { apiCall, apiRoute } from "~/web/api/calls.server";
import { settingsCalls, settingsEntriesOf, visibleSettings } from "~/web/api/calls/settings.server";
import { getSettings, updateSettings } from "~/models/settings/settings.server";

export const { loader, action } = apiRoute({
  GET: apiCall(settingsCalls.get, async ({ caller }) =>
    visibleSettings(await getSettings(), caller.isAdmin),
  ),
  PUT: apiCall(settingsCalls.put, async ({ body }) => {
    await updateSettings(settingsEntriesOf(body));
    return visibleSettings(await getSettings(), true);
  }),
});
