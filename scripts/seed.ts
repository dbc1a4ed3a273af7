/**
 * `npm run db:seed [-- --force]`: migrates the store (DATABASE_URL, else DATA_DIR/store.db) and
 * fills it with the demo data when it is empty; `--force` empties it first (seed/seed.ts). The
 * administrator is ADMIN_EMAIL, with ADMIN_PASSWORD or a password printed once.
 */
import { getEnv } from "~/utils/env.server";
import { migrateToLatest, openStore } from "../db/connection";
import { seed } from "../seed/seed";

const env = getEnv();
const force = process.argv.includes("--force");
const db = openStore({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
try {
  await migrateToLatest(db);
  const result = await seed(db, {
    dataDir: env.DATA_DIR,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    force,
    log: console.log,
  });
  if (!result.seeded) {
    console.log(
      "Nada que hacer. Usa --force para borrar todo y volver a cargar los datos de demostración.",
    );
  } else {
    console.log(`\nAdministrador: ${env.ADMIN_EMAIL}`);
    if (result.adminPassword) {
      console.log(`Contraseña generada (se muestra solo esta vez): ${result.adminPassword}`);
    } else {
      console.log("Contraseña: la de ADMIN_PASSWORD");
    }
    if (result.demoCustomer) {
      console.log(
        `Cliente de demostración: ${result.demoCustomer.email} / ${result.demoCustomer.password}`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
