import { describe, expect, it } from "vitest";
import { revokeApiToken } from "~/models/auth/api-tokens.server";
import { listCatalog, parseCatalogQuery } from "~/models/catalog/catalog.server";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../../db/factories/catalog";
import { createUser } from "../../../db/factories/users";
import { callers, tokenFor, useApiServer } from "../../setup/api-client";

const api = useApiServer();

describe("the API's plumbing: errors, tokens, ETags", () => {
  it("answers an unknown address, a wrong method and bad query with a problem", async () => {
    const unknown = await api.get("/api/no-existe");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ status: 404, title: "No encontrado" });

    const wrongMethod = await api.call("DELETE", "/api/brands");
    expect(wrongMethod.status).toBe(403); // a write with no token and no Origin
    const { asAdmin } = await callers();
    const deleteBrands = await api.call("PATCH", "/api/products/new", { as: asAdmin });
    expect(deleteBrands.status).toBe(405);
    expect(deleteBrands.headers.get("allow")).toBe("GET");

    const badLimit = await api.get("/api/products?limit=500&gender=robot");
    expect(badLimit.status).toBe(400);
    expect(Object.keys(badLimit.body.errors).sort()).toEqual(["gender", "limit"]);
    expect(badLimit.body.detail).toBe("Revisa los parámetros de la consulta.");
  });

  it("refuses a malformed, unknown or revoked token on the next request", async () => {
    const malformed = await api.get("/api/brands", { headers: { Authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get("www-authenticate")).toContain("Bearer");

    const unknown = await api.get("/api/brands", {
      as: { token: "pf_" + "x".repeat(43) },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("invalid_token");

    const user = await createUser(db);
    const { token, id } = await tokenFor(user);
    expect((await api.get("/api/brands", { as: { token } })).status).toBe(200);
    expect(await revokeApiToken(id)).toBe(true);
    const revoked = await api.get("/api/brands", { as: { token } });
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toBe("El token no es válido o fue revocado.");
  });

  it("stores only the token's hash, and records its last use", async () => {
    const user = await createUser(db);
    const { token, id } = await tokenFor(user);
    await api.get("/api/brands", { as: { token } });
    const row = await db
      .selectFrom("apiTokens")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.slice(3));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prefix).toBe(token.slice(0, 10));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("answers a public read with an ETag, and 304 while it is unchanged", async () => {
    const brand = await createBrand(db, { name: `Etag ${Date.now()}` });
    const first = await api.get("/api/brands");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.body).toContainEqual({ id: brand.id, name: brand.name });

    const again = await api.get("/api/brands", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");

    await db
      .updateTable("brands")
      .set({ name: `${brand.name} 2` })
      .where("id", "=", brand.id)
      .execute();
    const changed = await api.get("/api/brands", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});

describe("tokens' scope and rate limit", () => {
  it("refuses every write of the document to a read-only token, before reading its input", async () => {
    const document = (await api.get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const admin = await createUser(db, { role: "admin" });
    const { token } = await tokenFor(admin, { scope: "read" });
    const writes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== "get")
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, "1") })),
    );
    expect(writes.length).toBeGreaterThan(40);
    for (const { method, path } of writes) {
      const answer = await api.call(method, path, { as: { token }, body: {} });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body, `${method} ${path}`).toMatchObject({
        code: "read_only_token",
        detail: "Este token solo permite lecturas.",
      });
    }
    // Its reads still answer.
    expect((await api.get("/api/admin/stats", { as: { token } })).status).toBe(200);
  });

  it("limits a token to 600 calls a minute, with Retry-After, and not its neighbours", async () => {
    const user = await createUser(db);
    const busy = await tokenFor(user);
    const calm = await tokenFor(user);
    const answers = await Promise.all(
      Array.from({ length: 601 }, () => api.get("/api/brands", { as: { token: busy.token } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(600);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(limited.body.detail).toBe(
      "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.",
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await api.get("/api/brands", { as: { token: calm.token } })).status).toBe(200);
  });
});

describe("catalogue calls", () => {
  it("lists what /catalog lists for the same filters, page by page", async () => {
    const brand = await createBrand(db, { name: `Api Marca ${Date.now()}` });
    for (let i = 0; i < 5; i++) {
      await createProduct(db, { brandId: brand.id, name: `Ámbar Api ${i}`, price: 100_000 + i });
    }
    const params = new URLSearchParams({ brandId: String(brand.id), sortBy: "price-low" });
    const page = await listCatalog({ query: parseCatalogQuery(params), pageSize: 2 });
    const answer = await api.get(`/api/products?${params}&limit=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, pageCount: 3, total: 5, limit: 2 });
    expect(answer.body.items.map((p: { id: number }) => p.id)).toEqual(
      page.products.map((p) => p.id),
    );
    const last = await api.get(`/api/products?${params}&limit=2&page=9`);
    expect(last.body.page).toBe(3);
    expect(last.body.items).toHaveLength(1);
  });

  it("gives a product by slug, and 404 for an inactive or unknown one", async () => {
    const product = await createProduct(db, { images: JSON.stringify(["0123456789abcdef"]) });
    const answer = await api.get(`/api/products/slug/${product.slug}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: product.id,
      price: product.price,
      images: ["/images/products/0123456789abcdef-640.webp"],
    });
    const hidden = await createProduct(db, { isActive: 0 });
    const missing = await api.get(`/api/products/slug/${hidden.slug}`);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Producto no encontrado");
  });

  it("keeps the admin list for admins", async () => {
    const { asCustomer } = await callers();
    const refused = await api.get("/api/products?admin=true", { as: asCustomer });
    expect(refused.status).toBe(403);
  });
});
