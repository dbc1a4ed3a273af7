/**
 * The content pages the store shows (backoffice.md §2 "CMS"): each key, the storefront page that
 * reads it and the admin tab that lists it. Client-safe: the admin screens and the storefront
 * share these names and limits.
 */

export const CMS_PAGES = {
  terms: { label: "Términos y Condiciones", path: "/terms", tab: "legal" },
  privacy: { label: "Política de Privacidad", path: "/privacy", tab: "legal" },
  cookies: { label: "Política de Cookies", path: "/cookies", tab: "legal" },
  returns: { label: "Política de Devoluciones", path: "/returns", tab: "customer-service" },
  faq: { label: "Preguntas Frecuentes", path: "/faq", tab: "customer-service" },
  warranty: { label: "Garantía de Autenticidad", path: "/authenticity", tab: "customer-service" },
  tracking: { label: "Seguimiento de Pedido", path: "/track-order", tab: "customer-service" },
} as const satisfies Record<string, { label: string; path: string; tab: CmsTab }>;

export type CmsPageKey = keyof typeof CMS_PAGES;

/** The tabs of /admin/cms, each a URL (the first is the screen's own address). */
export const CMS_TABS = {
  legal: { label: "Textos Legales", to: "/admin/cms" },
  "customer-service": { label: "Atención al Cliente", to: "/admin/cms/customer-service" },
  all: { label: "Todas las Páginas", to: "/admin/cms/all" },
} as const;

export type CmsTab = "legal" | "customer-service" | "all";

/** A row of an admin tab (`listCmsPages`): a known key may not be stored yet. */
export type CmsPageSummary = {
  key: string;
  title: string;
  path: string | null;
  stored: boolean;
  isActive: boolean;
  updatedAt: string | null;
  preview: string;
};

export function isCmsPageKey(key: string): key is CmsPageKey {
  return Object.hasOwn(CMS_PAGES, key);
}

/** backoffice.md §3 and §9. */
export const CMS_TITLE_MAX = 255;
export const CMS_META_DESCRIPTION_MAX = 300;
export const CMS_PREVIEW_LENGTH = 500;
/** A policy page is a few thousand characters; more is a paste gone wrong. */
export const CMS_CONTENT_MAX = 100_000;

/** The admin screen a page's tab lives on (a page of no known key lives in "all"). */
export function cmsTabPath(key: string) {
  return isCmsPageKey(key) ? CMS_TABS[CMS_PAGES[key].tab].to : CMS_TABS.all.to;
}
