import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";

/** The error boundary of the order pages: 'Pedido no encontrado' for a 404 (D15). */
export function OrderNotFoundBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <Page title="Pedido no encontrado">
            <Link to="/" className={buttonClasses("secondary")}>
              Volver al inicio
            </Link>
          </Page>
        ),
      }}
    />
  );
}
