import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getPolicyPage } from "~/models/content/static-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data?.page ?? data?.fallback;
  return [
    { title: `${page?.title ?? "Términos y Condiciones"} | Perfumería de Lujo` },
    { name: "description", content: page?.metaDescription ?? "Términos y Condiciones" },
  ];
};

// backoffice.md §2: the CMS page "terms" when it is active, otherwise the built-in text.
export async function loader() {
  return json(await getPolicyPage("terms"));
}

export default function TermsRoute() {
  const { page, fallback } = useLoaderData<typeof loader>();
  return <ContentPage page={page} fallback={fallback} lastUpdated />;
}
