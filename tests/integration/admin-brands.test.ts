import { beforeAll, describe, expect, it } from "vitest";
import { loader as listLoader } from "~/routes/admin.brands";
import { action as editAction, loader as editLoader } from "~/routes/admin.brands_.$brandId";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/admin.brands_.$brandId_.delete";
import { action as createAction } from "~/routes/admin.brands_.new";
import { loader as imageLoader } from "~/routes/images.$kind.$file";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { pngBytes } from "../setup/checkout-helpers";
import { formPost, get, ORIGIN, readSession, settle, signedInCookie } from "../setup/route-helpers";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

const create = (fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    createAction({
      request: formPost("/admin/brands/new", fields, cookie),
      params: {},
      context: {},
    }),
  );

const edit = (id: number, fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    editAction({
      request: formPost(`/admin/brands/${id}`, fields, cookie),
      params: { brandId: String(id) },
      context: {},
    }),
  );

const remove = (id: number, cookie = adminCookie) =>
  settle(() =>
    deleteAction({
      request: formPost(`/admin/brands/${id}/delete`, {}, cookie),
      params: { brandId: String(id) },
      context: {},
    }),
  );

const list = (query = "") =>
  settle(() =>
    listLoader({ request: get(`/admin/brands${query}`, adminCookie), params: {}, context: {} }),
  );

const brandNamed = (name: string) =>
  db.selectFrom("brands").selectAll().where("name", "=", name).executeTakeFirst();

/** The field errors of a conform reply returned with status 400. */
async function fieldErrors(response: Response) {
  expect(response.status).toBe(400);
  const data = await response.json();
  return data.result.error as Record<string, string[]>;
}

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

