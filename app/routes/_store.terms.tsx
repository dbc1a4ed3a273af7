import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Términos y Condiciones"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Términos y Condiciones" },
];

// backoffice.md §2: the CMS page "terms" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("terms")) ?? null });
}

export default function TermsRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Términos y Condiciones"
      fallback="Al comprar en Perfumería de Lujo aceptas nuestras condiciones de venta, envío y devolución. Escríbenos si tienes dudas."
    />
  );
}
