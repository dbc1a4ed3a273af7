import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/components/page";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Mi Cuenta | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return json({ path: new URL(request.url).pathname });
}

// Built by the account issue.
export default function AccountRoute() {
  useLoaderData<typeof loader>();
  return (
    <Page title="Mi Cuenta">
      <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </Page>
  );
}