describe("creating a brand (backoffice.md §5)", () => {
  it("saves the brand with a slug from its name and flashes 'Marca creada'", async () => {
    const response = await create({
      name: "  Maison Lumière Créations ",
      description: "Casa de perfumería francesa.",
      country: "Francia",
      isActive: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/brands");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Marca creada" });
    expect(await brandNamed("Maison Lumière Créations")).toMatchObject({
      slug: "maison-lumiere-creations",
      description: "Casa de perfumería francesa.",
      country: "Francia",
      isActive: 1,
      logoUrl: null,
    });
  });

  it("stores an unchecked active box as an inactive brand and empty fields as null", async () => {
    await create({ name: "Marca Inactiva Uno", description: "", country: "" });
    expect(await brandNamed("Marca Inactiva Uno")).toMatchObject({
      isActive: 0,
      description: null,
      country: null,
    });
  });

  it("requires a name: 'El nombre de la marca es obligatorio.'", async () => {
    const blanks: Record<string, string>[] = [{}, { name: "" }, { name: "   " }];
    for (const fields of blanks) {
      expect((await fieldErrors(await create(fields))).name).toEqual([
        "El nombre de la marca es obligatorio.",
      ]);
    }
  });

  it("refuses a name over 100 characters", async () => {
    const errors = await fieldErrors(await create({ name: "a".repeat(101) }));
    expect(errors.name).toEqual(["El nombre de la marca no puede tener más de 100 caracteres."]);
    expect(await brandNamed("a".repeat(101))).toBeUndefined();
    expect((await create({ name: "b".repeat(100) })).status).toBe(302);
  });

  it("refuses a name already taken, whatever its case", async () => {
    const existing = await createBrand(db, { name: "Casa Ámbar" });
    const errors = await fieldErrors(await create({ name: "casa ámbar" }));
    expect(errors.name).toEqual(["Ya existe una marca con ese nombre. Elige otro nombre."]);
    // The form's own errors, shown under 'Error al crear la marca'.
    expect(errors[""]).toEqual(["Ya existe una marca con ese nombre. Elige otro nombre."]);
    const rows = await db
      .selectFrom("brands")
      .select("id")
      .where("name", "=", "Casa Ámbar")
      .execute();
    expect(rows).toEqual([{ id: existing.id }]);
  });

  it("gives two names that fold to the same slug different slugs", async () => {
    await create({ name: "Lancôme Test" });
    await create({ name: "Lancome Test!" });
    expect((await brandNamed("Lancôme Test"))?.slug).toBe("lancome-test");
    expect((await brandNamed("Lancome Test!"))?.slug).toBe("lancome-test-2");
  });

  it("is refused to a customer (403) and to a visitor (→ /login), creating nothing", async () => {
    expect((await create({ name: "Marca Intrusa" }, customerCookie)).status).toBe(403);
    const anonymous = await settle(() =>
      createAction({
        request: formPost("/admin/brands/new", { name: "Marca Intrusa" }),
        params: {},
        context: {},
      }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect(await brandNamed("Marca Intrusa")).toBeUndefined();
  });
});

describe("editing a brand", () => {
  it("saves the changes, follows the new name with the slug and flashes 'Marca actualizada'", async () => {
    const brand = await createBrand(db, { name: "Nombre Viejo", slug: "nombre-viejo" });
    const response = await edit(brand.id, {
      name: "Nombre Nuevo",
      description: "Otra descripción",
      country: "Italia",
    });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Marca actualizada" });
    expect(await brandNamed("Nombre Nuevo")).toMatchObject({
      id: brand.id,
      slug: "nombre-nuevo",
      country: "Italia",
      isActive: 0,
    });
  });

  it("keeps the slug and the logo when the name does not change", async () => {
    const brand = await createBrand(db, {
      name: "Marca Con Logo",
      slug: "slug-propio",
      logoUrl: "/images/brands/abc.webp",
    });
    expect((await edit(brand.id, { name: "Marca Con Logo", isActive: "on" })).status).toBe(302);
    expect(await brandNamed("Marca Con Logo")).toMatchObject({
      slug: "slug-propio",
      logoUrl: "/images/brands/abc.webp",
      isActive: 1,
    });
  });

  it("applies the same rules: required, max 100 and unique", async () => {
    const brand = await createBrand(db);
    const other = await createBrand(db);
    expect((await fieldErrors(await edit(brand.id, { name: "" }))).name).toEqual([
      "El nombre de la marca es obligatorio.",
    ]);
    expect((await fieldErrors(await edit(brand.id, { name: "x".repeat(101) }))).name).toEqual([
      "El nombre de la marca no puede tener más de 100 caracteres.",
    ]);
    expect(
      (await fieldErrors(await edit(brand.id, { name: other.name.toUpperCase() }))).name,
    ).toEqual(["Ya existe una marca con ese nombre. Elige otro nombre."]);
    expect(await brandNamed(brand.name)).toMatchObject({ id: brand.id });
  });

  it("answers 404 for a brand that does not exist", async () => {
    const missing = await settle(() =>
      editLoader({
        request: get("/admin/brands/999999", adminCookie),
        params: { brandId: "999999" },
        context: {},
      }),
    );
    expect(missing.status).toBe(404);
    expect((await edit(999_999, { name: "Fantasma" })).status).toBe(404);
    expect((await edit(Number.NaN, { name: "Fantasma" })).status).toBe(404);
  });
});

describe("deleting a brand", () => {
  it("deletes an unused brand and flashes 'Marca eliminada'", async () => {
    const brand = await createBrand(db);
    const response = await remove(brand.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/brands");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Marca eliminada" });
    expect(await brandNamed(brand.name)).toBeUndefined();
  });

  it("is refused while products use the brand, saying how many", async () => {
    const brand = await createBrand(db, { name: "Marca En Uso" });
    await createProduct(db, { brandId: brand.id });
    await createProduct(db, { brandId: brand.id, isActive: 0 });
    const response = await remove(brand.id);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual(
      expect.objectContaining({
        type: "error",
        title: "Error al eliminar la marca",
        description:
          "No se puede eliminar la marca «Marca En Uso»: 2 productos la usan. Cambia la marca de esos productos o elimínalos primero.",
      }),
    );
    expect(await brandNamed("Marca En Uso")).toMatchObject({ id: brand.id });

    const page = await settle(() =>
      deleteLoader({
        request: get(`/admin/brands/${brand.id}/delete`, adminCookie),
        params: { brandId: String(brand.id) },
        context: {},
      }),
    );
    expect(await page.json()).toEqual({
      brand: { id: brand.id, name: "Marca En Uso", productCount: 2 },
    });
  });

  it("is refused to a customer", async () => {
    const brand = await createBrand(db);
    expect((await remove(brand.id, customerCookie)).status).toBe(403);
    expect(await brandNamed(brand.name)).toMatchObject({ id: brand.id });
  });
});

describe("the brand list", () => {
  it("finds brands by part of their name, with their product count", async () => {
    const brand = await createBrand(db, { name: "Perfumes Zafiro Azul" });
    await createProduct(db, { brandId: brand.id });
    await createBrand(db, { name: "Otra Casa" });
    const data = await (await list("?q=zafiro")).json();
    expect(data.search).toBe("zafiro");
    expect(data.brands).toEqual([
      expect.objectContaining({ id: brand.id, name: "Perfumes Zafiro Azul", productCount: 1 }),
    ]);
  });

  it("takes % and _ in a search literally", async () => {
    await createBrand(db, { name: "Marca 100% Natural" });
    const percent = await (await list("?q=100%25")).json();
    expect(percent.brands.map((brand: { name: string }) => brand.name)).toEqual([
      "Marca 100% Natural",
    ]);
    expect((await (await list("?q=_")).json()).brands).toEqual([]);
  });

  it("shows the table view only when the URL asks for it", async () => {
    expect((await (await list()).json()).view).toBe("grid");
    expect((await (await list("?view=table")).json()).view).toBe("table");
    expect((await (await list("?view=nada")).json()).view).toBe("grid");
  });
});

describe("brand logos (D8: stored like product pictures)", () => {
  const multipart = (path: string, fields: Record<string, string>, logo?: File) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (logo) body.set("logo", logo);
    return new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: adminCookie },
      body,
    });
  };
  const logoRow = (id: number) =>
    db.selectFrom("brands").select("logoUrl").where("id", "=", id).executeTakeFirstOrThrow();

  it("stores an uploaded logo as WebP, served from /images/brands, and keeps it when no file is sent", async () => {
    const png = new File([new Uint8Array(await pngBytes(300, 120))], "logo.png", {
      type: "image/png",
    });
    const response = await settle(() =>
      createAction({
        request: multipart("/admin/brands/new", { name: "Casa Logo", isActive: "on" }, png),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    const brand = await db
      .selectFrom("brands")
      .select(["id", "logoUrl"])
      .where("name", "=", "Casa Logo")
      .executeTakeFirstOrThrow();
    expect(brand.logoUrl).toMatch(/^\/images\/brands\/[a-f0-9]{16}-192\.webp$/);
    const file = brand.logoUrl!.split("/").pop()!;
    const image = await imageLoader({
      request: get(brand.logoUrl!),
      params: { kind: "brands", file },
      context: {},
    });
    expect(image.headers.get("Content-Type")).toBe("image/webp");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");

    // An edit without a file keeps the logo.
    const edited = await settle(() =>
      editAction({
        request: multipart(`/admin/brands/${brand.id}`, { name: "Casa Logo", country: "Francia" }),
        params: { brandId: String(brand.id) },
        context: {},
      }),
    );
    expect(edited.status).toBe(302);
    expect((await logoRow(brand.id)).logoUrl).toBe(brand.logoUrl);
  });

  it("refuses a file that is not an image, keeping the brand unchanged", async () => {
    const brand = await createBrand(db);
    const fake = new File([new TextEncoder().encode("<html>no</html>")], "logo.png", {
      type: "image/png",
    });
    const response = await settle(() =>
      editAction({
        request: multipart(`/admin/brands/${brand.id}`, { name: "Otro Nombre" }, fake),
        params: { brandId: String(brand.id) },
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.logo).toEqual([
      "El archivo no es una imagen (JPG, PNG, WebP o HEIC).",
    ]);
    const row = await db
      .selectFrom("brands")
      .select(["name", "logoUrl"])
      .where("id", "=", brand.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: brand.name, logoUrl: null });
  });
});
