import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CmsPagesTable } from "~/components/cms-pages-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CMS_TABS } from "~/models/content/cms";
import { listCmsPages } from "~/models/content/cms.server";
import { requireAdmin } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ pages: await listCmsPages("legal") });
}

export default function CmsLegalTab() {
  const { pages } = useLoaderData<typeof loader>();
  return <CmsPagesTable pages={pages} returnTo={CMS_TABS["legal"].to} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
