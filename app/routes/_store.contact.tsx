import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";

export const meta: MetaFunction = () => [{ title: "Contacto | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname });
}

// Built by the content issue.
export default function ContactRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Contacto">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
