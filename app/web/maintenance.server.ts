import { json } from "@remix-run/node";
import { isMaintenanceMode } from "~/models/settings/settings.server";
import { getUser } from "~/web/auth.server";

/** Paths that stay open in maintenance mode: the admin sign-in (storefront.md §2, D35). */
const OPEN_DURING_MAINTENANCE = [
  "/admin-access",
  "/admin-access/verificar",
  "/admin-access/configurar",
  "/admin/login",
  "/theme",
];

export function isOpenDuringMaintenance(pathname: string) {
  return OPEN_DURING_MAINTENANCE.some((p) => pathname === p || pathname === `${p}/`);
}

/** True when this request must get the maintenance screen instead of the store. */
export async function isBlockedByMaintenance(request: Request) {
  if (isOpenDuringMaintenance(new URL(request.url).pathname)) return false;
  if (!(await isMaintenanceMode())) return false;
  const user = await getUser(request);
  return user?.role !== "admin";
}

export const RETRY_AFTER_SECONDS = 600;

export function maintenanceResponse(contact: { contactEmail: string; contactPhone: string }) {
  // D35: 503 with Retry-After, so search engines come back later instead of indexing it.
  return json(
    { maintenance: true, ...contact },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}
