import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary as GeneralErrorBoundaryOnServer } from "~/components/error-boundary-render.server";
import { InlineStylesheet } from "~/components/inline-stylesheet";
import { LoadingBar } from "~/components/loading-bar";
import { ToastCard as ToastCardOnServer } from "~/components/toast-card-render.server";
import { Toaster } from "~/components/toaster";
import { getSettings } from "~/models/settings/settings.server";
import { getHeaderCounts } from "~/models/customers/header-counts.server";
import { isBlockedByMaintenance, maintenanceResponse } from "~/web/maintenance.server";
import { useNonce } from "~/utils/nonce";
import { useRootData } from "~/hooks/use-root-data";
import { getShopper } from "~/web/shopper.server";
import { isLiteMode } from "~/utils/save-data.server";
import { getTheme } from "~/utils/theme.server";
import { takeToast } from "~/web/toast.server";
import { ShownLaterBoundary, shownLater } from "~/utils/shown-later";

/*
 * The error screens load when one is shown (decision 112): the server renders them at once, and
 * the browser hydrates that HTML, or shows a failure met while browsing, once their code
 * arrives. Should it not arrive (the connection is gone), one line says so.
 */
const GeneralErrorBoundary = shownLater(
  GeneralErrorBoundaryOnServer,
  () => import("~/components/error-boundary").then((module) => module.GeneralErrorBoundary),
  ConnectionLost,
);

/* A toast's card loads when one is shown (toaster.tsx); most pages open without one. */
const ToastCard = shownLater(ToastCardOnServer, () =>
  import("~/components/toast-card").then((module) => module.ToastCard),
);

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Perfumería de Lujo | Perfumes originales en Honduras" },
  {
    name: "description",
    content:
      "Perfumes originales de diseñador y nicho con envío a toda Honduras. Paga por transferencia y recibe en casa o recoge en tienda.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const settings = await getSettings();
  if (await isBlockedByMaintenance(request)) {
    throw maintenanceResponse({
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
    });
  }
  const [{ user, shopper, session }, theme, liteMode] = await Promise.all([
    getShopper(request),
    getTheme(request),
    isLiteMode(request),
  ]);
  const [{ toast, headers }, counts] = await Promise.all([
    takeToast(request, session),
    getHeaderCounts(shopper),
  ]);
  return json(
    {
      user: user
        ? {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            role: user.role,
          }
        : null,
      theme,
      liteMode,
      toast,
      // The footer's year in Honduras (UTC−6 all year, D6), so the server and the browser print
      // the same one. Not from ~/utils/dates: an import the loader alone uses still adds its
      // chunk to every page's first load (decision 111).
      year: new Date(Date.now() - 6 * 60 * 60 * 1000).getUTCFullYear(),
      counts,
      settings: {
        siteName: settings.siteName,
        address: settings.contactAddress,
        phone: settings.contactPhone,
        email: settings.contactEmail,
        whatsapp: settings.contactWhatsapp,
        facebookUrl: settings.facebook_url,
        instagramUrl: settings.instagram_url,
        tiktokUrl: settings.tiktok_url,
        companyDescription: settings.company_description,
        freeShippingThreshold: settings.free_shipping_threshold,
        taxPercentage: settings.tax_percentage,
      },
    },
    headers ? { headers } : undefined,
  );
}

// A 429's or 503's Retry-After reaches the document through app/entry.server.tsx: this
// function sees only the root's own loader and action headers, not the page's.
export const headers: HeadersFunction = ({ loaderHeaders }) =>
  new Headers({ Vary: loaderHeaders.get("Vary") ?? "Cookie" });

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const theme = data?.theme ?? "system";
  const inStore = useMatches().some((match) => match.id === "routes/_store");
  return (
    <html lang="es-HN" className={theme === "system" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="bg-canvas text-fg min-h-screen antialiased">
        <LoadingBar />
        {children}
        {/* The store's pages show it in their header (_store.tsx), clear of their buttons. */}
        {inStore ? null : <Toaster toast={data?.toast ?? null} Card={ToastCard} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // The document says when React has hydrated it (the e2e tests of what JavaScript adds wait
  // for it; a shopper's taps before then are the forms' own posts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <ShownLaterBoundary>
      <GeneralErrorBoundary />
    </ShownLaterBoundary>
  );
}

function ConnectionLost() {
  return (
    <p role="alert" className="px-4 py-16 text-center">
      No se pudo mostrar esta página. Revisa tu conexión y vuelve a cargarla.
    </p>
  );
}
