import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CMS_PAGE_MESSAGES } from "~/models/content/cms-page-form.server";
import {
  getActiveCmsPage,
  getCmsPage,
  listCmsPages,
  saveCmsPage,
} from "~/models/content/cms.server";
import { loader as allTabLoader } from "~/routes/admin.cms.all";
import { loader as customerServiceTabLoader } from "~/routes/admin.cms.customer-service";
import { loader as legalTabLoader } from "~/routes/admin.cms._index";
import { action as editAction, loader as editLoader } from "~/routes/admin.cms_.pages.$pageKey";
import { loader as authenticityLoader } from "~/routes/_store.authenticity";
import { loader as faqLoader } from "~/routes/_store.faq";
import { loader as returnsLoader } from "~/routes/_store.returns";
import { loader as termsLoader } from "~/routes/_store.terms";
import { loader as trackLoader } from "~/routes/_store.track-order/route";
import { loader as terminosLoader } from "~/routes/terminos";
import { loader as seguimientoLoader } from "~/routes/seguimiento";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { dayOfIso } from "~/utils/dates";
import { createUser } from "../../seed/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

/** Each test starts from a stored, active "terms" page of its own making. */
beforeEach(async () => {
  await saveCmsPage("terms", {
    title: "Términos",
    content: "<h2>Compras</h2><p>Texto</p>",
    metaDescription: null,
    isActive: true,
  });
});

/** Every way a page can carry code: a script, an event handler, a javascript: link, an iframe. */
const HOSTILE = `<h2>Condiciones</h2>
<p>Lee con atención. <a href="mailto:hola@tienda.hn">Escríbenos</a> o visita <a href="/returns">devoluciones</a>.</p>
<script>document.cookie</script>
<img src="x" onerror="alert(1)">
<p onclick="alert(2)">Clic</p>
<a href="javascript:alert(3)">Gana un premio</a>
<a href="JaVaScRiPt:alert(4)">Otro</a>
<iframe src="https://example.com/"></iframe>`;

function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/document\.cookie/);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<img/i);
  // What a policy page needs stays.
  expect(html).toContain("<h2>Condiciones</h2>");
  expect(html).toContain('<a href="mailto:hola@tienda.hn">Escríbenos</a>');
  expect(html).toContain('<a href="/returns">devoluciones</a>');
}

const load = (
  loader: (args: LoaderFunctionArgs) => Promise<unknown> | Response,
  path: string,
  cookie?: string,
) => settle(async () => loader({ request: get(path, cookie), params: {}, context: {} }));

const edit = (key: string, fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    editAction({
      request: formPost(`/admin/cms/pages/${key}`, fields, cookie),
      params: { pageKey: key },
      context: {},
    }),
  );

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

const storedContent = async (key: string) =>
  (
    await db
      .selectFrom("cmsPages")
      .select("content")
      .where("key", "=", key)
      .executeTakeFirstOrThrow()
  ).content;

describe("the CMS sanitiser", () => {
  it("cleans a page saved through the admin form, in the database and on the public page", async () => {
    const response = await edit("terms", { title: "Términos", content: HOSTILE, isActive: "on" });
    expect(response.status).toBe(302);
    expectHarmless(await storedContent("terms"));
    const { page } = await (await load(termsLoader, "/terms")).json();
    expectHarmless(page.content);
  });

  it("cleans a page written straight into the database when it is read", async () => {
    await db.updateTable("cmsPages").set({ content: HOSTILE }).where("key", "=", "terms").execute();
    await db
      .insertInto("cmsPages")
      .values({ key: "tracking", title: "Rastreo", content: HOSTILE, isActive: 1 })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({ content: HOSTILE, isActive: 1 }),
      )
      .execute();
    expect(await storedContent("terms")).toContain("<script>");

    expectHarmless((await (await load(termsLoader, "/terms")).json()).page.content);
    expectHarmless((await (await load(trackLoader, "/track-order")).json()).page.content);
    expectHarmless((await getActiveCmsPage("terms"))!.content);
    // The admin's edit form shows (and would save back) the clean version too.
    const editing = await settle(() =>
      editLoader({
        request: get("/admin/cms/pages/terms", adminCookie),
        params: { pageKey: "terms" },
        context: {},
      }),
    );
    expectHarmless((await editing.json()).page.content);
  });

  it("turns a pasted h1 into h2: the page's title is its only h1", async () => {
    await saveCmsPage("terms", {
      title: "T",
      content: "<h1>Uno</h1>",
      metaDescription: null,
      isActive: true,
    });
    expect(await storedContent("terms")).toBe("<h2>Uno</h2>");
  });
});

