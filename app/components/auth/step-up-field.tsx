import { Field } from "~/components/ui/input";

/** The field's name: web/two-factor.server.ts reads it (STEP_UP_FIELD). */
const STEP_UP_FIELD = "stepUpCode";

/**
 * Decision 163: the code a dangerous form carries when the session's last one is older than 10
 * minutes (its loader says `needed`). Drawn by the server, so it works without JavaScript. Not
 * `required`: on a form where only some changes ask for it (the settings), the action decides.
 */
export function StepUpField({ needed, id }: { needed: boolean; id: string }) {
  if (!needed) return null;
  return (
    <Field
      id={id}
      name={STEP_UP_FIELD}
      label="Código de verificación"
      hint="Por seguridad, este cambio pide el código de 6 dígitos de tu aplicación de autenticación (o un código de recuperación)."
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
    />
  );
}
