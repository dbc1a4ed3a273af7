import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { createNotification } from "../../seed/factories/notifications";
import { createOrder } from "../../seed/factories/orders";
import { expect, test } from "./fixtures";

const products: CreatedProduct[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0) {
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  }
  await deleteProducts(db, products.splice(0));
});

const bell = (page: Page, unread: number) =>
  page
    .getByRole("navigation", { name: "Cuenta y compras" })
    .getByRole(test.info().project.name === "nojs" ? "link" : "button", {
      name: `Notificaciones, ${unread} sin leer`,
    });

test.describe("notifications", () => {
  test("a customer is told their order shipped, opens it, marks all read and deletes", async ({
    page,
    browser,
    baseURL,
    db,
    createUser,
    login,
  }) => {
    // Two sign-ins (the admin's and the customer's) and their pages, on a busy machine.
    test.setTimeout(90_000);
    const tag = crypto.randomBytes(3).toString("hex").toUpperCase();
    const customer = await createUser();
    const product = await createProduct(db);
    products.push(product);
    const order = await createOrder(db, {
      lines: [{ product }],
      status: "processing",
      userId: customer.id,
      customerEmail: customer.email,
    });
    orders.push(order.id);

    // The admin ships the order from the back office.
    const admin = await createUser({ role: "admin" });
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await login(adminPage, admin);
    await adminPage.goto(`/admin/orders/${order.id}`);
    await adminPage.getByLabel("Número de guía (opcional)").fill(`GUIA-${tag}`);
    await adminPage.getByRole("button", { name: "Marcar como Enviado" }).click();
    await expect(adminPage.getByRole("status").getByText("Estado actualizado")).toBeVisible();
    await adminContext.close();

    // The customer sees the count on the bell and reaches the list from it.
    await login(page, customer);
    await page.goto("/");
    const shipped = "Tu pedido va en camino";
    if (test.info().project.name === "js") {
      await bell(page, 1).click();
      await expect(bell(page, 1)).toHaveAttribute("aria-expanded", "true");
      const panel = page.getByRole("region", { name: "Notificaciones recientes" });
      await expect(panel.getByRole("button", { name: new RegExp(shipped) })).toBeVisible();
      await expect(panel.getByText("Sin leer")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(bell(page, 1)).toBeFocused();
      await bell(page, 1).click();
      await panel.getByRole("link", { name: "Ver todas" }).click();
    } else {
      await bell(page, 1).click();
    }
    await expect(page).toHaveURL(/\/notifications$/);
    const main = page.getByRole("main");
    const list = main.getByRole("list", { name: "Tus notificaciones" });
    const item = list.getByRole("listitem").filter({ hasText: shipped });
    await expect(item.getByText("Sin leer")).toBeVisible();
    await expect(
      item.getByText(`Tu pedido ${order.orderNumber} fue enviado. Número de guía: GUIA-${tag}.`),
    ).toBeVisible();

    // Opening it marks it read and lands on the order's page.
    await item.getByRole("button", { name: shipped, exact: true }).click();
    await expect(page).toHaveURL(`/order-confirmation/${order.id}`);
    await expect(page.getByRole("heading", { name: `Pedido ${order.orderNumber}` })).toBeVisible();
    await expect(bell(page, 0)).toBeVisible();
    const readState = () =>
      db
        .selectFrom("notifications")
        .select(["title", "isRead"])
        .where("userId", "=", customer.id)
        .orderBy("id")
        .execute();
    expect(await readState()).toEqual([{ title: shipped, isRead: 1 }]);

    // Two more arrive; 'Marcar todas como leídas' clears both.
    await createNotification(db, customer.id, { type: "promo_code", title: `Cupón ${tag}` });
    await createNotification(db, customer.id, { type: "loyalty_points", title: `Puntos ${tag}` });
    await page.goto("/notifications");
    await expect(bell(page, 2)).toBeVisible();
    await expect(list.getByText("Sin leer")).toHaveCount(2);
    await main.getByRole("button", { name: "Marcar todas como leídas" }).click();
    await expect(bell(page, 0)).toBeVisible();
    await expect(list.getByText("Sin leer")).toHaveCount(0);
    await expect(main.getByRole("button", { name: "Marcar todas como leídas" })).toBeHidden();
    expect((await readState()).map((row) => row.isRead)).toEqual([1, 1, 1]);

    // Delete, one by one, down to the empty state.
    await list.getByRole("button", { name: `Eliminar notificación: ${shipped}` }).click();
    await expect(page.getByRole("status").getByText("Notificación eliminada")).toBeVisible();
    await expect(list.getByText(shipped)).toBeHidden();
    expect((await readState()).map((row) => row.title)).toEqual([`Cupón ${tag}`, `Puntos ${tag}`]);
    for (const title of [`Cupón ${tag}`, `Puntos ${tag}`]) {
      await list.getByRole("button", { name: `Eliminar notificación: ${title}` }).click();
      await expect(list.getByText(title)).toBeHidden();
    }
    await expect(main.getByText("No tienes notificaciones.")).toBeVisible();
    // With JS the list empties optimistically, before the last delete has reached the server.
    await expect.poll(readState).toEqual([]);
  });

  test("a visitor is sent to sign in, and another customer's notification is not found", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const stranger = await createUser();
    const foreign = await createNotification(db, stranger.id, { title: "Solo para su dueño" });
    await page.goto("/notifications");
    await expect(page).toHaveURL("/login?redirectTo=%2Fnotifications");

    const customer = await createUser();
    await login(page, customer);
    await page.goto("/notifications");
    await expect(page.getByText("No tienes notificaciones.")).toBeVisible();
    await expect(page.getByText("Solo para su dueño")).toBeHidden();
    // A forged form posting the stranger's id: 404, and the notification stays unread.
    const response = await page.request.post("/notifications", {
      form: { intent: "delete", notificationId: String(foreign.id) },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(404);
    const row = await db
      .selectFrom("notifications")
      .select("isRead")
      .where("id", "=", foreign.id)
      .executeTakeFirst();
    expect(row).toEqual({ isRead: 0 });
  });
});
