import { renderToStaticMarkup } from "react-dom/server";
import { InlineStylesheet, StylesheetProvider } from "~/components/inline-stylesheet";
import { Monogram } from "~/components/monogram";
import { buttonClasses } from "~/components/ui/button";
import { inlineStylesheet } from "~/utils/stylesheet.server";
import { telUrl } from "~/utils/phone";

export type MaintenanceContact = { contactEmail: string; contactPhone: string };

const CLICKS_KEY = "adminAccessClicks";
const CLICKS_TO_OPEN = 5;

/**
 * storefront.md §2 "Maintenance screen", as a whole document with no Remix scripts: the 503 is
 * static but for the admins' hidden door, which a few lines of inline script open (with the
 * response's nonce), so none of this reaches the store's JavaScript. The route answers 503 with
 * Retry-After (D35); app/entry.server.tsx sends this page in place of the app's.
 */
export function renderMaintenancePage({
  contact,
  url,
  links,
  nonce,
}: {
  contact: MaintenanceContact;
  url: URL;
  /** The root route's links (the icon); the stylesheet is inline, as on every page (070). */
  links: Array<{ rel: string; href: string; type?: string }>;
  nonce: string;
}) {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="es-HN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>Sitio en Mantenimiento | Perfumería de Lujo</title>
        <StylesheetProvider value={inlineStylesheet().text}>
          <InlineStylesheet />
        </StylesheetProvider>
        {links.map((link) => (
          <link key={link.href} rel={link.rel} href={link.href} type={link.type} />
        ))}
      </head>
      <body className="bg-canvas text-fg min-h-screen antialiased">
        <MaintenanceScreen {...contact} url={url} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: adminDoorScript }} />
      </body>
    </html>,
  )}`;
}

function MaintenanceScreen({ contactEmail, contactPhone, url }: MaintenanceContact & { url: URL }) {
  return (
    <main className="bg-canvas grid min-h-dvh place-items-center px-4 py-12">
      <div className="border-border bg-surface w-full max-w-lg rounded-2xl border p-8 text-center shadow-sm sm:p-10">
        <Monogram size="lg" />
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
        <form method="get" action={url.pathname} className="mt-8">
          {[...url.searchParams].map(([name, value], index) => (
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
  return (
    <button
      id="admin-access"
      type="button"
      title="Acceso administrativo"
      aria-label="Acceso administrativo"
      className="font-display text-fg mx-auto mt-8 grid size-8 place-items-center rounded-full text-sm opacity-10 hover:opacity-25 focus-visible:opacity-100"
    >
      P
    </button>
  );
}

// Storage blocked (private mode): the first click goes through rather than lock admins out.
// A full document load: the server decides what /admin-access shows in maintenance mode.
const adminDoorScript = `document.getElementById("admin-access").addEventListener("click", function () {
  var clicks = ${CLICKS_TO_OPEN};
  try {
    clicks = (Number(localStorage.getItem("${CLICKS_KEY}")) || 0) + 1;
    localStorage.setItem("${CLICKS_KEY}", String(clicks >= ${CLICKS_TO_OPEN} ? 0 : clicks));
  } catch (error) {}
  if (clicks >= ${CLICKS_TO_OPEN}) location.assign("/admin-access");
});`;
