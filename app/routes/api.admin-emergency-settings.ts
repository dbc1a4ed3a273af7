import { apiCall, apiRoute } from "~/models/api/calls.server";
import { emergencyEntriesOf, settingsCalls } from "~/models/settings/api.server";
import { updateSettings } from "~/models/settings/settings.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(settingsCalls.emergency, async ({ body }) =>
    updateSettings(emergencyEntriesOf(body)),
  ),
});
