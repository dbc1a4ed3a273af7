/**
 * Start-up step of `npm start` / `npm run dev`: brings the schema up to date, hashes payment
 * proofs stored before their hash was kept, and fills an empty store with the demo data,
 * printing the admin sign-in the first time.
 */
import { getEnv } from "~/utils/env.server";
import { copyFolderToStore, fileStore, uploadsDirIn } from "~/models/files/stored-files.server";
import { backfillProofHashes } from "~/models/checkout/proof-hash-backfill.server";
import { migrateToLatest, openStore } from "../db/connection";
import { seed } from "../seed/seed";

async function main() {
  const env = getEnv();
  const db = openStore({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    const { results } = await migrateToLatest(db);
    for (const result of results ?? [])
      console.log(`[db] migración ${result.migrationName}: ${result.status}`);
    const backfill = await backfillProofHashes(db, { dataDir: env.DATA_DIR });
    if (backfill.hashed > 0 || backfill.missing.length > 0) {
      console.log(
        `[db] huella de comprobantes: ${backfill.hashed} calculadas, ${backfill.missing.length} sin archivo`,
      );
    }
    const outcome = await seed(db, {
      dataDir: env.DATA_DIR,
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
    });
    if (outcome.seeded && env.uploadsBucket) {
      // The seed draws its pictures into DATA_DIR/uploads; the store reads them from the bucket.
      const store = fileStore();
      const copied = await copyFolderToStore(uploadsDirIn(env.DATA_DIR), store);
      console.log(`[db] ${copied} imagen(es) de demostración copiadas a ${store.bucketLocation}`);
    }
    if (outcome.seeded) {
      console.log("\nTienda de demostración creada en", env.DATA_DIR);
      console.log("  Administrador:", env.ADMIN_EMAIL);
      console.log(
        "  Contraseña:   ",
        env.ADMIN_PASSWORD
          ? "(la de ADMIN_PASSWORD)"
          : `${outcome.adminPassword}  ← guárdala: no se volverá a mostrar`,
      );
      console.log(`  Abre http://localhost:${env.PORT} (panel en /admin-access)\n`);
    }
  } finally {
    await db.destroy();
  }
}

await main();
