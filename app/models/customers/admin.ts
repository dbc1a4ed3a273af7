/* Client-safe pieces of the customers screen (the browser renders them; customers/admin.server.ts reads). */

export const ROLE_FILTERS = ["all", "customer", "admin"] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

export const ROLE_FILTER_LABELS: Record<RoleFilter, string> = {
  all: "Todos",
  customer: "Clientes",
  admin: "Administradores",
};

/**
 * What the customers screens (admin.users_.$userId, admin.users_.new, the delete page) and the
 * /api/users calls say when a change is refused: written once, so both say the same.
 */
export const ADMIN_USER_REFUSALS = {
  notFound: "Usuario no encontrado",
  lastAdmin: "Es el único administrador activo de la tienda: nombra a otro administrador antes.",
  emailTaken: "Ya existe una cuenta con este correo electrónico.",
  selfRole: "No puedes cambiar tu propio rol.",
  selfBlock: "No puedes bloquear tu propia cuenta.",
  selfPassword: "Cambia tu propia contraseña desde tu perfil.",
} as const;

/** The delete page's refusals (deleteUserByAdmin's codes). */
export const DELETE_USER_REFUSALS = {
  "not-found": "El usuario ya no existe.",
  self: "No puedes eliminar tu propia cuenta desde el panel.",
  blocked: "El usuario está bloqueado.",
  "last-admin": "Es el único administrador activo de la tienda: nombra a otro administrador antes.",
  "open-orders":
    "El usuario tiene pedidos en curso. Podrás eliminarlo cuando se entreguen o se cancelen.",
} as const;
