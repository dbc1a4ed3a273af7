import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { getUser } from "~/utils/auth.server";
import { getSettings } from "~/models/settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // Route table: administrators get the dashboard at "/".
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  const settings = await getSettings();
  return json({ siteDescription: settings.siteDescription });
}

// The storefront front page from the data (featured, new, viral, brands) comes with the catalogue issue.
export default function HomeRoute() {
  const { siteDescription } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-16 text-center">
      <p className="text-accent text-sm font-medium tracking-[0.2em] uppercase">
        Perfumería de Lujo
      </p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">
        Perfumes originales en Honduras
      </h1>
      <p className="text-fg-muted mx-auto mt-4 max-w-2xl text-lg">{siteDescription}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/catalog" className={buttonClasses("primary", "lg")}>
          Ver catálogo
        </Link>
        <Link to="/productos-por-encargo" className={buttonClasses("secondary", "lg")}>
          Por encargo
        </Link>
      </div>
    </main>
  );
}
