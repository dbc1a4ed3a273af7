import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { usePendingFormData } from "~/hooks/use-is-pending";
import type { ListedSession } from "~/models/auth/devices";
import { formatDateTime } from "~/utils/dates";

/*
 * Decision 164: an account's open sessions, on /profile/security for its owner and on the
 * account's page for an administrator. Each is a plain form (works without JavaScript) posting
 * `intent` and the session's handle, never its id.
 */

export const END_SESSION_INTENT = "end-session";

export function SessionList({
  sessions,
  title,
  intro,
  endAll,
}: {
  sessions: ListedSession[];
  title: string;
  intro: string;
  /** The button that ends the rest: 'Cerrar todas las demás' (the owner), 'Cerrar todas'. */
  endAll: { intent: string; label: string; shown: boolean };
}) {
  const pendingForm = usePendingFormData();
  const endingAll = pendingForm?.get("intent") === endAll.intent;
  return (
    <section aria-labelledby="sesiones" className="max-w-2xl space-y-3">
      <h2 id="sesiones" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-fg-muted text-sm">{intro}</p>
      {sessions.length === 0 ? (
        <p className="text-fg-muted text-sm">No hay sesiones abiertas.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {sessions.map((session) => (
            <SessionItem key={session.handle} session={session} />
          ))}
        </ul>
      )}
      {endAll.shown ? (
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value={endAll.intent}
            variant="secondary"
            size="sm"
            disabled={endingAll}
          >
            {endingAll ? "Cerrando..." : endAll.label}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function SessionItem({ session }: { session: ListedSession }) {
  const pendingForm = usePendingFormData();
  const ending =
    pendingForm?.get("intent") === END_SESSION_INTENT &&
    pendingForm.get("session") === session.handle;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="space-y-1 text-sm">
        <p className="font-semibold">
          {session.device} {session.current ? <Badge variant="success">Este equipo</Badge> : null}
        </p>
        <p>{session.network}</p>
        <dl className="text-fg-muted grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt>Inicio:</dt>
          <dd>{formatDateTime(session.createdAt)}</dd>
          <dt>Último uso:</dt>
          <dd>{formatDateTime(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {session.current ? null : (
        <Form method="post">
          <input type="hidden" name="session" value={session.handle} />
          <Button
            type="submit"
            name="intent"
            value={END_SESSION_INTENT}
            variant="danger"
            size="sm"
            aria-label={`Cerrar la sesión de ${session.device}, último uso ${formatDateTime(session.lastSeenAt)}`}
            disabled={ending}
          >
            {ending ? "Cerrando..." : "Cerrar"}
          </Button>
        </Form>
      )}
    </li>
  );
}
