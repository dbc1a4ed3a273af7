/*
 * Client-safe wording of the customer's own account (storefront.md §5, backoffice.md §2, §5):
 * the Spanish messages of the account forms and of the model's refusal codes. The forms'
 * schemas are their actions' (account-forms.server.ts): the browser shows the server's reply
 * (decision 109).
 */

export const PROFILE_MESSAGES = {
  updated: "Perfil actualizado",
  addressesUpdated: "Direcciones actualizadas",
  passwordUpdated: "Contraseña actualizada",
  wrongPassword: "La contraseña actual es incorrecta",
  deleted: "Cuenta eliminada",
} as const;

/**
 * Decision 129: a sensitive change of the customer's own account (a new sign-in e-mail, a new
 * password, deleting it) asks for the current password; a new e-mail waits for its link.
 */
export const ACCOUNT_CHANGE_MESSAGES = {
  passwordRequired: "Contraseña actual requerida",
  noPasswordForEmail:
    "Tu cuenta entra con Google: crea una contraseña en la pestaña Seguridad antes de cambiar tu correo.",
  noPasswordForDelete:
    "Tu cuenta entra con Google: crea una contraseña en la pestaña Seguridad antes de eliminar tu cuenta.",
  tooMany: "Demasiados intentos con la contraseña. Inténtalo de nuevo en una hora.",
  /** The same answer whether or not the address already has an account. */
  emailLinkSent: (email: string) =>
    `Te enviamos un enlace a ${email}. Síguelo para confirmar tu nuevo correo; hasta entonces entras con el actual.`,
  pending: (email: string) =>
    `Cambio de correo pendiente: sigue el enlace que enviamos a ${email} para confirmarlo.`,
  confirmTitle: "Confirma tu nuevo correo",
  confirmButton: "Confirmar mi nuevo correo",
  confirmed: "Correo actualizado",
  confirmedDescription: (email: string) => `Desde ahora entras con ${email}.`,
  undoTitle: "Deshacer el cambio de correo",
  undoButton: "Deshacer el cambio",
  undone: "Cambio de correo deshecho",
  undoneDescription: (email: string) =>
    `Tu cuenta vuelve a entrar con ${email}. Cerramos todas sus sesiones: inicia sesión y crea una contraseña nueva.`,
  invalidLink: "Este enlace no es válido o ya venció.",
  taken: "Ese correo ya es el de otra cuenta: no pudimos cambiarlo.",
  undoTaken:
    "Tu correo anterior ya es el de otra cuenta: no pudimos volver a él. Contacta a soporte.",
} as const;

/** The answers of a current-password check that refuse (checkCurrentPassword's codes). */
export function passwordCheckMessage(
  check: "missing" | "wrong-password" | "no-password" | "too-many",
  purpose: "email" | "delete",
) {
  if (check === "missing") return ACCOUNT_CHANGE_MESSAGES.passwordRequired;
  if (check === "too-many") return ACCOUNT_CHANGE_MESSAGES.tooMany;
  if (check === "wrong-password") return PROFILE_MESSAGES.wrongPassword;
  return purpose === "email"
    ? ACCOUNT_CHANGE_MESSAGES.noPasswordForEmail
    : ACCOUNT_CHANGE_MESSAGES.noPasswordForDelete;
}

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
