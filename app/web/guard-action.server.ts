import { getSettings } from "~/models/settings/settings.server";
import { isBlockedByMaintenance, maintenanceResponse } from "~/web/maintenance.server";
import { guardFormBody, assertSameOrigin } from "~/utils/security.server";

/**
 * The first line of every action: loaders and actions run independently, so the
 * cross-origin check and the maintenance gate are enforced here as well as on pages, and so is
 * the body rule of scripts/server.mjs (a form's content type, 415 or 400 instead of a parser's
 * 500) for requests that do not come through it.
 * tests/integration/http-security.test.ts posts cross-origin to every action in the build,
 * tests/integration/outside-attack/server-edge.test.ts malformed bodies.
 */
export async function guardAction(request: Request) {
  assertSameOrigin(request);
  guardFormBody(request);
  if (await isBlockedByMaintenance(request)) {
    const settings = await getSettings();
    throw maintenanceResponse({
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
    });
  }
}
