import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Catálogo de Perfumes | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname });
}

// The catalogue is built by the catalogue issue.
export default function CatalogRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Catálogo de Perfumes">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
