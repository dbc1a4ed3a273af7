import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Devoluciones"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Devoluciones" },
];

// backoffice.md §2: the CMS page "returns" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("returns")) ?? null });
}

export default function ReturnsRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Devoluciones"
      fallback="Aceptamos devoluciones dentro de 7 días de la entrega, con el producto sellado."
    />
  );
}
