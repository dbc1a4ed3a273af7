import { apiCall, apiRoute } from "~/web/api/calls.server";
import { emergencyEntriesOf, settingsCalls } from "~/web/api/calls/settings.server";
import { updateSettings } from "~/models/settings/settings.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(settingsCalls.emergency, async ({ body }) =>
    updateSettings(emergencyEntriesOf(body)),
  ),
});