describe("editing a content page", () => {
  it("saves title, content, meta description and the active flag, with 'Página actualizada'", async () => {
    const response = await edit("terms", {
      title: "  Condiciones de compra ",
      content: "<p>Nuevo texto</p>",
      metaDescription: "Cómo compramos",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/cms");
    expect(await toastOf(response)).toMatchObject({ title: "Página actualizada" });
    const row = await db
      .selectFrom("cmsPages")
      .selectAll()
      .where("key", "=", "terms")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: "Condiciones de compra",
      content: "<p>Nuevo texto</p>",
      metaDescription: "Cómo compramos",
      isActive: 0,
    });
    // Inactive: the storefront falls back to its built-in text.
    expect((await (await load(termsLoader, "/terms")).json()).page).toBeNull();
  });

  it("refuses a meta description over 300 characters and an empty title, in Spanish", async () => {
    const response = await edit("terms", {
      title: " ",
      content: "<p>x</p>",
      metaDescription: "a".repeat(301),
    });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toEqual({
      title: [CMS_PAGE_MESSAGES.titleRequired],
      metaDescription: ["La meta descripción no puede tener más de 300 caracteres."],
    });
    expect(result.initialValue.metaDescription).toHaveLength(301);
    expect((await getCmsPage("terms"))?.title).toBe("Términos");
    // 300 is allowed.
    expect((await edit("terms", { title: "T", metaDescription: "a".repeat(300) })).status).toBe(
      302,
    );
  });

  it("creates the row of a known page on its first save, and 404s an unknown key", async () => {
    await db.deleteFrom("cmsPages").where("key", "=", "cookies").execute();
    const form = await settle(() =>
      editLoader({
        request: get("/admin/cms/pages/cookies", adminCookie),
        params: { pageKey: "cookies" },
        context: {},
      }),
    );
    expect((await form.json()).page).toMatchObject({ title: "Política de Cookies", stored: false });
    expect(
      (
        await edit("cookies", {
          title: "Cookies",
          content: "<p>Solo esenciales</p>",
          isActive: "on",
        })
      ).status,
    ).toBe(302);
    expect((await getActiveCmsPage("cookies"))?.content).toBe("<p>Solo esenciales</p>");

    expect((await edit("no-existe", { title: "X" })).status).toBe(404);
    const missing = await settle(() =>
      editLoader({
        request: get("/admin/cms/pages/no-existe", adminCookie),
        params: { pageKey: "no-existe" },
        context: {},
      }),
    );
    expect(missing.status).toBe(404);
  });

  it("switches a page off and on from its tab, coming back to that tab", async () => {
    const off = await edit("terms", { intent: "deactivate", returnTo: "/admin/cms/all" });
    expect(off.headers.get("location")).toBe("/admin/cms/all");
    expect(await toastOf(off)).toMatchObject({ title: "Página actualizada" });
    expect(await getActiveCmsPage("terms")).toBeUndefined();
    // The rest of the page is kept, and an outside returnTo is ignored.
    const on = await edit("terms", { intent: "activate", returnTo: "https://evil.example/" });
    expect(on.headers.get("location")).toBe("/admin/cms");
    expect(await getActiveCmsPage("terms")).toMatchObject({
      title: "Términos",
      content: "<h2>Compras</h2><p>Texto</p>",
    });
  });

  it("refuses customers", async () => {
    const response = await edit("terms", { title: "Hackeado" }, customerCookie);
    expect(response.status).toBe(403);
    expect((await getCmsPage("terms"))?.title).toBe("Términos");
  });
});

describe("the CMS tabs", () => {
  const keysOf = async (
    loader: (args: LoaderFunctionArgs) => Promise<unknown> | Response,
    path: string,
  ) =>
    ((await (await load(loader, path, adminCookie)).json()).pages as { key: string }[]).map(
      (page) => page.key,
    );

  it("lists the legal texts, the customer-service pages and every page", async () => {
    await db
      .insertInto("cmsPages")
      .values({ key: "envios-navidad", title: "Envíos de Navidad", content: "<p>Hasta el 20</p>" })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    expect(await keysOf(legalTabLoader, "/admin/cms")).toEqual(["terms", "privacy", "cookies"]);
    expect(await keysOf(customerServiceTabLoader, "/admin/cms/customer-service")).toEqual([
      "returns",
      "faq",
      "warranty",
      "tracking",
    ]);
    expect(await keysOf(allTabLoader, "/admin/cms/all")).toEqual([
      "terms",
      "privacy",
      "cookies",
      "returns",
      "faq",
      "warranty",
      "tracking",
      "envios-navidad",
    ]);
  });

  it("previews the first 500 characters of the text, without markup", async () => {
    const words = "Política de envío y devoluciones. ".repeat(40);
    await saveCmsPage("terms", {
      title: "Términos",
      content: `<h2>Envíos &amp; pagos</h2><p>${words}</p>`,
      metaDescription: null,
      isActive: true,
    });
    const [terms] = await listCmsPages("legal");
    expect(terms.preview.startsWith("Envíos & pagos Política de envío")).toBe(true);
    expect(terms.preview).toHaveLength(501);
    expect(terms.preview.endsWith("…")).toBe(true);
    expect(terms.preview).not.toContain("<");
  });

  it("refuses customers on every tab", async () => {
    for (const [loader, path] of [
      [legalTabLoader, "/admin/cms"],
      [customerServiceTabLoader, "/admin/cms/customer-service"],
      [allTabLoader, "/admin/cms/all"],
    ] as const) {
      expect((await load(loader, path, customerCookie)).status).toBe(403);
    }
  });
});

