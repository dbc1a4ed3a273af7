import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";
import { getUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Mis Favoritos | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return json({ signedIn: Boolean(user) });
}

// backoffice.md §2 Favorites: visitors get a prompt to sign in. The list comes with the catalogue issue.
export default function WishlistRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <Page title="Mis Favoritos">
      {signedIn ? (
        <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
      ) : (
        <div className="border-border rounded-2xl border p-6">
          <p>Inicia sesión para guardar y ver tus perfumes favoritos.</p>
          <Link
            to="/login?redirectTo=%2Fwishlist"
            className={`${buttonClasses("primary", "md")} mt-4`}
          >
            Iniciar Sesión
          </Link>
        </div>
      )}
    </Page>
  );
}
