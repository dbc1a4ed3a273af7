import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAI_MESSAGE, RANGE_REFUSALS } from "~/models/invoicing/fiscal";
import {
  DOCUMENT_TITLES,
  FINAL_CONSUMER,
  type DocumentContent,
  type DocumentTotals,
} from "~/models/invoicing/document";
import { issueDocument } from "~/models/invoicing/numbering.server";
import {
  addRange,
  fiscalRangeAlerts,
  RANGE_ENTRY_MESSAGES,
} from "~/models/invoicing/ranges.server";
import { monthTotals } from "~/models/invoicing/books.server";
import { RANGE_FORM_MESSAGES } from "~/web/forms/fiscal-range-form.server";
import { SECOND_FACTOR_MESSAGES } from "~/web/two-factor.server";
import { addDays, endOfDayIso, hondurasDay } from "~/utils/dates";
import { db } from "~/utils/db.server";
import { updateSettings } from "~/models/settings/settings.server";
import type { FiscalDocumentKind } from "#db/types";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { sampleContent } from "../setup/fiscal-samples";
import { createUser } from "../../seed/factories/users";
import { startServer } from "../setup/http-server";
import { sessionCookie, signedInCookie } from "../setup/route-helpers";
import { enrolTwoFactor } from "../setup/two-factor";

/*
 * Decision 173 over HTTP against the built server (`npm run build`): the authorised ranges on
 * the 'Facturación' settings tab, the dashboard's warnings, and the books at /admin/facturacion
 * with their CSV. Documents are issued through the numbering (issueDocument), as the orders'
 * changes issue them.
 */

const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
const OTHER_CAI = "AABBCC-DDEEFF-001122-334455-667788-99";
const TAB = "/admin/settings/facturacion";
const YEAR_AHEAD = new Date(Date.now() + 365 * 86_400_000);

let server: Awaited<ReturnType<typeof startServer>>;
let adminId: number;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  server = await startServer();
  adminId = (await createUser(db, { role: "admin" })).id;
  adminCookie = await signedInCookie(adminId);
  customerCookie = await signedInCookie((await createUser(db)).id);
});
afterAll(async () => {
  await server?.stop();
});

async function clearFiscalTables() {
  await db.updateTable("fiscalDocuments").set({ reversesId: null }).execute();
  await db.deleteFrom("fiscalDocuments").execute();
  await db.deleteFrom("fiscalRanges").execute();
}

const get = (pathname: string, cookie?: string) =>
  fetch(server.baseUrl + pathname, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });

