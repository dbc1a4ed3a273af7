import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/error-screen";

/** 'Producto no encontrado' for a product that does not exist or is no longer sold. */
export function ProductErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorScreen
            status={404}
            title="Producto no encontrado"
            message="El perfume que buscas no existe o ya no está disponible."
            action={{ to: "/catalog", label: "Volver al catálogo" }}
          />
        ),
      }}
    />
  );
}
