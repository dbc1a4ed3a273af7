import { endUserSession, endUserSessions, listUserSessions } from "~/models/auth/sessions.server";
import { getSession } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * Decision 164: the forms of the sessions list (components/auth/session-list.tsx). The owner
 * (/profile/security) ends one of the account's other sessions or all of them but this one; an
 * administrator (the account's page) ends one or all. A handle names a session of THAT account
 * only: another's, or the asker's own, ends nothing.
 */

/** The post's intents; a route hands the post here when `isSessionIntent` says it is one. */
export const SESSION_INTENTS = ["end-session", "end-other-sessions", "end-all-sessions"] as const;

export function isSessionIntent(intent: unknown): intent is (typeof SESSION_INTENTS)[number] {
  return SESSION_INTENTS.some((known) => known === intent);
}

/** The account's open sessions, the asking request's own marked as 'este equipo'. */
export async function sessionsOf(request: Request, userId: number) {
  const { id } = await getSession(request);
  return listUserSessions(userId, { currentSid: id || undefined });
}

function sessionCount(count: number) {
  return count === 1 ? "1 sesión" : `${count} sesiones`;
}

/**
 * Ends what the post asks, among `userId`'s sessions, and answers with a toast on `here`. The
 * asking session is never ended here (`end-all-sessions` too keeps it: an administrator on
 * their own page stays signed in).
 */
export async function endSessions(
  request: Request,
  form: FormData,
  { userId, here }: { userId: number; here: string },
) {
  const current = (await getSession(request)).id || undefined;
  const intent = form.get("intent");
  if (intent === "end-session") {
    const ended = await endUserSession(userId, String(form.get("session") ?? ""), {
      keepSid: current,
    });
    return redirectWithToast(
      request,
      here,
      ended
        ? {
            title: "Sesión cerrada",
            description: "Ese equipo tendrá que volver a iniciar sesión.",
          }
        : {
            type: "error",
            title: "No se pudo cerrar la sesión",
            description: "La sesión no existe o ya estaba cerrada.",
          },
    );
  }
  // Without a session of its own (a cookie that lost its row meanwhile) nothing is kept; the
  // asker was signed in by that session, so there is always one.
  if (!current) {
    return redirectWithToast(request, here, { type: "error", title: "Solicitud inválida" });
  }
  const count = await endUserSessions(userId, { keepSid: current });
  const others = intent === "end-other-sessions";
  if (count === 0) {
    return redirectWithToast(request, here, {
      type: "info",
      title: "Sin cambios",
      description: others ? "No había otras sesiones abiertas." : "No había sesiones abiertas.",
    });
  }
  return redirectWithToast(request, here, {
    title: "Sesiones cerradas",
    description: others
      ? `Cerramos ${sessionCount(count)} en otros equipos.`
      : `Se cerraron ${sessionCount(count)}.`,
  });
}
