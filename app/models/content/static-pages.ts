/**
 * The shape of the storefront's built-in policy texts (static-pages.server.ts holds the words).
 * Client-safe: the page components render it from loader data. Plain text only, so React
 * escapes every word and the built-in texts need no sanitiser.
 */

export type StaticBlock = { type: "p"; text: string } | { type: "ul" | "ol"; items: string[] };

export type StaticPage = {
  title: string;
  metaDescription: string;
  intro?: string;
  /** When the text was last revised (ISO time), for the legal pages' "last updated" line. */
  lastUpdated?: string;
  /** The WhatsApp and e-mail buttons under the text (backoffice.md §2, returns). */
  contactButtons?: boolean;
  sections: { heading: string; blocks: StaticBlock[] }[];
};

export const FAQ_CATEGORIES = ["general", "products", "orders", "shipping", "returns"] as const;
export type FaqCategoryKey = (typeof FAQ_CATEGORIES)[number];

export type FaqCategory = {
  key: FaqCategoryKey;
  label: string;
  questions: { question: string; answer: string }[];
};
