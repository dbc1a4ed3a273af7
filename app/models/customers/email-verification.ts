/*
 * Decision 106: what the store says about verifying an account's e-mail (client-safe: the
 * checkout and the account pages show it).
 */
export const EMAIL_VERIFICATION_MESSAGES = {
  checkoutRefused:
    "Verifica tu correo electrónico antes de hacer un pedido: sigue el enlace que te enviamos al crear tu cuenta.",
  banner:
    "Tu correo electrónico no está verificado. Sigue el enlace que te enviamos para poder hacer pedidos.",
  resend: "Reenviar correo de verificación",
  resent: "Te enviamos un nuevo enlace de verificación",
  resentDescription: "Revisa tu bandeja de entrada y la carpeta de correo no deseado.",
  alreadyVerified: "Tu correo electrónico ya está verificado",
  tooMany: "Ya te enviamos varios enlaces. Espera una hora antes de pedir otro.",
  verified: "Correo verificado",
  verifiedDescription: "Gracias. Ya puedes hacer pedidos.",
  invalidLink:
    "Este enlace de verificación no es válido o ya venció. Inicia sesión y pide uno nuevo desde tu cuenta.",
} as const;

/** What asking for the verification e-mail came to (`requestVerificationEmail`). */
export type VerificationRequest = "sent" | "already-verified" | "no-mail" | "too-many";

/** The toast that says it, the same from every page that offers the button; none without mail. */
export function verificationRequestToast(
  result: VerificationRequest,
): { type?: "error"; title: string; description?: string } | null {
  switch (result) {
    case "already-verified":
      return { title: EMAIL_VERIFICATION_MESSAGES.alreadyVerified };
    case "no-mail":
      return null;
    case "too-many":
      return { type: "error", title: EMAIL_VERIFICATION_MESSAGES.tooMany };
    case "sent":
      return {
        title: EMAIL_VERIFICATION_MESSAGES.resent,
        description: EMAIL_VERIFICATION_MESSAGES.resentDescription,
      };
  }
}