const post = (pathname: string, fields: Record<string, string>, cookie?: string) =>
  fetch(server.baseUrl + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

/** A session whose second factor is not fresh (a remembered device): dangerous acts ask a code. */
async function staleAdmin() {
  const user = await createUser(db, { role: "admin" });
  const { recoveryCodes } = await enrolTwoFactor(db, user.id);
  const cookie = await sessionCookie({
    userId: user.id,
    secondFactor: { method: "device", provedAt: null },
  });
  return { cookie, code: recoveryCodes[0] };
}

/** The range form as a browser posts it. */
function rangeForm(fields: Partial<Record<string, string>> = {}) {
  const day = addDays(hondurasDay(new Date()), 200);
  return {
    intent: "add-range",
    kind: "invoice",
    cai: CAI.toLowerCase(),
    prefix: "000-001-01",
    first: "1",
    last: "500",
    deadline: day,
    ...fields,
  } as Record<string, string>;
}

const rangeRows = () => db.selectFrom("fiscalRanges").selectAll().orderBy("id").execute();

/** React writes an apostrophe or a quote as an entity; the messages are compared as text. */
const text = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** The documents a books page lists, in its order: each row's heading is its number. */
const rowNumbers = (page: string) =>
  [...page.matchAll(/scope="row"[^>]*>(?:<span[^>]*>)?(\d{3}-\d{3}-\d{2}-\d{8})/g)].map(
    (match) => match[1],
  );

/* A small document builder (the documents' own tests check their content). */
const NO_TOTALS: DocumentTotals = {
  subtotal: 0,
  discount: 0,
  exempt: 0,
  exonerated: 0,
  taxed: 0,
  taxPercentage: 15,
  tax: 0,
  shipping: 0,
  surcharge: 0,
  total: 0,
};

function content(options: {
  kind?: FiscalDocumentKind;
  buyer?: { name: string; rtn: string | null };
  order?: { id: string; number: string };
  totals?: Partial<DocumentTotals>;
  reverses?: { number: string; issuedAt: string; reason: string } | null;
}): DocumentContent {
  const kind = options.kind ?? "invoice";
  return sampleContent({
    kind,
    title: DOCUMENT_TITLES[kind],
    buyer: options.buyer ?? { name: FINAL_CONSUMER, rtn: null },
    order: options.order ?? { id: "-", number: "-" },
    totals: { ...NO_TOTALS, ...options.totals },
    reverses: options.reverses ?? null,
  });
}

async function range(kind: FiscalDocumentKind, prefix: string, first = 1, last = 500) {
  const added = await addRange({
    kind,
    cai: CAI,
    prefix,
    first,
    last,
    deadline: YEAR_AHEAD,
    createdBy: null,
  });
  if (!added.ok) throw new Error(added.message);
  return added.id;
}

async function issue(
  at: string,
  options: Parameters<typeof content>[0] & { orderId?: string | null; reversesId?: number },
) {
  const issued = await issueDocument(db, {
    orderId: options.orderId ?? null,
    reversesId: options.reversesId,
    content: content(options),
    now: new Date(at),
  });
  if (!issued.ok) throw new Error(issued.message);
  return issued;
}

describe("who may see and change the books and the ranges", () => {
  beforeAll(clearFiscalTables);

  it("sends a visitor to sign in and answers 403 to a customer, changing nothing", async () => {
    for (const pathname of [
      "/admin/facturacion",
      "/admin/facturacion?mes=2026-08",
      "/admin/facturacion/exportar?mes=2026-08",
      TAB,
    ]) {
      const visitor = await get(pathname);
      expect(visitor.status, pathname).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      const customer = await get(pathname, customerCookie);
      expect(customer.status, pathname).toBe(403);
    }
    const customer = await post(TAB, rangeForm(), customerCookie);
    expect(customer.status).toBe(403);
    const visitor = await post(TAB, rangeForm());
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(await rangeRows()).toEqual([]);
  });

  it("lists 'Facturación' in the panel's navigation", async () => {
    const page = await get("/admin", adminCookie);
    expect(await page.text()).toMatch(/href="\/admin\/facturacion"/);
  });
});

describe("the authorised ranges on the 'Facturación' tab", () => {
  beforeEach(clearFiscalTables);

  it("refuses a bad CAI, prefix or numbers with their messages, writing nothing", async () => {
    const badCai = await post(TAB, rangeForm({ cai: "35A1B2-C3D4" }), adminCookie);
    expect(badCai.status).toBe(400);
    const page = await text(badCai);
    expect(page).toContain(CAI_MESSAGE);
    // The form comes back as typed.
    expect(page).toContain('value="35A1B2-C3D4"');

    const badPrefix = await post(TAB, rangeForm({ prefix: "001-01" }), adminCookie);
    expect(badPrefix.status).toBe(400);
    expect(await text(badPrefix)).toContain(RANGE_FORM_MESSAGES.prefix);

    const badNumber = await post(TAB, rangeForm({ last: "123456789" }), adminCookie);
    expect(badNumber.status).toBe(400);
    expect(await text(badNumber)).toContain(RANGE_FORM_MESSAGES.number);

    const backwards = await post(TAB, rangeForm({ first: "500", last: "1" }), adminCookie);
    expect(backwards.status).toBe(400);
    expect(await text(backwards)).toContain("El número final no puede ser menor que el inicial.");

    const past = await post(TAB, rangeForm({ deadline: "2020-01-31" }), adminCookie);
    expect(past.status).toBe(400);
    expect(await text(past)).toContain(RANGE_FORM_MESSAGES.deadlinePassed);

    expect(await rangeRows()).toEqual([]);
  });

  it("enters a range: its CAI in capitals, the deadline the end of that day in Honduras", async () => {
    const form = rangeForm();
    const entered = await post(TAB, form, adminCookie);
    expect(entered.status).toBe(302);
    expect(entered.headers.get("location")).toBe(TAB);
    const [row] = await rangeRows();
    expect(row).toMatchObject({
      kind: "invoice",
      cai: CAI,
      prefix: "000-001-01-",
      firstNumber: 1,
      lastNumber: 500,
      nextNumber: 1,
      deadline: endOfDayIso(form.deadline),
      createdBy: adminId,
      retiredAt: null,
    });
    expect(row.deadline).toMatch(/T05:59:59\.999Z$/);

    const page = await text(await get(TAB, adminCookie));
    expect(page).toContain("Rangos autorizados");
    expect(page).toContain("000-001-01-00000001");
    expect(page).toContain("000-001-01-00000500");
    expect(page).toContain("Activo");
    expect(page).toContain("0 de 500 usados");
    // Ranges are never edited: no form names a range's fields but the one that adds.
    expect(page.match(/name="cai"/g)).toHaveLength(1);
  });

  it("refuses a range already entered, and one whose numbers another range holds", async () => {
    expect((await post(TAB, rangeForm(), adminCookie)).status).toBe(302);
    const again = await post(TAB, rangeForm(), adminCookie);
    expect(again.status).toBe(400);
    expect(await text(again)).toContain(RANGE_ENTRY_MESSAGES.duplicate);

    const overlapping = await post(
      TAB,
      rangeForm({ cai: OTHER_CAI, first: "400", last: "900" }),
      adminCookie,
    );
    expect(overlapping.status).toBe(400);
    expect(await text(overlapping)).toContain(
      "Esos números ya están en el rango 000-001-01-00000001 a 000-001-01-00000500",
    );
    expect(await rangeRows()).toHaveLength(1);

    // The next one the SAR authorised, and the credit notes' own prefix, are fine.
    expect(
      (await post(TAB, rangeForm({ cai: OTHER_CAI, first: "501", last: "900" }), adminCookie))
        .status,
    ).toBe(302);
    expect(
      (await post(TAB, rangeForm({ kind: "credit_note", prefix: "000-001-03-" }), adminCookie))
        .status,
    ).toBe(302);
    expect(await rangeRows()).toHaveLength(3);
  });

  it("asks a session without a fresh second factor for a code, and takes a right one", async () => {
    const stale = await staleAdmin();
    const page = await text(await get(TAB, stale.cookie));
    expect(page).toContain('name="stepUpCode"');

    const refused = await post(TAB, rangeForm(), stale.cookie);
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain(SECOND_FACTOR_MESSAGES.stepUp);
    expect(await rangeRows()).toEqual([]);

    const wrong = await post(TAB, { ...rangeForm(), stepUpCode: "000000" }, stale.cookie);
    expect(wrong.status).toBe(403);
    expect(await rangeRows()).toEqual([]);

    const entered = await post(TAB, { ...rangeForm(), stepUpCode: stale.code }, stale.cookie);
    expect(entered.status).toBe(302);
    expect(await rangeRows()).toHaveLength(1);
  });

  it("retires a range from a second step, which asks for the code when it is due", async () => {
    const id = await range("invoice", "000-001-01-");
    const step = await text(await get(`${TAB}?retirar=${id}`, adminCookie));
    expect(step).toContain("Sí, retirar el rango");
    expect(step).toContain('name="intent" value="retire-range"');

    const stale = await staleAdmin();
    expect(await text(await get(`${TAB}?retirar=${id}`, stale.cookie))).toContain(
      'name="stepUpCode"',
    );
    const refused = await post(TAB, { intent: "retire-range", rangeId: String(id) }, stale.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${TAB}?retirar=${id}`);
    expect((await rangeRows())[0].retiredAt).toBeNull();

    const retired = await post(TAB, { intent: "retire-range", rangeId: String(id) }, adminCookie);
    expect(retired.status).toBe(302);
    expect(retired.headers.get("location")).toBe(TAB);
    expect((await rangeRows())[0].retiredAt).not.toBeNull();
    const page = await text(await get(TAB, adminCookie));
    expect(page).toContain("Retirado");
    // A retired range offers no 'Retirar', and its step is not drawn any more.
    expect(page).not.toContain("Retirar el rango 000-001-01-00000001");
    expect(await text(await get(`${TAB}?retirar=${id}`, adminCookie))).not.toContain(
      "Sí, retirar el rango",
    );
  });

  it("still saves the issuer's data with the ranges on the same tab", async () => {
    const saved = await post(
      TAB,
      {
        fiscal_legal_name: "Perfumería de Lujo S. de R.L.",
        fiscal_rtn: "0801-1901-512345",
        fiscal_address: "Tegucigalpa",
        fiscal_phone: "+504 2222-0000",
        fiscal_email: "facturas@perfumeria.hn",
      },
      adminCookie,
    );
    expect(saved.status).toBe(302);
    expect(await rangeRows()).toEqual([]);
  });
});

describe("the dashboard's warnings (90 % used, 30 days before the deadline)", () => {
  beforeEach(clearFiscalTables);

  /** A range of 100 numbers with `used` of them taken, and its deadline `days` days away. */
  async function rangeAt(used: number, days: number, prefix = "000-001-01-") {
    const added = await addRange({
      kind: "invoice",
      cai: CAI,
      prefix,
      first: 1,
      last: 100,
      deadline: new Date(Date.now() + (days + 0.5) * 86_400_000),
      createdBy: null,
    });
    if (!added.ok) throw new Error(added.message);
    await db
      .updateTable("fiscalRanges")
      .set({ nextNumber: 1 + used })
      .where("id", "=", added.id)
      .execute();
    return added.id;
  }

  it("says nothing while no range was entered, nor for a range far from both", async () => {
    expect(await fiscalRangeAlerts()).toEqual([]);
    await rangeAt(89, 31);
    expect(await fiscalRangeAlerts()).toEqual([]);
  });

  it("warns at 90 % of a range and 30 days before its deadline, with a link to the ranges", async () => {
    await rangeAt(90, 30);
    const messages = (await fiscalRangeAlerts()).map((alert) => alert.message);
    expect(messages).toEqual([
      "El rango de facturas 000-001-01-00000001 a 000-001-01-00000100 va por el 90 %: pide al SAR el siguiente.",
      expect.stringMatching(
        /^El rango de facturas 000-001-01-00000001 a 000-001-01-00000100 vence en 30 días \(\d{2}\/\d{2}\/\d{4}\): pide al SAR un rango nuevo\.$/,
      ),
    ]);
    const page = await text(await get("/admin", adminCookie));
    for (const message of messages) expect(page).toContain(message);
    expect(page).toContain(`href="${TAB}"`);
  });

  it("warns when invoicing has no active range left", async () => {
    const id = await rangeAt(0, 200);
    expect(await fiscalRangeAlerts()).toEqual([]);
    await db
      .updateTable("fiscalRanges")
      .set({ retiredAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await fiscalRangeAlerts()).toEqual([{ rangeId: null, message: RANGE_REFUSALS.none }]);
    expect(await fiscalRangeAlerts(new Date(), { invoicing: false })).toEqual([]);
    // The dashboard asks the owner's switch, 'Emitir facturas' (decision 171).
    expect(await text(await get("/admin", adminCookie))).not.toContain(RANGE_REFUSALS.none);
    await updateSettings({ fiscal_invoicing: "true" });
    try {
      expect(await text(await get("/admin", adminCookie))).toContain(RANGE_REFUSALS.none);
    } finally {
      await db.deleteFrom("settings").where("key", "=", "fiscal_invoicing").execute();
    }
  });
});

describe("the books at /admin/facturacion and their CSV", () => {
  let invoiceA: Awaited<ReturnType<typeof issue>>;
  let orderA: { id: string; orderNumber: string };

  beforeAll(async () => {
    await clearFiscalTables();
    await range("invoice", "000-001-01-");
    await range("credit_note", "000-001-03-");
    const product = await createProduct(db, { stock: 10 });
    orderA = await createOrder(db, { lines: [{ product }] });
    const deleted = await createOrder(db, { lines: [{ product }] });

    // August 2026, in Honduras' time.
    invoiceA = await issue("2026-08-05T15:00:00.000Z", {
      buyer: { name: "Comercial Pérez S.A.", rtn: "08011990123456" },
      order: { id: orderA.id, number: orderA.orderNumber },
      orderId: orderA.id,
      totals: { taxed: 100_000, tax: 15_000, total: 115_000 },
    });
    await issue("2026-08-20T18:30:00.000Z", {
      buyer: { name: '=HYPERLINK("x")', rtn: null },
      order: { id: deleted.id, number: deleted.orderNumber },
      orderId: deleted.id,
      totals: { exempt: 50_000, total: 50_000 },
    });
    await issue("2026-08-25T16:00:00.000Z", {
      kind: "credit_note",
      buyer: { name: "Comercial Pérez S.A.", rtn: "08011990123456" },
      order: { id: orderA.id, number: orderA.orderNumber },
      orderId: orderA.id,
      reversesId: invoiceA.id,
      reverses: {
        number: invoiceA.number,
        issuedAt: invoiceA.document.issuedAt,
        reason: "Pedido cancelado",
      },
      totals: { taxed: 100_000, tax: 15_000, total: 115_000 },
    });
    // 1 September 2026 at 05:00 UTC is still 31 August in Honduras.
    await issue("2026-09-01T05:00:00.000Z", {
      buyer: { name: "Ana Núñez", rtn: null },
      totals: { taxed: 20_000, tax: 3_000, total: 23_000 },
    });
    await issue("2026-09-02T15:00:00.000Z", {
      buyer: { name: "Distribuidora Sula", rtn: "05011985000123" },
      totals: { taxed: 40_000, tax: 6_000, total: 46_000 },
    });
    // The order is deleted: the documents stay, and say which order they were for.
    await db.deleteFrom("orderItems").where("orderId", "=", deleted.id).execute();
    await db.deleteFrom("orders").where("id", "=", deleted.id).execute();
  });

  it("adds a month's figures up, its credit notes subtracted, by Honduras' calendar", async () => {
    expect(await monthTotals("2026-08")).toEqual({
      taxed: 20_000,
      tax: 3_000,
      exempt: 50_000,
      exonerated: 0,
      total: 73_000,
      invoices: 3,
      creditNotes: 1,
    });
    expect(await monthTotals("2026-09")).toMatchObject({ taxed: 40_000, total: 46_000 });
    expect(await monthTotals("2026-07")).toMatchObject({ total: 0, invoices: 0 });
  });

  it("lists a month newest first, with its totals, links and each document's state", async () => {
    const response = await get("/admin/facturacion?mes=2026-08", adminCookie);
    expect(response.status).toBe(200);
    const page = await text(response);
    expect(page).toContain("Totales de agosto de 2026");
    expect(page).toContain("L\u00a0730.00");
    expect(page).toContain("-L\u00a01,150.00");
    expect(rowNumbers(page)).toEqual([
      "000-001-01-00000003",
      "000-001-03-00000001",
      "000-001-01-00000002",
      "000-001-01-00000001",
    ]);
    // As read: the numbers sit in spans of their own (they never break across lines).
    const read = page.replace(/<[^>]*>/g, "");
    expect(read).toContain("Anulada por nota de crédito 000-001-03-00000001");
    expect(read).toContain("Nota de crédito de 000-001-01-00000001");
    expect(page).toContain("RTN 0801-1990-123456");
    expect(page).toContain(FINAL_CONSUMER);
    expect(page).toContain(`href="/admin/orders/${orderA.id}"`);
    expect(page).toContain(`href="/orders/${orderA.id}/factura"`);
    expect(page).toContain("Pedido eliminado");
    expect(page).toContain('href="/admin/facturacion/exportar?mes=2026-08"');
    // The months that have documents are offered.
    expect(page).toContain('href="/admin/facturacion?mes=2026-09"');
    expect(page).toContain("3 facturas menos 1 nota de crédito.");
  });

  it("searches by number, by RTN with or without dashes, and by name", async () => {
    const found = async (query: string, month = "todos") => {
      const page = await text(
        await get(
          `/admin/facturacion?${new URLSearchParams({ mes: month, q: query })}`,
          adminCookie,
        ),
      );
      return rowNumbers(page);
    };
    expect(await found("00000002")).toEqual(["000-001-01-00000002"]);
    expect(await found("0801-1990-123456")).toEqual(["000-001-03-00000001", "000-001-01-00000001"]);
    expect(await found("05011985000123")).toEqual(["000-001-01-00000004"]);
    expect(await found("núñez")).toEqual(["000-001-01-00000003"]);
    expect(await found("sula", "2026-08")).toEqual([]);
    expect(await found("100%")).toEqual([]);
  });

  it("opens on this month by default", async () => {
    const now = new Date();
    const issued = await issue(now.toISOString(), {
      buyer: { name: "Cliente de este mes", rtn: null },
      totals: { taxed: 1_000, tax: 150, total: 1_150 },
    });
    const page = await text(await get("/admin/facturacion", adminCookie));
    expect(page).toContain(issued.number);
    expect(page).not.toContain("000-001-01-00000001");
  });

  it("exports a month as CSV: the accountant's columns, negative credit notes, formulas defused", async () => {
    const response = await get("/admin/facturacion/exportar?mes=2026-08", adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="facturacion-2026-08.csv"',
    );
    // fetch's text() drops the byte-order mark: read the bytes as they came.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFNúmero;Fecha;RTN del cliente;Cliente;Importe gravado;ISV;Total;Estado",
      "000-001-01-00000001;2026-08-05 09:00;0801-1990-123456;Comercial Pérez S.A.;1000.00;150.00;1150.00;Anulada por nota de crédito 000-001-03-00000001",
      `000-001-01-00000002;2026-08-20 12:30;;"'=HYPERLINK(""x"")";0.00;0.00;500.00;Emitida`,
      "000-001-03-00000001;2026-08-25 10:00;0801-1990-123456;Comercial Pérez S.A.;-1000.00;-150.00;-1150.00;Nota de crédito de 000-001-01-00000001",
      "000-001-01-00000003;2026-08-31 23:00;;Ana Núñez;200.00;30.00;230.00;Emitida",
      "",
    ]);
    const bad = await get("/admin/facturacion/exportar?mes=2026-13", adminCookie);
    expect(bad.status).toBe(400);
  });
});
