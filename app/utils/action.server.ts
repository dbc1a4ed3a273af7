import { getSettings } from "~/models/settings.server";
import { isBlockedByMaintenance, maintenanceResponse } from "./maintenance.server";
import { assertSameOrigin } from "./security.server";

/**
 * The first line of every action: loaders and actions run independently, so the
 * cross-origin check and the maintenance gate are enforced here as well as on pages.
 * tests/integration/http-security.test.ts posts cross-origin to every action in the build.
 */
export async function guardAction(request: Request) {
  assertSameOrigin(request);
  if (await isBlockedByMaintenance(request)) {
    const settings = await getSettings();
    throw maintenanceResponse({
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
    });
  }
}
