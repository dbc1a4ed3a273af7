/*
 * Client-safe wording of the customer's own account (storefront.md §5, backoffice.md §2, §5):
 * the Spanish messages of the account forms and of the model's refusal codes. The forms'
 * schemas are their actions' (account-forms.server.ts): the browser shows the server's reply
 * (decision 109).
 */

export const PROFILE_MESSAGES = {
  updated: "Perfil actualizado",
  addressesUpdated: "Direcciones actualizadas",
  emailTaken: "Ya existe una cuenta con este correo electrónico. Usa otro.",
  passwordUpdated: "Contraseña actualizada",
  wrongPassword: "La contraseña actual es incorrecta",
  deleted: "Cuenta eliminada",
} as const;

export type DeleteAccountRefusal = "not-found" | "blocked" | "last-admin" | "open-orders";

/** What the customer (or, later, the admin screen) reads when a deletion is refused. */
export const DELETE_ACCOUNT_REFUSALS: Record<DeleteAccountRefusal, string> = {
  "not-found": "La cuenta ya no existe.",
  blocked:
    "Tu cuenta está bloqueada y no puede eliminarse. Contacta a soporte para más información.",
  "last-admin":
    "Eres el único administrador: nombra a otro administrador antes de eliminar tu cuenta.",
  "open-orders":
    "Tienes pedidos en curso. Podrás eliminar tu cuenta cuando se entreguen o se cancelen.",
};

/**
 * What /register answers to every accepted sign-up, whether the address was new or already had
 * an account (D41, decision 082): the seed's toast '¡Cuenta creada!' (storefront.md §2), and a
 * line true in both cases, so it tells no one which addresses are customers.
 */
export const REGISTRATION_RECEIVED = {
  title: "¡Cuenta creada!",
  description:
    "Si este correo no tenía cuenta, ya está creada: inicia sesión con la contraseña que elegiste. Si ya la tenía, inicia sesión con tu contraseña de siempre.",
} as const;

/** Past ten sign-ups from one IP within an hour, /register answers 429 (decision 082). */
export const TOO_MANY_REGISTRATIONS =
  "Demasiados registros desde esta conexión. Inténtalo de nuevo en una hora.";

/** The store's allowRegistrations setting is off: no new accounts, by form or by Google. */
export const REGISTRATION_CLOSED =
  "El registro de nuevas cuentas está deshabilitado temporalmente.";
