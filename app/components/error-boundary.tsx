import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccessDeniedScreen, ErrorScreen, NotFoundScreen } from "~/components/error-screen";
import { MaintenanceScreen } from "~/components/maintenance-screen";

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
  // D35: the maintenance gate answers 503 with the store's contact details.
  503: ({ error }) =>
    error.data?.maintenance ? (
      <MaintenanceScreen
        contactEmail={error.data.contactEmail}
        contactPhone={error.data.contactPhone}
      />
    ) : (
      <UnexpectedError />
    ),
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
 * 403, 404 and 503 (maintenance) have the store's screens; anything else is a 500.
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
