import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCmsPage } from "~/models/content/cms.server";
import { createMessage, getMessage, listMessages } from "~/models/content/messages.server";
import { getAdminReview, listAdminReviews } from "~/models/reviews/admin.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createReview } from "../../../seed/factories/reviews";
import { createUser } from "../../../seed/factories/users";
import { callers, useAdminRefusals, useApiServer } from "../../setup/api-client";

/*
 * The back office's moderation and content over the API (issue 25, backoffice.md §7): review
 * moderation, the message centre and the CMS pages, through the screens' models and forms.
 */

const api = useApiServer();

let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  who = await callers();
});
const expectRefused = useAdminRefusals(api);

async function pendingReview(rating = 4) {
  const product = await createProduct(db);
  const author = await createUser(db);
  const review = await createReview(db, { productId: product.id, userId: author.id, rating });
  return { product, review };
}

describe("review moderation", () => {
  it("lists what /admin/reviews lists, with its filters", async () => {
    const { product, review } = await pendingReview(2);
    const answer = await api.get(
      `/api/reviews-working?status=pending&rating=2&product=${encodeURIComponent(product.name)}`,
      { as: who.asAdmin },
    );
    expect(answer.status).toBe(200);
    const screen = await listAdminReviews({
      status: "pending",
      rating: 2,
      product: product.name,
      pageSize: 20,
    });
    expect(answer.body.items).toEqual(screen.reviews);
    expect(answer.body.items.map((r: { id: number }) => r.id)).toEqual([review.id]);
    const bad = await api.get("/api/reviews-working?status=raro&rating=9", { as: who.asAdmin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["rating", "status"]);
  });

  it("approves a pending review once, and the product's rating follows", async () => {
    const { product, review } = await pendingReview(4);
    const approved = await api.call("PUT", `/api/reviews/${review.id}/approve`, {
      as: who.asAdmin,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: review.id, isApproved: true, productId: product.id });
    const card = await api.get(`/api/products?search=${encodeURIComponent(product.name)}`);
    expect(card.body.items).toContainEqual(
      expect.objectContaining({ id: product.id, averageRating: 4, reviewCount: 1 }),
    );

    const again = await api.call("PUT", `/api/reviews/${review.id}/approve`, { as: who.asAdmin });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("La reseña ya estaba aprobada.");
  });

  it("edits the rating and comment, answers and deletes, with the screen's messages", async () => {
    const { review } = await pendingReview();
    const edited = await api.call("PUT", `/api/reviews/${review.id}`, {
      as: who.asAdmin,
      body: { rating: 3, comment: "  Corregido por la tienda.  " },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 3, comment: "Corregido por la tienda." });

    const bad = await api.call("PUT", `/api/reviews/${review.id}`, {
      as: who.asAdmin,
      body: { rating: 7, comment: "   " },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      rating: ["La calificación debe ser de 1 a 5 estrellas."],
      comment: ["El comentario es obligatorio."],
    });
    expect((await getAdminReview(review.id))!.rating).toBe(3);

    const answered = await api.call("PUT", `/api/reviews/${review.id}/response`, {
      as: who.asAdmin,
      body: { response: "¡Gracias por tu reseña!" },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.adminResponse).toBe("¡Gracias por tu reseña!");
    const blank = await api.call("PUT", `/api/reviews/${review.id}/response`, {
      as: who.asAdmin,
      body: { response: " " },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ response: ["La respuesta no puede estar vacía."] });

    const deleted = await api.call("DELETE", `/api/reviews/${review.id}`, { as: who.asAdmin });
    expect(deleted.status).toBe(204);
    expect(await getAdminReview(review.id)).toBeNull();
    for (const [method, path, body] of [
      ["DELETE", `/api/reviews/${review.id}`, undefined],
      ["PUT", `/api/reviews/${review.id}/approve`, undefined],
      ["PUT", `/api/reviews/${review.id}`, { rating: 5, comment: "Hola" }],
    ] as const) {
      const gone = await api.call(method, path, { as: who.asAdmin, body });
      expect(gone.status, `${method} ${path}`).toBe(404);
      expect(gone.body.detail).toBe("Reseña no encontrada");
    }
  });

  it("is refused to anyone but an admin, and changes nothing", async () => {
    const { review } = await pendingReview();
    await expectRefused("GET", "/api/reviews-working");
    await expectRefused("PUT", `/api/reviews/${review.id}/approve`);
    await expectRefused("PUT", `/api/reviews/${review.id}`, { rating: 1, comment: "Malo" });
    await expectRefused("PUT", `/api/reviews/${review.id}/response`, { response: "No" });
    await expectRefused("DELETE", `/api/reviews/${review.id}`);
    expect(await getAdminReview(review.id)).toMatchObject({
      isApproved: false,
      rating: 4,
      adminResponse: null,
    });
  });
});

describe("message centre", () => {
  async function newMessage() {
    return createMessage({
      name: "Ana Pérez",
      email: `ana-${crypto.randomUUID().slice(0, 8)}@correo.hn`,
      subject: "¿Tienen Sauvage en 200ml?",
      message: "Quisiera saber si tienen Sauvage en presentación de 200ml y el precio.",
    });
  }

  it("lists what /admin/messages lists, newest first, with a preview", async () => {
    const { id } = await newMessage();
    const answer = await api.get("/api/messages?status=new&limit=5", { as: who.asAdmin });
    expect(answer.status).toBe(200);
    const screen = await listMessages({ status: "new", pageSize: 5 });
    expect(answer.body.items.map((m: { id: number }) => m.id)).toEqual(
      screen.messages.map((m) => m.id),
    );
    expect(answer.body.items[0]).toMatchObject({
      id,
      status: "new",
      preview: "Quisiera saber si tienen Sauvage en presentación d…",
    });
  });

  it("marks read, replies once by e-mail, and deletes", async () => {
    const { id } = await newMessage();
    const one = await api.get(`/api/messages/${id}`, { as: who.asAdmin });
    expect(one.body).toMatchObject({ id, status: "new", isRead: false, reply: null });

    const read = await api.call("PUT", `/api/messages/${id}/read`, { as: who.asAdmin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: "read", isRead: true });

    const blank = await api.call("POST", `/api/messages/${id}/reply`, {
      as: who.asAdmin,
      body: { reply: "   " },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ reply: ["La respuesta no puede estar vacía."] });

    const replied = await api.call("POST", `/api/messages/${id}/reply`, {
      as: who.asAdmin,
      body: { reply: "Sí, lo tenemos a L 3,500." },
    });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ status: "replied", reply: "Sí, lo tenemos a L 3,500." });
    const mail = await db
      .selectFrom("outboxEmails")
      .select(["kind", "subject"])
      .where("toAddress", "=", one.body.email)
      .execute();
    expect(mail).toEqual([{ kind: "message_reply", subject: "Re: ¿Tienen Sauvage en 200ml?" }]);

    const twice = await api.call("POST", `/api/messages/${id}/reply`, {
      as: who.asAdmin,
      body: { reply: "Otra vez" },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("El mensaje ya fue respondido.");
    expect((await getMessage(id))!.reply).toBe("Sí, lo tenemos a L 3,500.");

    const deleted = await api.call("DELETE", `/api/messages/${id}`, { as: who.asAdmin });
    expect(deleted.status).toBe(204);
    const gone = await api.call("PUT", `/api/messages/${id}/read`, { as: who.asAdmin });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe("Mensaje no encontrado");
  });

  it("is refused to anyone but an admin, and changes nothing", async () => {
    const { id } = await newMessage();
    await expectRefused("GET", "/api/messages");
    await expectRefused("GET", `/api/messages/${id}`);
    await expectRefused("PUT", `/api/messages/${id}/read`);
    await expectRefused("POST", `/api/messages/${id}/reply`, { reply: "Hola" });
    await expectRefused("DELETE", `/api/messages/${id}`);
    expect(await getMessage(id)).toMatchObject({ isRead: false, isReplied: false });
  });
});

describe("CMS pages", () => {
  let original: Awaited<ReturnType<typeof getCmsPage>>;
  beforeAll(async () => {
    original = await getCmsPage("faq");
  });
  afterAll(async () => {
    if (original?.stored) {
      await db
        .updateTable("cmsPages")
        .set({
          title: original.title,
          content: original.content,
          metaDescription: original.metaDescription,
          isActive: original.isActive ? 1 : 0,
        })
        .where("key", "=", "faq")
        .execute();
    } else {
      await db.deleteFrom("cmsPages").where("key", "=", "faq").execute();
    }
  });

  it("saves a page cleaned as the CMS screen does, and the storefront shows it", async () => {
    const saved = await api.call("PUT", "/api/cms/pages/faq", {
      as: who.asAdmin,
      body: {
        title: "Preguntas de la API",
        content: '<p>Respuesta escrita por la API</p><script>alert("x")</script>',
        metaDescription: "Preguntas frecuentes",
        isActive: true,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      key: "faq",
      title: "Preguntas de la API",
      isActive: true,
      stored: true,
      path: "/faq",
    });
    expect(saved.body.content).toContain("Respuesta escrita por la API");
    expect(saved.body.content).not.toContain("script");

    const page = await api.get("/faq");
    expect(page.text).toContain("Respuesta escrita por la API");
    const pub = await api.get("/api/cms/pages/faq");
    expect(pub.body).toEqual(saved.body);
    const list = await api.get("/api/cms/pages");
    expect(list.body.items).toContainEqual(saved.body);

    const off = await api.call("PUT", "/api/cms/pages/faq", {
      as: who.asAdmin,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, title: "Preguntas de la API" });
    expect((await api.get("/api/cms/pages/faq")).status).toBe(404);
    expect((await api.get("/faq")).text).not.toContain("Respuesta escrita por la API");
    const admin = await api.get("/api/cms/pages/faq", { as: who.asAdmin });
    expect(admin.body.isActive).toBe(false);
    const all = await api.get("/api/cms/pages", { as: who.asAdmin });
    expect(all.body.items.map((p: { key: string }) => p.key)).toEqual(
      expect.arrayContaining(["terms", "privacy", "faq", "warranty", "tracking", "returns"]),
    );
  });

  it("refuses a page without a title and an unknown key", async () => {
    const bad = await api.call("PUT", "/api/cms/pages/faq", {
      as: who.asAdmin,
      body: { title: " ", content: "<p>x</p>" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ title: ["El título es obligatorio."] });
    // A whole page needs its title; only `{isActive}` switches a page without one.
    const untitled = await api.call("PUT", "/api/cms/pages/faq", {
      as: who.asAdmin,
      body: { content: "<p>x</p>", isActive: true },
    });
    expect(untitled.status).toBe(422);
    expect(untitled.body.errors).toEqual({ title: ["El título es obligatorio."] });
    const unknown = await api.call("PUT", "/api/cms/pages/no-existe", {
      as: who.asAdmin,
      body: { title: "Hola" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Página no encontrada");
  });

  it("refuses the writes to anyone but an admin, and changes nothing", async () => {
    const before = await getCmsPage("faq");
    await expectRefused("PUT", "/api/cms/pages/faq", { isActive: true });
    await expectRefused("PUT", "/api/cms/pages/faq", { title: "Hackeada", isActive: true });
    expect(await getCmsPage("faq")).toEqual(before);
  });
});
