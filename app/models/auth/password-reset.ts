/*
 * Decision 105: what /forgot-password and /reset-password say. Their forms' schemas are the
 * actions' (password-reset.server.ts, decision 109). The answer to a request is the same whether
 * or not the address has an account.
 */

export const PASSWORD_RESET_MESSAGES = {
  requested:
    "Si el correo corresponde a una cuenta, te enviamos un enlace para crear una contraseña nueva. El enlace vale una hora y sirve una sola vez; revisa también la carpeta de correo no deseado.",
  tooMany:
    "Demasiadas solicitudes para restablecer la contraseña. Espera una hora e inténtalo de nuevo.",
  invalidLink:
    "Este enlace para restablecer la contraseña no es válido o ya venció. Cada enlace vale una hora y sirve una sola vez: pide uno nuevo.",
  noEmail:
    "Por ahora la tienda no envía correos. Para recuperar el acceso a tu cuenta, escríbenos y te ayudamos:",
  done: "Contraseña actualizada",
  doneDescription: "Ya iniciaste sesión. Cerramos tu sesión en los demás dispositivos.",
} as const;
