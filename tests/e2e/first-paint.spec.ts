import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Holds the build's scripts back until `release()`: the page as a slow phone has it first. */
async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/*
 * Decision 111: the browser paints a page's HTML before it fetches any of the page's
 * JavaScript (the document sends its scripts inert with a starter that runs after the first
 * frame; tests/integration/first-paint.test.ts checks what is sent). The phone menu a shopper
 * opens while the scripts load is still open once the page has hydrated, and the scripts then
 * run it (Escape closes it); without JavaScript nothing is fetched and the menu is a plain
 * disclosure.
 */
test.use({ viewport: { width: 390, height: 800 } });

test("the catalogue paints before its scripts load, and a menu opened meanwhile stays open", async ({
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
  const release = await holdScripts(page);

  await page.goto("/catalog", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const opener = page.getByLabel("Abrir menú");
  const menu = page.locator("details").filter({ has: opener });
  const tracking = menu.getByRole("link", { name: "Seguimiento" });
  await opener.click();
  await expect(tracking).toBeVisible();
  release();

  if (javaScriptEnabled) {
    // Hydrated: the header's cart link becomes the button that opens the drawer.
    await expect(page.getByRole("button", { name: /^Carrito/ })).toBeVisible();
    await expect(tracking).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tracking).toBeHidden();
    await expect(opener).toBeFocused();
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
    await opener.click();
    await expect(tracking).toBeHidden();
  }
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a search typed before the scripts arrive is still the search Enter sends", async ({
    page,
    javaScriptEnabled,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const box = page.getByRole("combobox", { name: "Buscar perfumes" });
    await box.fill("chanel");
    release();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: /^Carrito/ })).toBeVisible();
      // A render after hydration (the box's own focus) must not take the text back.
      await box.blur();
      await box.focus();
      await expect(box).toHaveValue("chanel");
    }
    await box.press("Enter");
    await expect(page).toHaveURL(/\/catalog\?search=chanel$/);
    await expect(page.getByRole("combobox", { name: "Buscar perfumes" })).toHaveValue("chanel");
  });
});
