import { apiCall, apiRoute } from "~/web/api/calls.server";
import { dashboardCalls, toDashboardStats } from "~/web/api/calls/analytics.server";
import { getDashboardStats } from "~/models/analytics/dashboard.server";

export const { loader, action } = apiRoute({
  GET: apiCall(dashboardCalls.stats, async () => toDashboardStats(await getDashboardStats())),
});
