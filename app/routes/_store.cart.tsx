import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Carrito de Compras | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname });
}

// D10: guests may use the cart. Built by the buying issue.
export default function CartRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Carrito de Compras">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
