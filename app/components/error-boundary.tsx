import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccessDeniedScreen, ErrorScreen, NotFoundScreen } from "~/components/error-screen";

type StatusHandler = (info: { error: ErrorResponse; message: string | undefined }) => ReactNode;

/** The `message` of a response thrown by `invariantResponse` (or any JSON error body). */
function messageOf(error: ErrorResponse): string | undefined {
  const data: unknown = error.data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return undefined;
}

const defaultStatusHandlers: Record<number, StatusHandler> = {
  403: ({ message }) => <AccessDeniedScreen message={message} />,
  404: () => <NotFoundScreen />,
  // D35's maintenance 503 never gets here: app/entry.server.tsx sends a static page for it, and
  // handleDataRequest turns a client-side navigation into a document load.
};

/**
 * Refusals that carry their reason (a body too large or malformed, a busy server): the screen
 * says it, under the status's own title, instead of 'Algo salió mal'. A form posted without
 * JavaScript lands here when the server refuses it before the route's action can answer.
 */
const REFUSAL_TITLES: Record<number, string> = {
  400: "Solicitud no válida",
  413: "Contenido demasiado grande",
  415: "Solicitud no válida",
  429: "Demasiados intentos",
  503: "Servicio ocupado",
};

const UNEXPECTED = "Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.";

function UnexpectedError({ message = UNEXPECTED }: { message?: string }) {
  return <ErrorScreen status={500} title="Algo salió mal" message={message} />;
}

/**
 * The one error boundary: every route's `ErrorBoundary` renders it, passing handlers only for
 * the statuses it words its own way ('Producto no encontrado', 'Pedido no encontrado').
 * 403 and 404 have the store's screens; a refusal with its reason (REFUSAL_TITLES) says it;
 * anything else is a 500, said in the route's own words when it has them
 * (`unexpectedMessage`: the profile's 'No se pudo cargar la información del perfil.').
 */
export function GeneralErrorBoundary({
  statusHandlers,
  unexpectedMessage,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  unexpectedMessage?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status];
    if (handler) return <>{handler({ error, message: messageOf(error) })}</>;
    const title = REFUSAL_TITLES[error.status];
    const message = messageOf(error) ?? (typeof error.data === "string" ? error.data : undefined);
    if (title && message)
      return <ErrorScreen status={error.status} title={title} message={message} />;
  }
  return <UnexpectedError message={unexpectedMessage} />;
}
