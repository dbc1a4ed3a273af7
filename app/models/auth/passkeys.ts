/*
 * Passkeys (decision 165), what the browser may know too: the limits of a name and the Spanish
 * words of each refusal. The rules are passkeys.server.ts's.
 */

/** What the owner may call a passkey: trimmed, at most this many characters. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** An account keeps at most this many passkeys: enough for every device a person owns. */
export const MAX_PASSKEYS_PER_ACCOUNT = 10;

/** A passkey as its owner's list shows it. */
export type ListedPasskey = {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/** Why a passkey ceremony was refused (the model's and the web layer's codes). */
export type PasskeyRefusal =
  | "too-many"
  | "invalid"
  | "unknown"
  | "expired"
  | "already-registered"
  | "needs-verification"
  | "too-large";

const MESSAGES: Record<PasskeyRefusal, string> = {
  "too-many": `Tu cuenta ya tiene ${MAX_PASSKEYS_PER_ACCOUNT} llaves de acceso. Elimina una que no uses para agregar otra.`,
  invalid: "No pudimos verificar la llave de acceso. Inténtalo de nuevo.",
  unknown:
    "Esta llave de acceso no está registrada en la tienda (quizás la eliminaste). Entra con tu correo y contraseña.",
  expired: "La solicitud venció o ya se usó. Inténtalo de nuevo.",
  "already-registered": "Esta llave de acceso ya está registrada.",
  "needs-verification":
    "Tu llave de acceso no verificó tu identidad (PIN, huella o rostro), y una cuenta de administrador la necesita.",
  "too-large": "El contenido enviado es demasiado grande.",
};

export function passkeyRefusalMessage(code: PasskeyRefusal) {
  return MESSAGES[code];
}
