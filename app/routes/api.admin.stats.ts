import { apiCall, apiRoute } from "~/models/api/calls.server";
import { dashboardCalls, toDashboardStats } from "~/models/analytics/api.server";
import { getDashboardStats } from "~/models/analytics/dashboard.server";

export const { loader, action } = apiRoute({
  GET: apiCall(dashboardCalls.stats, async () => toDashboardStats(await getDashboardStats())),
});
