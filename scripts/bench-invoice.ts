/**
 * `npm run bench:invoice` (issue 42): what invoicing costs.
 * - Approvals: BENCH_INVOICE_ORDERS (200) pending orders approved at once through the lifecycle
 *   (changeOrderStatus, as the admin's screen), with 'Emitir facturas' off and then on: the time
 *   for all and the numbers issued (consecutive, none twice), on a migrated SQLite store in a
 *   temporary DATA_DIR.
 * - The PDF: an issued invoice drawn 200 times on A4 and on the 80 mm receipt (pdf.server.ts),
 *   the median time and the size of one. `BENCH_INVOICE_PDF=<file>` keeps it (A4), to look at.
 */
import { quantile, tempDataDir } from "./bench-lib";

const ORDERS = Number(process.env.BENCH_INVOICE_ORDERS ?? 200);
const DRAWS = 200;

process.env.DATA_DIR = tempDataDir();
const { migrateToLatest } = await import("../db/connection");
const { db } = await import("~/utils/db.server");
await migrateToLatest(db);
const { changeOrderStatus } = await import("~/models/orders/lifecycle.server");
const { updateSettings } = await import("~/models/settings/settings.server");
const { addRange } = await import("~/models/invoicing/ranges.server");
const { documentsOfOrder } = await import("~/models/invoicing/documents.server");
const { renderDocumentPdf } = await import("~/models/invoicing/pdf.server");
const { createProduct } = await import("../seed/factories/catalog");
const { createOrder } = await import("../seed/factories/orders");
const { createUser } = await import("../seed/factories/users");

const admin = { role: "admin" as const, userId: (await createUser(db, { role: "admin" })).id };
const product = await createProduct(db, { price: 150_000, stock: ORDERS * 2 });

async function approveAll() {
  const orders = [];
  for (let i = 0; i < ORDERS; i++) orders.push(await createOrder(db, { lines: [{ product }] }));
  const started = performance.now();
  const results = await Promise.all(
    orders.map((order) => changeOrderStatus({ orderId: order.id, to: "paid", actor: admin })),
  );
  const ms = performance.now() - started;
  const approved = results.filter((result) => result.ok).length;
  return { ms, approved, orders };
}

await updateSettings({ fiscal_invoicing: "false" });
const without = await approveAll();
console.log(
  `approvals without invoicing: ${without.approved}/${ORDERS} in ${without.ms.toFixed(0)} ms (${(without.ms / ORDERS).toFixed(2)} ms each)`,
);

await updateSettings({ fiscal_invoicing: "true", fiscal_rtn: "08019012345678" });
await addRange(
  {
    kind: "invoice",
    cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
    prefix: "000-001-01-",
    first: 1,
    last: 99_999,
    deadline: new Date(Date.now() + 365 * 86_400_000),
    createdBy: null,
  },
  new Date(),
);
const withInvoices = await approveAll();
const numbers = await db
  .selectFrom("fiscalDocuments")
  .select("correlative")
  .orderBy("correlative")
  .execute();
const consecutive = numbers.every((row, index) => row.correlative === index + 1);
console.log(
  `approvals with invoicing:    ${withInvoices.approved}/${ORDERS} in ${withInvoices.ms.toFixed(0)} ms (${(withInvoices.ms / ORDERS).toFixed(2)} ms each); ${numbers.length} invoices, consecutive: ${consecutive}`,
);

const [issued] = await documentsOfOrder(withInvoices.orders[0]!.id);
if (process.env.BENCH_INVOICE_PDF) {
  const fs = await import("node:fs");
  fs.writeFileSync(process.env.BENCH_INVOICE_PDF, await renderDocumentPdf(issued!.document));
}
for (const format of ["a4", "ticket"] as const) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < DRAWS; i++) {
    const started = performance.now();
    const pdf = await renderDocumentPdf(issued!.document, format);
    times.push(performance.now() - started);
    bytes = pdf.byteLength;
  }
  times.sort((x, y) => x - y);
  console.log(
    `PDF ${format.padEnd(6)}: median ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, ${(bytes / 1024).toFixed(1)} KB`,
  );
}
await db.destroy();
