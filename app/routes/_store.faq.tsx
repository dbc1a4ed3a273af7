import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CmsHtml } from "~/components/content-page";
import { FaqGroup } from "~/components/faq-group";
import { Page } from "~/components/page";
import { getActiveCmsPage } from "~/models/content/cms.server";
import { getSettings } from "~/models/settings/settings.server";
import { FAQ_CATEGORIES, type FaqCategoryKey } from "~/models/content/static-pages";
import { staticFaq } from "~/models/content/static-pages.server";

const TITLE = "Preguntas Frecuentes";
const DESCRIPTION =
  "Respuestas sobre autenticidad, pedidos, pagos por transferencia, envíos a toda Honduras y devoluciones.";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page?.title ?? TITLE} | Perfumería de Lujo` },
  { name: "description", content: data?.page?.metaDescription ?? DESCRIPTION },
];

function categoryOf(value: string | null): FaqCategoryKey | null {
  return FAQ_CATEGORIES.find((key) => key === value) ?? null;
}

/*
 * backoffice.md §2: the CMS page "faq" when it is active; otherwise the built-in questions, one
 * category at a time through ?category= (a link, so it works without JS) or all of them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await getActiveCmsPage("faq");
  if (page) return json({ page, faq: null, category: null });
  const category = categoryOf(new URL(request.url).searchParams.get("category"));
  return json({ page: null, faq: staticFaq(await getSettings()), category });
}

export default function FaqRoute() {
  const { page, faq, category } = useLoaderData<typeof loader>();
  if (page) {
    return (
      <Page title={page.title}>
        <CmsHtml html={page.content} />
      </Page>
    );
  }
  const shown = faq?.filter((group) => !category || group.key === category) ?? [];
  return (
    <Page title={TITLE}>
      <nav aria-label="Categorías de preguntas" className="mb-8">
        <ul className="flex flex-wrap gap-2">
          <CategoryLink to="/faq" current={!category} label="Todas" />
          {faq?.map((group) => (
            <CategoryLink
              key={group.key}
              to={`/faq?category=${group.key}`}
              current={group.key === category}
              label={group.label}
            />
          ))}
        </ul>
      </nav>
      <div className="max-w-prose space-y-8">
        {shown.map((group) => (
          <FaqGroup key={group.key} group={group} />
        ))}
      </div>
      <p className="text-fg-muted mt-10">
        ¿No encontraste tu respuesta?{" "}
        <Link to="/contact" className="text-accent underline">
          Contáctanos
        </Link>
      </p>
    </Page>
  );
}

function CategoryLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={current ? "page" : undefined}
        className={`inline-block rounded-full border px-4 py-1.5 text-sm ${
          current ? "border-accent bg-accent-soft text-accent font-semibold" : "border-border"
        }`}
      >
        {label}
      </Link>
    </li>
  );
}
