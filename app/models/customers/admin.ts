/* Client-safe pieces of the customers screen (the browser renders them; customers/admin.server.ts reads). */

export const ROLE_FILTERS = ["all", "customer", "admin"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  all: "Todos",
  customer: "Clientes",
  admin: "Administradores",
};
