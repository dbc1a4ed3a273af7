import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Seguimiento de Pedido | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname });
}

// D32: built by the buying issue.
export default function TrackOrderRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Seguimiento de Pedido">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
