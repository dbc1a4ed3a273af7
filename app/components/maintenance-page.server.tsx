import { useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { telUrl } from "~/utils/phone";

export type MaintenanceScreenProps = { contactEmail: string; contactPhone: string };

const CLICKS_KEY = "adminAccessClicks";
const CLICKS_TO_OPEN = 5;

/** storefront.md §2 "Maintenance screen"; the route answers 503 with Retry-After (D35). */
export function MaintenanceScreen({ contactEmail, contactPhone }: MaintenanceScreenProps) {
  const location = useLocation();
  return (
    <main className="bg-canvas grid min-h-dvh place-items-center px-4 py-12">
      <div className="border-border bg-surface w-full max-w-lg rounded-2xl border p-8 text-center shadow-sm sm:p-10">
        <span
          aria-hidden="true"
          className="bg-accent font-display text-accent-fg mx-auto grid size-16 place-items-center rounded-full text-3xl font-semibold"
        >
          P
        </span>
        <p className="font-display text-accent mt-3 text-lg tracking-wide">Perfumería de Lujo</p>
        <h1 className="font-display text-fg mt-6 text-3xl font-semibold">Sitio en Mantenimiento</h1>
        <p className="text-fg-muted mt-4">
          Estamos realizando mejoras para ofrecerte una mejor experiencia. Nuestro sitio estará
          disponible nuevamente muy pronto.
        </p>
        <p className="text-fg mt-6 font-medium">Regresa pronto</p>

        <div className="bg-surface-muted mt-6 rounded-lg p-4 text-sm">
          <p className="text-fg-muted">Necesitas ayuda urgente? Contáctanos:</p>
          <p className="mt-2 flex flex-col items-center gap-1">
            <a href={`mailto:${contactEmail}`} className="text-accent break-all underline">
              {contactEmail}
            </a>
            <a href={telUrl(contactPhone)} className="text-accent underline">
              {contactPhone}
            </a>
          </p>
        </div>

        {/*
          A plain (not Remix) GET form of the same URL reloads the page with or without JS, and,
          unlike location.reload(), never re-sends a POST. The query string rides along as fields.
        */}
        <form method="get" action={location.pathname} className="mt-8">
          {[...new URLSearchParams(location.search)].map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClasses()}>
            Intentar de Nuevo
          </button>
        </form>

        <AdminAccessButton />
      </div>
    </main>
  );
}

/**
 * The spec's hidden door for admins: five clicks (counted in localStorage) open /admin-access.
 * Without JS it does nothing; an admin can always type the address.
 */
function AdminAccessButton() {
  function handleClick() {
    let clicks = CLICKS_TO_OPEN;
    try {
      clicks = (Number(window.localStorage.getItem(CLICKS_KEY)) || 0) + 1;
      window.localStorage.setItem(CLICKS_KEY, String(clicks >= CLICKS_TO_OPEN ? 0 : clicks));
    } catch {
      // Storage blocked (private mode): let the first click through rather than lock admins out.
    }
    // A full document load: the server decides what /admin-access shows in maintenance mode.
    if (clicks >= CLICKS_TO_OPEN) window.location.assign("/admin-access");
  }

  return (
    <button
      type="button"
      title="Acceso administrativo"
      aria-label="Acceso administrativo"
      onClick={handleClick}
      className="font-display text-fg mx-auto mt-8 grid size-8 place-items-center rounded-full text-sm opacity-10 hover:opacity-25 focus-visible:opacity-100"
    >
      P
    </button>
  );
}
