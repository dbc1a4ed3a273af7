import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "@playwright/test";
import type { DB } from "../../db/connection";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { expect, hydrated, signInAsAdmin, test } from "./fixtures";

/*
 * Issue 21: every page passes axe-core (WCAG 2.2 AA and label-content-name-mismatch) at 360 px in
 * both themes, in four states (visitor, shopper with a cart and a favourite, signed-in customer,
 * admin), no page scrolls sideways at 320 or 360 px, and no order number or coupon code breaks
 * across lines at 320 px (issue 39). The pages come from docs/routes.md
 * (every row of kind 'page'), their parameters from the demo data and the customer's own order.
 * In the `nojs` project the same documents are loaded with their scripts taken out (so what is
 * checked is exactly what a browser without JavaScript shows) and only their width is checked:
 * axe would read the same markup a second time.
 *
 * The same page loads prove, with JavaScript, that every page hydrates without an error: no
 * exception while its route module loads, no hydration mismatch (React's #418/#425), no console
 * error, the store's own CSP in force. A route module also runs in the browser, where a
 * `.server` import is an empty stub: a constant read from one in the component rendered
 * differently there (the loyalty search's minimum), and a limiter built at a route's top level
 * threw before /contact and /track-order could hydrate. Both slipped past the flows' tests,
 * which pass without JavaScript too. (This was a spec of its own, which loaded its own pages:
 * decision 140.)
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Role = "visitor" | "shopper" | "customer" | "admin";

/** Every page of docs/routes.md. */
function routePatterns() {
  const table = fs.readFileSync(path.resolve("docs/routes.md"), "utf8");
  return [
    ...new Set(
      table
        .split("\n")
        .filter((line) => line.startsWith("| /") && line.includes("| page |"))
        .map((line) => line.split("|")[1]!.trim()),
    ),
  ];
}

/** Which states look at a page: the back office as the admin, the rest as the three others. */
function rolesFor(pattern: string): Role[] {
  if (pattern === "/admin-access" || pattern.startsWith("/admin")) return ["admin"];
  if (/^\/(profile|account|orders|notifications|order-confirmation)/.test(pattern)) {
    return ["customer"];
  }
  if (/^\/(login|register|complete-profile)/.test(pattern)) return ["visitor"];
  return ["visitor", "shopper", "customer"];
}

async function parameters(db: DB, customerId: number, customerOrderId: string | number) {
  const first = async (
    table: "brands" | "products" | "promoCodes" | "reviews" | "messages" | "outboxEmails",
  ) => (await db.selectFrom(table).select("id").orderBy("id").limit(1).executeTakeFirst())?.id;
  const product = await db
    .selectFrom("products")
    .select(["id", "slug"])
    .limit(1)
    .executeTakeFirst();
  const page = await db.selectFrom("cmsPages").select("key").limit(1).executeTakeFirst();
  const order = await db
    .selectFrom("orders")
    .select("id")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return {
    brandId: await first("brands"),
    productId: product?.id,
    slug: product?.slug,
    promoCodeId: await first("promoCodes"),
    reviewId: await first("reviews"),
    messageId: await first("messages"),
    emailId: await first("outboxEmails"),
    pageKey: page?.key,
    orderId: order?.id,
    userId: customerId,
    customerOrderId,
  } as Record<string, string | number | undefined>;
}

function fill(pattern: string, values: Record<string, string | number | undefined>, role: Role) {
  if (pattern === "/*") return "/esta-pagina-no-existe";
  let missing = false;
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = name === "orderId" && role === "customer" ? values.customerOrderId : values[name];
    if (value === undefined) missing = true;
    return String(value);
  });
  return missing ? null : url;
}

/** Without JS: the same documents with their scripts removed, in a page that can run axe. */
async function stripScripts(context: BrowserContext) {
  await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    await route.fulfill({ response, body });
  });
}

/** Every uncaught exception and console error of `page`, with the address it happened at. */
function listenForErrors(page: Page) {
  const list: string[] = [];
  page.on("pageerror", (error) => list.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") list.push(`${page.url()}: ${message.text()}`);
  });
  return {
    list,
    /** Drops the first error logged so far that starts with `prefix`. */
    forgive(prefix: string) {
      const index = list.findIndex((error) => error.startsWith(prefix));
      if (index >= 0) list.splice(index, 1);
    },
  };
}

