import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Garantía de Autenticidad"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Garantía de Autenticidad" },
];

// backoffice.md §2: the CMS page "warranty" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("warranty")) ?? null });
}

export default function AuthenticityRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Garantía de Autenticidad"
      fallback="Todos nuestros perfumes son 100% originales, adquiridos a distribuidores autorizados."
    />
  );
}
