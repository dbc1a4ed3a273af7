import { z } from "zod/v4";
import { centavos, defineCall } from "~/web/api/calls.server";
import type { DashboardStats } from "~/models/analytics/dashboard.server";

/*
 * The back office's dashboard figures (backoffice.md §7 GET /api/admin/stats): the six cards of
 * /admin, read by the dashboard's own getDashboardStats. Money is in centavos (L 1 = 100).
 */

export const dashboardStatsSchema = z
  .object({
    todaySales: centavos.describe("Ventas de hoy (hora de Honduras)."),
    pendingOrders: z.number().int(),
    totalProducts: z.number().int().describe("Productos activos."),
    totalUsers: z.number().int(),
    lowStockProducts: z
      .number()
      .int()
      .describe("Productos activos con inventario en o bajo `stockThreshold`."),
    stockThreshold: z.number().int().describe("El umbral de inventario bajo de la configuración."),
    totalSales: centavos,
  })
  .meta({ id: "DashboardStats" });

export function toDashboardStats({ activeProducts, ...stats }: DashboardStats) {
  return { ...stats, totalProducts: activeProducts };
}

export const dashboardCalls = {
  stats: defineCall({
    method: "GET",
    path: "/api/admin/stats",
    tag: "Administración",
    summary: "Las cifras del panel",
    description: "Las tarjetas de /admin: las mismas cifras que muestra el panel.",
    access: "admin",
    response: dashboardStatsSchema,
  }),
};
