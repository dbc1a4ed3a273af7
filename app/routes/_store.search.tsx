import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Buscar | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname });
}

// Mobile search is built by the catalogue issue.
export default function SearchRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Buscar">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
