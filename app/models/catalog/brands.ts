/* Client-safe rules of a brand, shared by the brand form (the browser) and its parser (the server). */

export const BRAND_NAME_MAX = 100;
