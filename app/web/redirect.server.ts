/*
 * Issue 19: the one way to redirect to a target a request supplied (a form's `redirectTo`, a
 * link's `?redirectTo=`). An open redirect turns the sign-in page into a phishing tool, and a
 * target a browser reads differently from us (`/\t/evil.example`, which browsers follow to
 * evil.example) is one; a character a header cannot carry (a newline, U+3000) made the
 * redirect itself throw, a 500.
 */

/** Stands for the site's own origin: a target must resolve to it, whatever host serves us. */
const OWN_ORIGIN = "http://perfumeria.invalid";

/** Longer targets are no page of ours (the longest real ones are a filtered list's query). */
export const MAX_REDIRECT_LENGTH = 2048;

/**
 * Control characters (C0, DEL, C1), any whitespace (tab, newline, U+3000 and the other Unicode
 * spaces) and backslashes: browsers strip or rewrite them in a URL, so what they follow is not
 * what we checked.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\\s\u200b-\u200f\u2028\u2029\ufeff]/u;

/**
 * A path of this site to redirect to: `to` when it is a path of our own origin, as the
 * normalized path, query and fragment (percent-encoded, so a header can always carry it), else
 * `fallback`. Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_REDIRECT_LENGTH) return fallback;
  // A path, never a scheme (`javascript:`, `https://`) or a protocol-relative `//host`.
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTERS.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative target: `/.//evil.example` is `//evil.example`.
  if (target.startsWith("//") || target.length > MAX_REDIRECT_LENGTH) return fallback;
  return target;
}
