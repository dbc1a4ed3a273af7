import { describe, expect, it } from "vitest";
import {
  addToWishlist,
  listWishlist,
  removeFromWishlist,
  wishlistedProductIds,
} from "~/models/catalog/wishlist.server";
import { getHeaderCounts } from "~/models/customers/header-counts.server";
import { action, loader } from "~/routes/_store.wishlist";
import { db } from "~/utils/db.server";
import { createBrand, createProduct, createShopper } from "../../seed/factories/catalog";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

const rows = (userId: number) =>
  db.selectFrom("wishlistItems").select("productId").where("userId", "=", userId).execute();

describe("wishlist model", () => {
  it("adds idempotently, removes, and lists with the product and brand", async () => {
    const brand = await createBrand(db, { name: "Maison Prueba" });
    const product = await createProduct(db, {
      brandId: brand.id,
      originalPrice: 250_000,
      images: JSON.stringify(["0123456789abcdef"]),
    });
    const user = await createShopper(db);
    expect(await addToWishlist({ userId: user.id, productId: product.id })).toBe(true);
    expect(await addToWishlist({ userId: user.id, productId: product.id })).toBe(true);
    expect(await rows(user.id)).toEqual([{ productId: product.id }]);

    const [entry] = await listWishlist(user.id);
    expect(entry).toMatchObject({
      id: product.id,
      name: product.name,
      slug: product.slug,
      images: ["0123456789abcdef"],
      price: 200_000,
      originalPrice: 250_000,
      stock: 10,
      brandName: "Maison Prueba",
      isActive: true,
    });
    expect((await getHeaderCounts({ userId: user.id, guestId: null })).wishlistCount).toBe(1);

    await removeFromWishlist({ userId: user.id, productId: product.id });
    await removeFromWishlist({ userId: user.id, productId: product.id });
    expect(await listWishlist(user.id)).toEqual([]);
  });

  it("refuses unknown and inactive products", async () => {
    const user = await createShopper(db);
    const inactive = await createProduct(db, { isActive: 0 });
    expect(await addToWishlist({ userId: user.id, productId: inactive.id })).toBe(false);
    expect(await addToWishlist({ userId: user.id, productId: 99_999_999 })).toBe(false);
    expect(await rows(user.id)).toEqual([]);
  });

  it("tells which products of a page are favourites, per user", async () => {
    const [a, b, c] = [await createProduct(db), await createProduct(db), await createProduct(db)];
    const user = await createShopper(db);
    const other = await createShopper(db);
    await addToWishlist({ userId: user.id, productId: a.id });
    await addToWishlist({ userId: other.id, productId: b.id });
    expect(await wishlistedProductIds(user.id, [a.id, b.id, c.id])).toEqual([a.id]);
    expect(await wishlistedProductIds(null, [a.id])).toEqual([]);
  });
});

describe("/wishlist action and page", () => {
  const post = (fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      action({ request: formPost("/wishlist", fields, cookie), params: {}, context: {} }),
    );

  it("sends a visitor to sign in, coming back to the page, with the spec's message", async () => {
    const product = await createProduct(db);
    const response = await post({
      intent: "add",
      productId: String(product.id),
      redirectTo: `/product/${product.slug}`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/product/${product.slug}`)}`,
    );
    expect((await readSession(sessionCookieOf(response))).toast?.title).toBe(
      "Debes iniciar sesión para agregar productos a favoritos",
    );
    expect(
      await db
        .selectFrom("wishlistItems")
        .select("id")
        .where("productId", "=", product.id)
        .execute(),
    ).toEqual([]);
  });

  it("adds and removes for a signed-in shopper with the toasts, back to a safe page", async () => {
    const product = await createProduct(db);
    const user = await createShopper(db);
    const cookie = await signedInCookie(user.id);

    const added = await post(
      {
        intent: "add",
        productId: String(product.id),
        redirectTo: `/product/${product.slug}?tab=resenas`,
      },
      cookie,
    );
    expect(added.headers.get("Location")).toBe(`/product/${product.slug}?tab=resenas`);
    expect((await readSession(sessionCookieOf(added, cookie))).toast?.title).toBe(
      "Agregado a favoritos",
    );
    expect(await rows(user.id)).toEqual([{ productId: product.id }]);

    const removed = await post(
      { intent: "remove", productId: String(product.id), redirectTo: "//evil.example/x" },
      cookie,
    );
    expect(removed.headers.get("Location")).toBe("/wishlist");
    expect((await readSession(sessionCookieOf(removed, cookie))).toast?.title).toBe(
      "Removido de favoritos",
    );
    expect(await rows(user.id)).toEqual([]);
  });

  it("says so when the product cannot be added, and changes nothing", async () => {
    const user = await createShopper(db);
    const cookie = await signedInCookie(user.id);
    const inactive = await createProduct(db, { isActive: 0 });
    for (const productId of [String(inactive.id), "999999999", "abc"]) {
      const response = await post({ intent: "add", productId, redirectTo: "/catalog" }, cookie);
      expect(response.headers.get("Location")).toBe("/catalog");
      expect((await readSession(sessionCookieOf(response, cookie))).toast).toMatchObject({
        type: "error",
        description: "Este producto no está disponible",
      });
    }
    expect(await rows(user.id)).toEqual([]);
  });

  it("lists the shopper's favourites and only theirs; visitors get the prompt", async () => {
    const mine = await createProduct(db);
    const theirs = await createProduct(db);
    const user = await createShopper(db);
    const other = await createShopper(db);
    await addToWishlist({ userId: user.id, productId: mine.id });
    await addToWishlist({ userId: other.id, productId: theirs.id });
    const cookie = await signedInCookie(user.id);
    const response = await settle(() =>
      loader({ request: get("/wishlist", cookie), params: {}, context: {} }),
    );
    const data = await response.json();
    expect(data.signedIn).toBe(true);
    expect(data.items.map((item: { id: number }) => item.id)).toEqual([mine.id]);

    const visitor = await (
      await settle(() => loader({ request: get("/wishlist"), params: {}, context: {} }))
    ).json();
    expect(visitor).toEqual({ signedIn: false, items: [] });
  });
});
