import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/content-page";
import { getActiveCmsPage } from "~/models/cms.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? "Política de Cookies"} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? "Política de Cookies" },
];

// backoffice.md §2: the CMS page "cookies" when it is active, otherwise built-in text.
export async function loader() {
  return json({ page: (await getActiveCmsPage("cookies")) ?? null });
}

export default function CookiesRoute() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      page={page}
      fallbackTitle="Política de Cookies"
      fallback="Usamos cookies esenciales para tu sesión, tu carrito y tu tema preferido."
    />
  );
}