describe("the clean Spanish addresses", () => {
  it("redirect permanently and keep the query string", async () => {
    const terms = await load(terminosLoader, "/terminos?utm_source=whatsapp");
    expect(terms.status).toBe(301);
    expect(terms.headers.get("location")).toBe("/terms?utm_source=whatsapp");
    const tracking = await load(seguimientoLoader, "/seguimiento");
    expect(tracking.headers.get("location")).toBe("/track-order");
  });
});

describe("the public pages", () => {
  const setActive = (key: string, active: boolean) =>
    db
      .updateTable("cmsPages")
      .set({ isActive: active ? 1 : 0 })
      .where("key", "=", key)
      .execute();

  it("shows the legal page's built-in text, with its 'last updated' line, while the CMS page is off", async () => {
    await setActive("terms", false);
    const data = await (await load(termsLoader, "/terms")).json();
    expect(data.page).toBeNull();
    expect(data.fallback.title).toBe("Términos y Condiciones");
    // backoffice.md §2: the built-in text's 'last updated' line is today's date.
    expect(dayOfIso(data.fallback.lastUpdated)).toBe(dayOfIso(new Date().toISOString()));
    await setActive("terms", true);
    const active = await (await load(termsLoader, "/terms")).json();
    expect(active).toMatchObject({ page: { title: "Términos" }, fallback: null });
  });

  it("builds the returns text of §2: 7 days, the 5-step process, the shipping price of the settings", async () => {
    await db.deleteFrom("cmsPages").where("key", "in", ["returns", "warranty"]).execute();
    const { fallback } = await (await load(returnsLoader, "/returns")).json();
    expect(fallback.intro).toContain("7 días");
    const steps = fallback.sections.find(
      (section: { heading: string }) => section.heading === "Proceso de devolución",
    );
    expect(steps.blocks).toEqual([expect.objectContaining({ type: "ol" })]);
    expect(steps.blocks[0].items).toHaveLength(5);
    expect(fallback.contactButtons).toBe(true);
    // /authenticity reads the "warranty" page.
    expect((await (await load(authenticityLoader, "/authenticity")).json()).fallback.title).toBe(
      "Garantía de Autenticidad",
    );
    await saveCmsPage("warranty", {
      title: "Originales",
      content: "<p>Sí</p>",
      metaDescription: null,
      isActive: true,
    });
    expect((await (await load(authenticityLoader, "/authenticity")).json()).page.title).toBe(
      "Originales",
    );
  });

  it("answers the FAQ with 12 questions in the 5 categories, one category through ?category=", async () => {
    await db.deleteFrom("cmsPages").where("key", "=", "faq").execute();
    await updateSettings({ free_shipping_threshold: "2500" });
    try {
      const all = await (await load(faqLoader, "/faq")).json();
      expect(all.faq.map((group: { key: string }) => group.key)).toEqual([
        "general",
        "products",
        "orders",
        "shipping",
        "returns",
      ]);
      const questions = all.faq.flatMap((group: { questions: unknown[] }) => group.questions);
      expect(questions).toHaveLength(12);
      expect(JSON.stringify(all.faq)).toContain("L\u00a02,500.00");
      expect(all.category).toBeNull();
      expect((await (await load(faqLoader, "/faq?category=shipping")).json()).category).toBe(
        "shipping",
      );
      expect((await (await load(faqLoader, "/faq?category=otra")).json()).category).toBeNull();
    } finally {
      await updateSettings({ free_shipping_threshold: "2000" });
    }
    await saveCmsPage("faq", {
      title: "Dudas",
      content: "<h2>¿Envíos?</h2>",
      metaDescription: null,
      isActive: true,
    });
    expect(await (await load(faqLoader, "/faq")).json()).toMatchObject({
      page: { title: "Dudas", content: "<h2>¿Envíos?</h2>" },
      faq: null,
    });
  });
});
