import { expect, test } from "./fixtures";

/*
 * Decision 111: the browser paints a page's HTML before it fetches any of the page's
 * JavaScript (the document sends its scripts inert with a starter that runs after the first
 * frame; tests/integration/first-paint.test.ts checks what is sent). What a shopper types while
 * the scripts load is still there once the page has hydrated; without JavaScript nothing is
 * fetched and the same search works as a plain form.
 */
test("the catalogue paints before its scripts load, and a search typed meanwhile survives them", async ({
  page,
  javaScriptEnabled,
}) => {
  // The start of the page's first frame, on the clock of the resource timings.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
    });
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (/\/build\/.+\.js$/.test(request.url())) scripts.push(request.url());
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/catalog", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const search = page.getByRole("combobox", { name: "Buscar perfumes", exact: true });
  await search.fill("Chanel");
  release();

  if (javaScriptEnabled) {
    // Hydrated: the header's cart link becomes the button that opens the drawer.
    await expect(page.getByRole("button", { name: /^Carrito/ })).toBeVisible();
    await expect(search).toHaveValue("Chanel");
    const starts = await page.evaluate(() => {
      const { firstFrameAt } = window as unknown as { firstFrameAt: number };
      return performance
        .getEntriesByType("resource")
        .filter((entry) => /\/build\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime - firstFrameAt);
    });
    expect(starts.length).toBeGreaterThan(3);
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(0);
  } else {
    expect(scripts).toEqual([]);
  }
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]search=Chanel/);
});
