import { createCookie } from "@remix-run/node";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

// D5: the theme lives in a cookie so the server renders the right one (no flash).
const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  return themeFromCookieHeader(request.headers.get("Cookie"));
}

export async function themeFromCookieHeader(cookieHeader: string | null): Promise<Theme> {
  const value = await themeCookie.parse(cookieHeader);
  return THEMES.includes(value) ? value : "system";
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}