/**
 * Order numbers and coupon codes broken across lines (issue 39: 'PH- / 261127-2971'): each one
 * in the page's text whose characters do not all sit on one line.
 */
async function brokenCodes(page: Page) {
  return page.evaluate(() => {
    const code = /\b[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)+\b/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(code)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        if (new Set(rects.map((rect) => Math.round(rect.bottom))).size > 1) {
          // Where it broke, to find the markup: the text's element and its classes.
          const where = node.parentElement;
          broken.push(`${match[0]} (in <${where?.localName} class="${where?.className}">)`);
        }
      }
    }
    return broken;
  });
}

/*
 * Issue 39: every control a shopper taps is a thumb's target on a phone, 44 × 44 px (WCAG 2.5.5).
 * Links inside a sentence are exempt (2.5.5's inline exception), and so is a box or a radio
 * drawn inside its label: the label is what the thumb touches, and it is measured instead.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const seen = new Set<Element>();
    const controls = document.querySelectorAll(
      "a[href], button, summary, select, input:not([type=hidden]), label:has(input[type=checkbox], input[type=radio])",
    );
    for (const control of controls) {
      let target: Element = control;
      if (
        control instanceof HTMLInputElement &&
        ["checkbox", "radio", "file"].includes(control.type)
      ) {
        const label = control.closest("label") ?? control.labels?.[0];
        if (label) continue; // measured as the label
        target = control;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      // The contact form's honeypot: off screen and out of the accessibility tree, for bots.
      if (target.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(target);
      if (style.display === "inline" && target.localName === "a") continue;
      const box = target.getBoundingClientRect();
      // Not drawn (hidden, or visually hidden for a screen reader): nothing to tap.
      if (box.width < 2 || box.height < 2 || style.visibility === "hidden") continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (target.getAttribute("aria-label") ?? target.textContent ?? "").trim();
        small.push(
          `${target.localName} '${name.slice(0, 40)}' ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

async function sidewaysScroll(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/*
 * The dark theme changes only the colour variables (app/styles/tailwind.css: no `dark:` class
 * shows, hides or moves anything), so in it axe runs the rules that read colours; the light run
 * has already checked the same markup against every other rule.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function axeViolations(page: Page, theme: "light" | "dark") {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a script tag
  // would be refused by it, as any script the store did not send).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, colourRules, theme }) => {
      type Axe = { run: (context: Document, options: object) => Promise<{ violations: unknown }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      const result = await axe.run(document, {
        // Only violations are read: axe skips the full detail of what passed (issue 38).
        resultTypes: ["violations"],
        ...(theme === "light"
          ? {
              runOnly: { type: "tag", values: tags },
              rules: { "label-content-name-mismatch": { enabled: true } },
            }
          : { runOnly: { type: "rule", values: colourRules } }),
      });
      return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    },
    { tags: TAGS, colourRules: COLOUR_RULES, theme },
  );
}

const ROLES: Role[] = ["visitor", "shopper", "customer", "admin"];

test.describe("accessibility of every page", () => {
  for (const role of ROLES) {
    test(`${role}: axe at 360 px in both themes, no sideways scroll at 320 and 360 px`, async ({
      browser,
      db,
      createUser,
      login,
      javaScriptEnabled,
    }, testInfo) => {
      test.setTimeout(360_000);
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        javaScriptEnabled: true,
        locale: "es-HN",
        viewport: { width: 360, height: 800 },
      });
      if (!javaScriptEnabled) await stripScripts(context);
      const page = await context.newPage();
      const hydrationErrors = listenForErrors(page);

      // The signed-in customer's own order (their order pages), on a product of the test's.
      const customer = await createUser({ firstName: "Lucía" });
      const ordered = await createProduct(db, { stock: 5 });
      const ownOrder = await createOrder(db, {
        lines: [{ product: ordered }],
        userId: customer.id,
        takeStock: false,
      });

      if (role === "admin") {
        // An e-mail about that order, so /admin/correos lists an order number in a subject
        // whichever tests ran before (issue 39: subjects broke there at 320 px).
        const now = new Date().toISOString();
        await db
          .insertInto("outboxEmails")
          .values({
            messageId: `<a11y-${ownOrder.id}@perfumeria.test>`,
            kind: "order_received",
            toAddress: customer.email,
            replyTo: null,
            subject: `Recibimos tu pedido ${ownOrder.orderNumber}`,
            html: "<p>Gracias.</p>",
            text: "Gracias.",
            orderId: ownOrder.id,
            status: "sent",
            nextAttemptAt: now,
            leasedBy: null,
            leasedUntil: null,
            lastError: null,
            createdAt: now,
            sentAt: now,
          })
          .execute();
        await signInAsAdmin(page);
      }
      if (role === "customer") await login(page, customer);
      if (role === "shopper" || role === "customer") {
        const product = await db
          .selectFrom("products")
          .select("slug")
          .where("stock", ">", 0)
          .where("isActive", "=", 1)
          .limit(1)
          .executeTakeFirstOrThrow();
        await page.goto(`/product/${product.slug}`);
        await page.getByRole("button", { name: "Agregar al carrito" }).click();
        await expect(page.getByLabel(/^Carrito, [1-9]/)).toHaveCount(1);
        await page
          .getByRole("button", { name: /favoritos/i })
          .first()
          .click();
        // Without JS (or as a visitor, sent to sign in) the click navigates: let it finish.
        await page.waitForLoadState("networkidle");
      }

      const values = await parameters(db, customer.id, ownOrder.id);
      let patterns = routePatterns().filter((pattern) => rolesFor(pattern).includes(role));
      if (role === "admin") {
        await page.goto("/admin/settings");
        const tabs = await page
          .locator('a[href^="/admin/settings/"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
        patterns = [...patterns.filter((p) => p !== "/admin/settings/:tab"), ...new Set(tabs)];
      }

      // The light theme's cookie as the server writes it (an unsigned Remix cookie: base64 JSON).
      const light = encodeURIComponent(Buffer.from(JSON.stringify("light")).toString("base64"));
      await context.addCookies([
        { name: "theme", value: light, url: testInfo.project.use.baseURL! },
      ]);

      const problems: string[] = [];
      for (const pattern of patterns) {
        const url = fill(pattern, values, role);
        if (!url) continue;
        await page.setViewportSize({ width: 360, height: 800 });
        const response = await page.goto(url);
        // The route's modules load and React hydrates after the document; root.tsx marks it.
        if (javaScriptEnabled) await hydrated(page);
        // A page that answers an error on purpose (/*, a link without its token) is one failed
        // load, which the browser logs; what its error boundary does is still checked.
        if (response && response.status() >= 400) {
          hydrationErrors.forgive(`${page.url()}: Failed to load resource`);
        }
        for (const width of [360, 320]) {
          await page.setViewportSize({ width, height: 800 });
          const extra = await sidewaysScroll(page);
          if (extra > 0) problems.push(`${url} at ${width} px scrolls ${extra} px sideways`);
        }
        for (const code of await brokenCodes(page)) {
          problems.push(`${url} at 320 px breaks ${code} across lines`);
        }
        if (role !== "admin" && javaScriptEnabled) {
          await page.setViewportSize({ width: 360, height: 800 });
          for (const target of await smallTargets(page)) {
            problems.push(`${url} at 360 px has a small target: ${target}`);
          }
        }
        // axe reads the same markup with or without JavaScript: it runs once, with it.
        if (!javaScriptEnabled) continue;
        await page.setViewportSize({ width: 360, height: 800 });
        for (const violation of await axeViolations(page, "light")) {
          problems.push(`${url} (light): ${violation}`);
        }
        // The dark theme is what the server renders for its cookie: the root's class and
        // color-scheme (app/root.tsx); switched in place rather than loading the page again.
        // Buttons fade to their new colours (transition-colors): axe measures the end, so each
        // transition the switch starts is finished at once (getAnimations applies the new style).
        await page.evaluate(() => {
          document.documentElement.className = "dark";
          document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", "dark");
          for (const animation of document.getAnimations()) {
            if (animation instanceof CSSTransition) animation.finish();
          }
        });
        for (const violation of await axeViolations(page, "dark")) {
          problems.push(`${url} (dark): ${violation}`);
        }
      }
      await context.close();
      expect(problems).toEqual([]);
      expect(hydrationErrors.list, "page errors and console errors").toEqual([]);
    });
  }
});
