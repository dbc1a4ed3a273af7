import { expect, test } from "./fixtures";

/*
 * Issue 11: a first-time visitor's page comes from the page cache with a CSP that lists its
 * inline scripts' hashes instead of a nonce. In Chromium it must still run every script
 * (hydration, the modulepreload links) with no CSP violation; without JavaScript it is the
 * same page.
 */
test("a first-time visitor's cached page hydrates with no CSP violation", async ({
  page,
  javaScriptEnabled,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));

  for (const path of ["/catalog", "/"]) {
    const first = await page.goto(path);
    const etag = await first?.headerValue("etag");
    expect(etag, path).toBeTruthy();
    // The second load is a cache hit: the browser revalidates or is sent the stored page.
    await page.context().clearCookies();
    const second = await page.goto(path);
    const csp = (await second?.headerValue("content-security-policy")) ?? "";
    expect(csp, path).toContain("'sha256-");
    expect(csp, path).not.toContain("nonce-");
    if (javaScriptEnabled) {
      // Hydrated: the header's cart link becomes the button that opens the drawer.
      await expect(page.getByRole("button", { name: "Carrito, 0 artículos" })).toBeVisible();
    } else {
      await expect(page.getByRole("link", { name: "Carrito, 0 artículos" })).toBeVisible();
    }
  }

  if (javaScriptEnabled) {
    // A client-side navigation: loaded by the scripts the hashes allowed.
    await page.getByRole("link", { name: "Catálogo" }).first().click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo de Perfumes");
  }
  expect(violations).toEqual([]);
});
