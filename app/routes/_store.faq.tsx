import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Preguntas Frecuentes"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Preguntas Frecuentes" },
];

// backoffice.md §2: the CMS page "faq" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("faq")) ?? null });
}

export default function FaqRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Preguntas Frecuentes"
      fallback="Escríbenos por WhatsApp o correo y con gusto resolvemos tus dudas."
    />
  );
}
