import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasePath } from "#db/connection";
import { createBackup, restoreBackup } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { guestCookie, pngBytes, postCheckout, putInCart } from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";
import { testingOnPostgres } from "../setup/database";

/*
 * The restore drill (issue 12): shoppers keep checking out through the production server, proof
 * included, while a backup is taken; the archive is restored into a fresh folder and the server
 * starts on it. Every order acknowledged (its redirect received) before the backup began must
 * be there with its items and its proof file, and nothing half-written may be. Needs
 * `npm run build`.
 */

const LANES = 4;
const dataDir = process.env.DATA_DIR!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-drill-"));
let server: Awaited<ReturnType<typeof startServer>>;
let png: Uint8Array;

beforeAll(async () => {
  [server, png] = await Promise.all([startServer(), pngBytes()]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

// A SQLite store's archive; postgres-backup.test.ts restores PostgreSQL's while orders arrive.
describe.skipIf(testingOnPostgres)("restore drill", () => {
  it("a backup taken while orders are placed restores every acknowledged order whole", async () => {
    const product = await createProduct(db, { stock: 100_000 });
    const acknowledged: string[] = [];
    const failures: unknown[] = [];
    let stopping = false;
    let placed = 0;

    async function shopper(lane: number) {
      while (!stopping) {
        const serial = placed++;
        const guest = await guestCookie();
        await putInCart(db, { guestId: guest.guestId }, product.id);
        const response = await postCheckout(server.baseUrl, {
          cookie: guest.cookie,
          // Proofs are limited per address: every order from an address of its own.
          clientIp: `10.${lane}.${Math.floor(serial / 250)}.${(serial % 250) + 1}`,
          png,
        });
        await response.arrayBuffer();
        expect(response.status).toBe(302);
        const orderId = new URL(response.headers.get("location")!, server.baseUrl).searchParams.get(
          "order",
        );
        acknowledged.push(orderId!);
      }
    }

    const lanes = Array.from({ length: LANES }, (_, lane) =>
      shopper(lane).catch((error: unknown) => {
        stopping = true;
        failures.push(error);
      }),
    );
    const waitFor = async (condition: () => boolean) => {
      while (!condition()) {
        if (failures.length > 0) throw failures[0];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor(() => acknowledged.length >= 12);
    const beforeBackup = [...acknowledged];
    const backup = await createBackup({ dataDir, backupDir: path.join(scratch, "backups") });
    const duringBackup = acknowledged.length - beforeBackup.length;
    // Keep selling a little after it, so the backup was taken in the middle of the traffic.
    await waitFor(() => acknowledged.length >= beforeBackup.length + duringBackup + LANES);
    stopping = true;
    await Promise.all(lanes);
    expect(failures).toEqual([]);
    expect(backup.verification.integrity).toBe("ok");

    const restoredDir = path.join(scratch, "restored");
    await restoreBackup({ archive: backup.path, dataDir: restoredDir });

    // The app starts on the restored store, and a restore into it is refused while it runs.
    const restoredServer = await startServer({ DATA_DIR: restoredDir });
    try {
      const catalog = await fetch(`${restoredServer.baseUrl}/catalog`);
      expect(catalog.status).toBe(200);
      await expect(
        restoreBackup({ archive: backup.path, dataDir: restoredDir, force: true }),
      ).rejects.toThrow("Un servidor");
    } finally {
      expect(await restoredServer.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(restoredDir, "server.pid"))).toBe(false);

    const sqlite = new SQLite(databasePath(restoredDir), { readonly: true });
    try {
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
      const orderWith = sqlite.prepare(
        `select (select count(*) from order_items where order_id = o.id) as items,
                (select file from payment_proofs where order_id = o.id) as proof
           from orders o where o.id = ?`,
      );
      for (const orderId of beforeBackup) {
        const order = orderWith.get(orderId) as { items: number; proof: string | null } | undefined;
        expect(order, `pedido ${orderId}`).toBeDefined();
        expect(order!.items).toBe(1);
        expect(order!.proof).not.toBeNull();
        expect(fs.existsSync(path.join(restoredDir, "uploads", "proofs", order!.proof!))).toBe(
          true,
        );
      }
      const count = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
      expect(
        count(
          "select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
        ),
      ).toBe(0);
      expect(
        count(
          "select count(*) as n from order_items i where not exists (select 1 from orders o where o.id = i.order_id)",
        ),
      ).toBe(0);
      const proofFiles = sqlite
        .prepare("select file from payment_proofs where order_id is not null")
        .pluck()
        .all() as string[];
      const missing = proofFiles.filter(
        (file) => !fs.existsSync(path.join(restoredDir, "uploads", "proofs", file)),
      );
      expect(missing).toEqual([]);
    } finally {
      sqlite.close();
    }
  }, 60_000);
});
