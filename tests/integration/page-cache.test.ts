import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toggleProductActive } from "~/models/catalog/admin-products.server";
import { updateBrand } from "~/models/catalog/brands.server";
import { addToCart } from "~/models/cart/cart.server";
import { saveCmsPage } from "~/models/content/cms.server";
import { setMaintenanceMode, updateSettings } from "~/models/settings/settings.server";
import { addToWishlist } from "~/models/catalog/wishlist.server";
import { db } from "~/utils/db.server";
import { commitSession, getSession } from "~/web/session.server";
import { createBrand, createProduct, type CreatedProduct } from "../../db/factories/catalog";
import { approveReview, createReview } from "../../db/factories/reviews";
import { createUser } from "../../db/factories/users";
import { startServer } from "../setup/http-server";
import { sessionCookie } from "../setup/route-helpers";

/*
 * Issue 11's page cache, over real HTTP against the built server (scripts/server.mjs): this
 * process writes to the server's SQLite file the way the admin, a script or another worker
 * would, so every invalidation goes through the triggers of migration 20261223T0200.
 * A 304 answers only from the cache (a render never does), so it proves a page was stored.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let product: CreatedProduct;

beforeAll(async () => {
  server = await startServer();
  // Featured, so that the home page shows it (and its heart) too.
  product = await createProduct(db, { name: "Bleu Caché Eau de Parfum", isFeatured: 1 });
});
afterAll(async () => {
  await server?.stop();
});

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + path, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Requests `path` until the cache answers 304 to its ETag: the page is stored. */
async function cached(path: string, headers: Record<string, string> = {}) {
  const page = await visit(path, headers);
  const etag = page.headers.get("etag");
  expect(etag).toBeTruthy();
  const again = await visit(path, { ...headers, "If-None-Match": etag! });
  expect(again.status).toBe(304);
  return { ...page, path, etag: etag! };
}

function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes))
    .map(([, , content]) => content);
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("base64");

