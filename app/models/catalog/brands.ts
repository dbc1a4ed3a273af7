/* Client-safe rules of a brand, shared by the brand form (the browser) and its parser (the server). */

export const BRAND_NAME_MAX = 100;

/** The brand form's fields, for its component (brand-submission.server.ts checks its schema has them). */
export type BrandFormField = "name" | "description" | "country" | "isActive" | "logo";
