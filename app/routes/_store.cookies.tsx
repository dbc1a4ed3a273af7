import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getPolicyPage } from "~/models/content/static-pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data?.page ?? data?.fallback;
  return [
    { title: `${page?.title ?? "Política de Cookies"} | Perfumería de Lujo` },
    { name: "description", content: page?.metaDescription ?? "Política de Cookies" },
  ];
};

// backoffice.md §2: the CMS page "cookies" when it is active, otherwise the built-in text.
export async function loader() {
  return json(await getPolicyPage("cookies"));
}

export default function CookiesRoute() {
  const { page, fallback } = useLoaderData<typeof loader>();
  return <ContentPage page={page} fallback={fallback} lastUpdated />;
}
