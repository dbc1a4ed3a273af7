import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Política de Privacidad"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Política de Privacidad" },
];

// backoffice.md §2: the CMS page "privacy" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("privacy")) ?? null });
}

export default function PrivacyRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Política de Privacidad"
      fallback="Usamos tus datos solo para procesar tus pedidos y atenderte. Nunca los vendemos a terceros."
    />
  );
}
