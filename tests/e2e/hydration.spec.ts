import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/*
 * Every page hydrates without an error: no exception while its route module loads, no
 * hydration mismatch (React's #418/#425), no console error. A route module also runs in the
 * browser, where a `.server` import is an empty stub: a constant read from one in the component
 * rendered differently there (the loyalty search's minimum), and a limiter built at a route's
 * top level threw before /contact and /track-order could hydrate. Both slipped past the flows'
 * tests, which pass without JavaScript too. The pages are those linked from where each kind of
 * visitor starts, as a visitor, a customer and the admin. JavaScript only: without it there is
 * nothing to hydrate.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "only pages that run JavaScript hydrate");
test.describe.configure({ mode: "parallel" });
test.slow();

/** Same-origin pages linked from `start`: one per path, no API, file or sign-out address. */
async function pagesLinkedFrom(page: Page, start: string, limit: number) {
  await page.goto(start);
  const hrefs = await page
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  const paths = new Set([start]);
  for (const href of hrefs) {
    const url = new URL(href, "http://tienda");
    if (/^\/(api|build|uploads|logout)\b|\.\w+$/.test(url.pathname)) continue;
    paths.add(url.pathname + url.search);
  }
  return [...paths].slice(0, limit);
}

async function expectEachToHydrate(page: Page, paths: string[]) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of paths) {
    await page.goto(path);
    // Route modules load and React hydrates after the document: wait until the network rests.
    await page.waitForLoadState("networkidle");
  }
  expect(errors, `visited ${paths.length} pages`).toEqual([]);
}

test("a visitor's pages hydrate without errors", async ({ page }) => {
  const paths = await pagesLinkedFrom(page, "/", 30);
  const product = await page.locator("a[href^='/product/']").first().getAttribute("href");
  await expectEachToHydrate(page, [
    ...paths,
    product!,
    "/catalog",
    "/cart",
    "/contact",
    "/track-order",
    "/login",
    "/register",
  ]);
});

test("a customer's pages hydrate without errors", async ({ page, createUser, login }) => {
  await login(page, await createUser());
  await expectEachToHydrate(page, await pagesLinkedFrom(page, "/profile", 25));
});

test("the admin's pages hydrate without errors", async ({ page, createUser, login }) => {
  await login(page, await createUser({ role: "admin" }));
  await expectEachToHydrate(page, [
    ...(await pagesLinkedFrom(page, "/admin", 30)),
    "/admin/loyalty",
    "/admin/products/new",
  ]);
});
