/*
 * /profile/security's second-factor section as the server renders it; the page keeps that HTML
 * and loads two-factor-section.tsx only to draw it anew (decision 159).
 */
export { TwoFactorSection } from "./two-factor-section";
