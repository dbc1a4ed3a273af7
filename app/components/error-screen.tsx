import { Link } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { Monogram } from "~/components/monogram";
import { buttonClasses } from "~/components/ui/button";

export type ErrorScreenProps = {
  status: number;
  title: string;
  /** Inline content (it sits inside a paragraph). */
  message: ReactNode;
  /** A way out, shown as a button-styled link. */
  action?: { to: string; label: string };
  /** Extra lines under the message. */
  children?: ReactNode;
};

/** True inside a layout whose own <main> holds its pages and their errors (the admin shell). */
export const InsideMain = createContext(false);

/**
 * The page's <main id="main"> where no layout gives one (the store's pages each draw their own,
 * and an error replaces it), so 'Saltar al contenido' lands on it (issue 39); a plain block
 * inside a layout's <main>.
 */
export function ErrorScreen({ status, title, message, action, children }: ErrorScreenProps) {
  const Landmark = useContext(InsideMain) ? "div" : "main";
  return (
    <Landmark
      id={Landmark === "main" ? "main" : undefined}
      className="grid min-h-[60dvh] place-items-center px-4 py-16"
    >
      <div className="max-w-md text-center">
        <Monogram size="md" />
        <div className="mt-6">
          {title.includes(String(status)) ? null : (
            <p className="text-accent mb-2 text-sm font-semibold tracking-widest uppercase">
              Error {status}
            </p>
          )}
          <h1 className="font-display text-fg text-3xl font-semibold">{title}</h1>
        </div>
        <p className="text-fg-muted mt-4">{message}</p>
        {children}
        {action ? (
          <Link to={action.to} className={`${buttonClasses()} mt-8`}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </Landmark>
  );
}

/**
 * The not-found screen, in Spanish (issue 21 replaces the English lines storefront.md §2
 * quoted, decision 097), with the catalogue as a second way out.
 */
export function NotFoundScreen() {
  return (
    <ErrorScreen
      status={404}
      title="Página no encontrada"
      message="La página que buscas no existe o cambió de dirección."
      action={{ to: "/", label: "Volver al inicio" }}
    >
      <p className="mt-2">
        <Link to="/catalog" className="text-accent underline underline-offset-4">
          Ver el catálogo
        </Link>
      </p>
    </ErrorScreen>
  );
}

export type AccessDeniedScreenProps = { message?: string };

export function AccessDeniedScreen({
  message = "No tienes permisos para acceder al panel administrativo.",
}: AccessDeniedScreenProps) {
  return (
    <ErrorScreen
      status={403}
      title="Acceso Denegado"
      message={message}
      action={{ to: "/", label: "Volver a la tienda" }}
    />
  );
}
