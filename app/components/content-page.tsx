import type { StaticPage } from "~/models/content/static-pages";
import { useRootData } from "~/hooks/use-root-data";
import { formatDate } from "~/utils/dates";
import { buttonClasses } from "./ui/button";
import { Page } from "./page";
import { WhatsappLink } from "./whatsapp-link";

/** Typography for a policy text, CMS or built-in (Tailwind resets headings and lists). */
const PROSE =
  "max-w-prose space-y-3 [&_a]:text-accent [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-border [&_td]:p-2 [&_th]:border [&_th]:border-border [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-6";

/**
 * The HTML of a CMS page. It was cleaned by the allow-list of utils/sanitize-html.server.ts when
 * the loader read it (and when it was saved), so no script, event handler or javascript: link
 * can reach this element.
 */
export function CmsHtml({ html }: { html: string }) {
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}

function LastUpdated({ date }: { date: string }) {
  return <p className="text-fg-muted mb-6 text-sm">Última actualización: {formatDate(date)}</p>;
}

/** backoffice.md §2: the store's WhatsApp and e-mail, from the settings (D3). */
function ContactButtons() {
  const settings = useRootData()?.settings;
  if (!settings) return null;
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <WhatsappLink phone={settings.whatsapp} className={buttonClasses("primary")}>
        Escríbenos por WhatsApp
      </WhatsappLink>
      <a href={`mailto:${settings.email}`} className={buttonClasses("secondary")}>
        Enviar un correo
      </a>
    </div>
  );
}

function StaticText({ page }: { page: StaticPage }) {
  return (
    <div className={PROSE}>
      {page.intro ? <p className="text-lg">{page.intro}</p> : null}
      {page.sections.map((section) => (
        <section key={section.heading} className="space-y-3">
          <h2>{section.heading}</h2>
          {section.blocks.map((block, index) => {
            if (block.type === "p") return <p key={index}>{block.text}</p>;
            const List = block.type;
            return (
              <List key={index}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            );
          })}
        </section>
      ))}
    </div>
  );
}

/**
 * A policy page (backoffice.md §2): the active CMS page, or the built-in text when there is
 * none. `lastUpdated` adds the legal pages' "last updated" line: the CMS page's save date, or the
 * day the built-in text was revised.
 */
export function ContentPage({
  page,
  fallback,
  lastUpdated = false,
}: {
  page: { title: string; content: string; updatedAt: string } | null;
  fallback: StaticPage | null;
  lastUpdated?: boolean;
}) {
  if (page) {
    return (
      <Page title={page.title}>
        {lastUpdated ? <LastUpdated date={page.updatedAt} /> : null}
        <CmsHtml html={page.content} />
      </Page>
    );
  }
  if (!fallback) return null;
  return (
    <Page title={fallback.title}>
      {lastUpdated && fallback.lastUpdated ? <LastUpdated date={fallback.lastUpdated} /> : null}
      <StaticText page={fallback} />
      {fallback.contactButtons ? <ContactButtons /> : null}
    </Page>
  );
}
