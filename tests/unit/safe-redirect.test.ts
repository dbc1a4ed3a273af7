import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirect } from "~/web/redirect.server";

/** Issue 19 item 4: what an attacker puts in `redirectTo`; each must give the fallback. */
const HOSTILE: [string, string][] = [
  ["a tab (the reported one)", "/\t/evil.example"],
  ["a newline", "/\n/evil.example"],
  ["a carriage return", "/\r/evil.example"],
  ["a vertical tab", "/\v/evil.example"],
  ["a form feed", "/\f/evil.example"],
  ["a NUL", "/\0/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["a C1 control", "/\u0085/evil.example"],
  ["U+3000 (ideographic space)", "/\u3000/evil.example"],
  ["a no-break space", "/\u00a0/evil.example"],
  ["a zero-width space", "/\u200b/evil.example"],
  ["a line separator", "/\u2028/evil.example"],
  ["a byte-order mark", "/\ufeff/evil.example"],
  ["a space", "/ /evil.example"],
  ["a leading space", " /orders"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with a path", "//evil.example/login"],
  ["slash backslash", "/\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["a backslash later on", "/orders\\..\\..\\evil"],
  ["an absolute URL", "https://evil.example"],
  ["an absolute http URL", "http://evil.example/"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: behind a slash-less scheme case", "JaVaScRiPt:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["a relative path", "evil.example"],
  ["dot segments into //", "/.//evil.example"],
  ["parent segments into //", "/a/..//evil.example"],
  ["encoded dot segments into //", "/%2e//evil.example"],
  ["encoded parent segments into //", "/x/%2e%2e//evil.example"],
  ["a tab before the slashes", "\t//evil.example"],
  ["the empty string", ""],
  ["very long", `/${"a".repeat(MAX_REDIRECT_LENGTH)}`],
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %s", (_name, target) => {
    expect(safeRedirect(target, "/catalog")).toBe("/catalog");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/catalog")).toBe("/catalog");
    expect(safeRedirect(undefined, "/catalog")).toBe("/catalog");
    expect(safeRedirect(new File(["/orders"], "x.txt"), "/catalog")).toBe("/catalog");
    expect(safeRedirect(undefined)).toBe("/");
  });

  it("keeps the site's own paths, with their query and fragment", () => {
    expect(safeRedirect("/orders?page=2")).toBe("/orders?page=2");
    expect(safeRedirect("/product/sauvage?tab=resenas#detalles")).toBe(
      "/product/sauvage?tab=resenas#detalles",
    );
    expect(safeRedirect("/")).toBe("/");
    expect(safeRedirect("/admin/orders?review=proofs")).toBe("/admin/orders?review=proofs");
  });

  it("returns a normalized, percent-encoded path a header can carry", () => {
    expect(safeRedirect("/catalog/../cart")).toBe("/cart");
    expect(safeRedirect("/catalog?q=ñandú")).toBe("/catalog?q=%C3%B1and%C3%BA");
    expect(safeRedirect("/búsqueda")).toBe("/b%C3%BAsqueda");
    // Already-encoded characters stay encoded: a path of ours, not a second host.
    expect(safeRedirect("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirect("/%2F/evil.example")).toBe("/%2F/evil.example");
    expect(safeRedirect("/%5C/evil.example")).toBe("/%5C/evil.example");
    for (const [, target] of HOSTILE.filter(([name]) => name !== "very long")) {
      // Whatever comes back is ASCII with no control character: new Headers() accepts it.
      const result = safeRedirect(`/ok?next=${encodeURIComponent(target)}`);
      expect(() => new Headers({ Location: result })).not.toThrow();
      expect(result.startsWith("/ok?next=")).toBe(true);
    }
  });
});