describe("a first-time visitor's page", () => {
  it("is served again byte for byte, with an ETag and a CSP of its scripts' hashes", async () => {
    const path = `/product/${product.slug}`;
    const first = await visit(path);
    const second = await visit(path);
    expect(first.status).toBe(200);
    expect(second.html).toBe(first.html);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    // The product is still recorded as recently viewed (the one cookie a shared page sets).
    expect(second.headers.get("set-cookie")).toMatch(/^recently_viewed=/);

    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toContain("strict-dynamic");
    expect(second.html).not.toMatch(/nonce="[^"]+"/);
    const scripts = inlineScripts(second.html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(csp).toContain(`'sha256-${sha256(script)}'`);

    const gzipped = await fetch(server.baseUrl + path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(first.html);
  });

  it("answers 304 to the ETag it sent, and HEAD without a body", async () => {
    const page = await cached("/catalog?sort=price-low&brand=x");
    // The same query in another order is the same page.
    const reordered = await visit("/catalog?brand=x&sort=price-low", {
      "If-None-Match": page.etag,
    });
    expect(reordered.status).toBe(304);
    const head = await fetch(`${server.baseUrl}/catalog?sort=price-low&brand=x`, {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(page.etag);
    expect(await head.text()).toBe("");
  });

  it("gives each theme its own page", async () => {
    const dark = await cached("/faq", { Cookie: "theme=ImRhcmsi" });
    const system = await cached("/faq");
    expect(dark.html).toContain('<html lang="es-HN" class="dark"');
    expect(system.html).not.toContain('class="dark"');
    expect(dark.etag).not.toBe(system.etag);
  });

  it("is not used for data requests, other pages or other cookies", async () => {
    for (const path of ["/cart", "/login", "/catalog?_data=routes%2F_store.catalog"]) {
      const response = await visit(path);
      expect(response.headers.get("etag"), path).toBeNull();
    }
    await cached("/");
    const recent = await visit("/", { Cookie: `recently_viewed=${btoa(`[${product.id}]`)}` });
    expect(recent.headers.get("etag")).toBeNull();
    expect(recent.headers.get("content-security-policy")).toContain("nonce-");
  });
});

describe("invalidation, in the same transaction as the write", () => {
  const productPath = () => `/product/${product.slug}`;

  /** Stores `path`, runs `write`, and returns the page the next first-time visitor gets. */
  async function afterWrite(path: string, write: () => Promise<unknown>, status = 200) {
    const before = await cached(path);
    await write();
    const after = await visit(path, { "If-None-Match": before.etag });
    expect(after.status).toBe(status);
    expect(after.headers.get("etag")).not.toBe(before.etag);
    return after.html;
  }

  it("a product changed by a model function or in SQL (stock from an order)", async () => {
    const hidden = await afterWrite(productPath(), () => toggleProductActive(product.id), 404);
    expect(hidden).toContain("Producto no encontrado");
    await toggleProductActive(product.id);
    const soldOut = await afterWrite(productPath(), () =>
      db.updateTable("products").set({ stock: 0 }).where("id", "=", product.id).execute(),
    );
    expect(soldOut).toContain("Agotado");
    await db.updateTable("products").set({ stock: 10 }).where("id", "=", product.id).execute();
  });

  it("a sale that leaves stock: only the product's own page, which shows the count (115)", async () => {
    const catalog = await cached("/catalog?sortBy=popular");
    const search = await cached(`/search?q=${encodeURIComponent("Bleu Caché")}`);
    const before = await afterWrite(productPath(), () =>
      db.updateTable("products").set({ stock: 9 }).where("id", "=", product.id).execute(),
    );
    expect(before).toMatch(/\(\s*(<!-- -->)?9(<!-- -->)?\s*disponibles\)/);
    const after = await afterWrite(productPath(), () =>
      db
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "-", 2), salesCount: eb("salesCount", "+", 2) }))
        .where("id", "=", product.id)
        .execute(),
    );
    expect(after).toMatch(/\(\s*(<!-- -->)?7(<!-- -->)?\s*disponibles\)/);
    for (const page of [catalog, search]) {
      const again = await visit(page.path, { "If-None-Match": page.etag });
      expect(again.status, page.path).toBe(304);
    }
    const hit = await visit("/catalog?sortBy=popular");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    await db.updateTable("products").set({ stock: 10 }).where("id", "=", product.id).execute();
  });

  it("a brand changed by a model function or in SQL", async () => {
    const brand = await createBrand(db, { name: "Maison Antes" });
    const own = await createProduct(db, { brandId: brand.id });
    const path = `/product/${own.slug}`;
    const renamed = await afterWrite(path, async () => {
      const result = await updateBrand(brand.id, {
        name: "Maison Después",
        description: null,
        country: null,
        isActive: true,
      });
      expect(result.ok).toBe(true);
    });
    expect(renamed).toContain("Maison Después");
    const again = await afterWrite(path, () =>
      db.updateTable("brands").set({ name: "Maison SQL" }).where("id", "=", brand.id).execute(),
    );
    expect(again).toContain("Maison SQL");
  });

  it("a setting changed by a model function or in SQL", async () => {
    const viaModel = await afterWrite("/", () =>
      updateSettings({ company_description: "Descripción desde el modelo" }),
    );
    expect(viaModel).toContain("Descripción desde el modelo");
    const viaSql = await afterWrite("/", () =>
      db
        .updateTable("settings")
        .set({ value: "Descripción desde SQL" })
        .where("key", "=", "company_description")
        .execute(),
    );
    expect(viaSql).toContain("Descripción desde SQL");
  });

  it("a content page changed by a model function or in SQL", async () => {
    const viaModel = await afterWrite("/privacy", () =>
      saveCmsPage("privacy", {
        title: "Privacidad",
        content: "<p>Texto del modelo</p>",
        metaDescription: null,
        isActive: true,
      }),
    );
    expect(viaModel).toContain("Texto del modelo");
    const viaSql = await afterWrite("/privacy", () =>
      db
        .updateTable("cmsPages")
        .set({ content: "<p>Texto de SQL</p>" })
        .where("key", "=", "privacy")
        .execute(),
    );
    expect(viaSql).toContain("Texto de SQL");
  });

  it("an approved review, and its author's name", async () => {
    const author = await createUser(db, { firstName: "Reseñadora" });
    const withReview = await afterWrite(productPath(), async () => {
      const review = await createReview(db, {
        productId: product.id,
        userId: author.id,
        comment: "Dura todo el día",
      });
      await approveReview(db, review.id);
    });
    expect(withReview).toContain("Dura todo el día");
    const renamed = await afterWrite(productPath(), () =>
      db
        .updateTable("users")
        .set({ firstName: "Renombrada" })
        .where("id", "=", author.id)
        .execute(),
    );
    expect(renamed).toContain("Renombrada");
  });

  it("maintenance mode: the visitor gets the maintenance screen, never a stored page", async () => {
    await cached("/");
    await setMaintenanceMode(true);
    try {
      for (let i = 0; i < 2; i++) {
        const page = await visit("/");
        expect(page.status).toBe(503);
        expect(page.headers.get("etag")).toBeNull();
      }
    } finally {
      await setMaintenanceMode(false);
    }
    expect((await visit("/")).status).toBe(200);
  });
});

