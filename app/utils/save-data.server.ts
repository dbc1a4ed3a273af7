import { createCookie } from "@remix-run/node";

/*
 * Decision 098: 'Modo ligero'. The shopper's choice is a cookie (on or off), set by a form post
 * that works without JS; without a choice, the browser's `Save-Data: on` header decides. Every
 * HTML answer varies on that header (entry.server) and the page cache keys on the result.
 */
export const LITE_COOKIE_NAME = "lite";

const liteCookie = createCookie(LITE_COOKIE_NAME, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Whether pages are drawn light: the cookie's choice first, then the browser's Save-Data. */
export async function liteModeFrom(cookieHeader: string | null, saveData: string | null) {
  const choice = await liteCookie.parse(cookieHeader);
  if (choice === "on") return true;
  if (choice === "off") return false;
  return saveData?.trim().toLowerCase() === "on";
}

export function isLiteMode(request: Request) {
  return liteModeFrom(request.headers.get("Cookie"), request.headers.get("Save-Data"));
}

export function serializeLiteMode(on: boolean) {
  return liteCookie.serialize(on ? "on" : "off");
}
