import { describe, expect, it } from "vitest";
import { setMaintenanceMode } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../../seed/factories/catalog";
import { createUser } from "../../../seed/factories/users";
import { fuzzApi, type FuzzCaller, type OpenApi } from "../../setup/api-fuzzer";
import { tokenFor, useApiServer } from "../../setup/api-client";

/*
 * Issue 25: every operation of /api/openapi.json, fuzzed from its own schemas against the built
 * server as a visitor, a customer and an admin: no 5xx (but the maintenance 503 the document
 * lists), no status the document does not list for the operation, no body outside its schema.
 * FUZZ_RUNS (default 8) requests per operation and caller; `npm run fuzz:api` runs 60 and
 * prints the summary.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
// The run's seed, printed with its summary: `npm test` sends the same requests every time
// (FUZZ_SEED unset: a fixed seed), `npm run fuzz:api` new ones (FUZZ_SEED=random), and
// FUZZ_SEED=<a printed seed> repeats a run.
const SEED =
  process.env.FUZZ_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_127);

const api = useApiServer();

/** Several tokens per role, taken in turn, so the per-token rate limit does not end the run. */
async function rotatingTokens(user: { id: number; role: string }, count: number) {
  const tokens = await Promise.all(Array.from({ length: count }, () => tokenFor(user)));
  let next = 0;
  return () => ({ Authorization: `Bearer ${tokens[next++ % tokens.length]!.token}` });
}

describe("the API fuzzed from its OpenAPI document", () => {
  it("never answers 5xx or outside the document", { timeout: 600_000 }, async () => {
    const document = (await api.get("/api/openapi.json")).body as OpenApi;
    const brand = await createBrand(db, { name: `Fuzz ${Date.now()}` });
    const products = await Promise.all(
      Array.from({ length: 3 }, () => createProduct(db, { brandId: brand.id, stock: 50 })),
    );
    const throwaway = await Promise.all(Array.from({ length: 3 }, () => createUser(db)));
    const customer = await createUser(db, { role: "customer" });
    const admin = await createUser(db, { role: "admin" });
    // A visitor's calls spread over addresses (the server believes X-Forwarded-For from
    // loopback, where the test runs), so the per-visitor limit does not end the run either.
    let visitor = 0;
    const callers: FuzzCaller[] = [
      {
        name: "visitante",
        // A browser on the store's own pages: its writes pass the Origin check and reach the call.
        headers: () => ({
          Origin: api.origin,
          "X-Forwarded-For": `10.9.${visitor % 250}.${(visitor++ >> 8) % 250}`,
        }),
      },
      { name: "cliente", headers: await rotatingTokens(customer, 6) },
      { name: "admin", headers: await rotatingTokens(admin, 6) },
    ];
    const summary = await fuzzApi({
      baseUrl: api.baseUrl,
      document,
      callers,
      runs: RUNS,
      seed: SEED,
      ids: [...products.map((p) => p.id), ...throwaway.map((u) => u.id)],
      // A valid settings body may switch maintenance on: every write would then answer the
      // documented 503, so each operation after it starts with the store open again.
      afterOperation: () => setMaintenanceMode(false),
    });
    console.log(
      `[fuzz] seed ${SEED}: ${summary.operations} operations, ${summary.requests} requests, statuses ${JSON.stringify(summary.byStatus)}, ${summary.failures.length} failures`,
    );
    expect(summary.operations).toBe(Object.values(document.paths).flatMap(Object.keys).length);
    expect(summary.failures.slice(0, 20)).toEqual([]);
  });
});
