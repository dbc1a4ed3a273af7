import { useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { AccessDeniedScreen, ErrorScreen, NotFoundScreen } from "~/components/error-screen";

// Any path no route claims: the spec's 404 screen, inside the store's header and footer.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDeniedScreen />;
  return (
    <ErrorScreen
      status={500}
      title="Algo salió mal"
      message="Inténtalo de nuevo en unos minutos."
    />
  );
}
