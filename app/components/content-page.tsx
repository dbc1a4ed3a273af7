import { Page } from "./page";

/**
 * A policy page from the CMS. Its HTML is written by the store's administrators in
 * /admin/cms (trusted authors); it never contains customer input.
 */
export function ContentPage({
  page,
  fallbackTitle,
  fallback,
}: {
  page: { title: string; content: string } | null | undefined;
  fallbackTitle: string;
  fallback: string;
}) {
  if (!page) {
    return (
      <Page title={fallbackTitle}>
        <p className="max-w-prose">{fallback}</p>
      </Page>
    );
  }
  return (
    <Page title={page.title}>
      <div className="cms-content max-w-prose" dangerouslySetInnerHTML={{ __html: page.content }} />
    </Page>
  );
}
