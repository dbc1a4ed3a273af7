/*
 * The specification's quoted strings that the app does not show word for word (issue 36), each
 * with the decision that says why: a D-number of docs/spec/DECISIONS.md or a record of
 * docs/decisions/. Keep it short: a string the app can show belongs on its screen, not here.
 * spec-strings.test.ts fails for an entry the app shows after all, so the list never goes stale.
 */

export type Omitted = {
  /** The quote as the document writes it. */
  quote: string;
  /** `D40` (docs/spec/DECISIONS.md) or `125` (docs/decisions/125-…). */
  decision: string;
  why: string;
};

/** A number of the documents that the app reads from one setting or constant. */
export type Patterned = {
  quote: string;
  /** The quote with that number written as a placeholder (N). */
  pattern: string;
  decision: string;
  why: string;
};

export const OMITTED: Omitted[] = [
  {
    quote: "404 Page Not Found",
    decision: "D40",
    why: "a framework's placeholder; the store's 404 reads 'Página no encontrada'",
  },
  {
    quote: "Did you forget to add the page to the router?",
    decision: "D40",
    why: "a developer's hint, not a shopper's text",
  },
  {
    quote: "Login failed",
    decision: "D2",
    why: "the old client's English fallback for a failed fetch; the sign-in form posts to its action, which answers 'Error de inicio de sesión' with its reason",
  },
  {
    quote: "Registration failed",
    decision: "D2",
    why: "the old client's English fallback; /register's action answers in Spanish ('No se pudo crear la cuenta. Verifica que todos los datos sean correctos.')",
  },
  {
    quote: "Logout failed",
    decision: "D33",
    why: "logout is a form post that redirects home; there is no client call to fail",
  },
  {
    quote: "anonymous user",
    decision: "D10",
    why: "the spec's English description of the guest mark; the admin notes read 'Usuario anónimo (compra como invitado)'",
  },
  {
    quote: "last updated",
    decision: "125",
    why: "the spec's English description of the line 'Última actualización: …' of the policy pages",
  },
  {
    quote: "Recoger en Tienda",
    decision: "125",
    why: "the same label as 'Recoger en tienda', spelled one way on every customer screen",
  },
  {
    quote: "La nueva contraseña debe tener al menos 6 caracteres",
    decision: "D12",
    why: "passwords have at least 8 characters everywhere: '…al menos 8 caracteres'",
  },
  {
    quote: "Error al actualizar las notas",
    decision: "124",
    why: "the spec's PUT /api/users/{id}/notes is defined but unused; notes are added, never replaced (405)",
  },
  {
    quote: "Error al marcar como leído",
    decision: "125",
    why: "silent in the spec itself; opening a message marks it read in its page's loader, with nothing to show",
  },
  {
    quote: "Error al guardar la configuración",
    decision: "125",
    why: "the old whole-settings save; the settings screen saves one tab at a time, 'Error al guardar' / 'No se pudieron guardar los cambios.'",
  },
];

export const PATTERNED: Patterned[] = [
  {
    quote: "Necesitas al menos 10 puntos",
    pattern: "Necesitas al menos N puntos",
    decision: "D13",
    why: "the minimum is the loyalty_redeem_minimum setting, 10 by default",
  },
  {
    quote: "El mensaje debe tener al menos 10 caracteres",
    pattern: "El mensaje debe tener al menos N caracteres",
    decision: "125",
    why: "CONTACT_MESSAGE_MIN, the messages table's own CHECK",
  },
];
