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

function UnexpectedError() {
  return (
    <ErrorScreen
      status={500}
      title="Algo salió mal"
      message="Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos."
    />
  );
}

/**
 * The one error boundary: every route's `ErrorBoundary` renders it, passing handlers only for
 * the statuses it words its own way ('Producto no encontrado', 'Pedido no encontrado').
 * 403 and 404 have the store's screens; anything else is a 500.
 */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status];
    if (handler) return <>{handler({ error, message: messageOf(error) })}</>;
  }
  return <UnexpectedError />;
}