describe("nothing personal in a shared page", () => {
  async function customerWithCartAndWishlist() {
    const customer = await createUser(db, { firstName: "Personalísima" });
    const added = await addToCart({
      shopper: { userId: customer.id, guestId: null },
      productId: product.id,
      quantity: 2,
    });
    expect(added.ok).toBe(true);
    await addToWishlist({ userId: customer.id, productId: product.id });
    return { customer, cookie: await sessionCookie({ userId: customer.id }) };
  }

  async function toastCookie() {
    const request = new Request(`${server.baseUrl}/`);
    const session = await getSession(request);
    session.flash("toast", { id: "t1", type: "success", title: "Aviso solo para ti" });
    return (await commitSession(request, session)).split(";")[0];
  }

  it("a signed-in customer's page is neither stored nor served a stored one", async () => {
    const { cookie } = await customerWithCartAndWishlist();
    const paths = ["/", "/catalog", `/product/${product.slug}`];
    // A change first, so that no page is stored when the customer comes.
    await db.updateTable("products").set({ salesCount: 1 }).where("id", "=", product.id).execute();
    for (const path of paths) {
      const personal = await visit(path, { Cookie: cookie });
      expect(personal.status, path).toBe(200);
      expect(personal.headers.get("etag"), path).toBeNull();
      expect(personal.headers.get("content-security-policy"), path).toContain("nonce-");
      expect(personal.html, path).toContain("Personalísima");
      expect(personal.html, path).toContain('aria-label="Carrito, 2 artículos"');
      expect(personal.html, path).toContain('aria-label="Favoritos, 1"');
      expect(personal.html, path).toMatch(/aria-pressed="true"/);

      const shared = await cached(path);
      expect(shared.html, path).not.toContain("Personalísima");
      expect(shared.html, path).toContain('aria-label="Carrito, 0 artículos"');
      expect(shared.html, path).toContain('aria-label="Favoritos, 0"');
      expect(shared.html, path).not.toMatch(/aria-pressed="true"/);

      // The stored page is there, and the customer still gets their own.
      const again = await visit(path, { Cookie: cookie });
      expect(again.headers.get("etag"), path).toBeNull();
      expect(again.html, path).toContain('aria-label="Carrito, 2 artículos"');
    }
  });

  it("a guest with a cart and a visitor with a toast get their own page", async () => {
    const guestId = crypto.randomUUID();
    const added = await addToCart({
      shopper: { userId: null, guestId },
      productId: product.id,
      quantity: 3,
    });
    expect(added.ok).toBe(true);
    const guest = await visit("/catalog", { Cookie: await sessionCookie({ guestId }) });
    expect(guest.headers.get("etag")).toBeNull();
    expect(guest.html).toContain('aria-label="Carrito, 3 artículos"');

    await db.updateTable("products").set({ salesCount: 2 }).where("id", "=", product.id).execute();
    const toasted = await visit("/", { Cookie: await toastCookie() });
    expect(toasted.headers.get("etag")).toBeNull();
    expect(toasted.html).toContain("Aviso solo para ti");

    for (const path of ["/", "/catalog"]) {
      const shared = await cached(path);
      expect(shared.html, path).not.toContain("Aviso solo para ti");
      expect(shared.html, path).toContain('aria-label="Carrito, 0 artículos"');
    }
  });
});
