import type { Page } from "@playwright/test";
import type { DB } from "../../db/connection";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { expect, test } from "./fixtures";

/*
 * The back office's shell and dashboard (backoffice.md §2, D30, D33). The e2e store is shared
 * with the other specs running beside this one, so the cards are compared with the database
 * read at the same moment, retried until no other test wrote in between.
 */

const products: CreatedProduct[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0)
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  await deleteProducts(db, products.splice(0));
});

const number = new Intl.NumberFormat("es-HN");

async function storeFigures(db: DB) {
  const count = async (query: Promise<{ n: number | string | bigint }>) =>
    number.format(Number((await query).n));
  const threshold = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "stockThreshold")
    .executeTakeFirst();
  return {
    pending: await count(
      db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow(),
    ),
    active: await count(
      db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("isActive", "=", 1)
        .executeTakeFirstOrThrow(),
    ),
    users: await count(
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ),
    lowStock: await count(
      db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("isActive", "=", 1)
        .where("stock", "<=", Number(threshold?.value ?? 5))
        .executeTakeFirstOrThrow(),
    ),
  };
}

const card = (page: Page, label: string) =>
  page.getByRole("list", { name: "Resumen" }).getByRole("link", { name: label });

const sidebarLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name, exact: true });

test.describe("admin shell and dashboard", () => {
  test("an admin sees the real figures, follows the pending card, moves through the sidebar and logs out by POST", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const product = await createProduct(db, { price: 150_000, stock: 1 });
    products.push(product);
    const order = await createOrder(db, {
      lines: [{ product }],
      takeStock: false,
      customerName: "Dashboard Reciente",
    });
    orders.push(order.id);

    const admin = await createUser({ role: "admin" });
    await login(page, admin);
    await expect(page).toHaveURL(/\/admin$/);
    // Both route tables: an administrator asking for the home gets the dashboard.
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await expect(async () => {
      await page.reload();
      const figures = await storeFigures(db);
      await expect(card(page, "Pedidos pendientes")).toContainText(figures.pending, {
        timeout: 1000,
      });
      await expect(card(page, "Productos activos")).toContainText(figures.active, {
        timeout: 1000,
      });
      await expect(card(page, "Total de usuarios")).toContainText(figures.users, {
        timeout: 1000,
      });
      await expect(card(page, "Stock bajo")).toContainText(figures.lowStock, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // The newest order heads the recent orders: number, customer, total, badge.
    const recent = page.getByRole("region", { name: "Pedidos recientes" });
    const row = recent.getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row).toContainText("Dashboard Reciente");
    await expect(row).toContainText("Pendiente");
    await expect(row).toContainText(/L\u00a0\d{1,3}(,\d{3})*\.\d{2}/);

    await expect(sidebarLink(page, "Dashboard")).toHaveAttribute("aria-current", "page");
    await card(page, "Pedidos pendientes").click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
    await expect(sidebarLink(page, "Pedidos")).toHaveAttribute("aria-current", "page");
    await expect(sidebarLink(page, "Dashboard")).not.toHaveAttribute("aria-current", "page");

    await sidebarLink(page, "Productos").click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(sidebarLink(page, "Productos")).toHaveAttribute("aria-current", "page");
    await expect(sidebarLink(page, "Pedidos")).not.toHaveAttribute("aria-current", "page");

    await expect(page.getByRole("link", { name: "Ver Tienda" })).toHaveAttribute(
      "href",
      "/catalog",
    );

    // D33: the button posts; a GET to /logout changes nothing.
    const logout = page.waitForRequest(
      (request) => new URL(request.url()).pathname === "/logout" && request.method() === "POST",
    );
    await page.getByRole("button", { name: "Cerrar Sesión" }).click();
    await logout;
    await expect(page).not.toHaveURL(/\/admin/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  });

  test("on a phone the sidebar folds into a menu that opens without JavaScript", async ({
    page,
    createUser,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await createUser({ role: "admin" });
    await login(page, admin);
    await expect(page).toHaveURL(/\/admin$/);

    await expect(sidebarLink(page, "Marcas")).toBeHidden();
    await page.locator("summary", { hasText: "Panel Administrativo" }).click();
    await sidebarLink(page, "Marcas").click();
    await expect(page).toHaveURL(/\/admin\/brands$/);
    await page.locator("summary", { hasText: "Panel Administrativo" }).click();
    await expect(sidebarLink(page, "Marcas")).toHaveAttribute("aria-current", "page");
  });

  test("works at 1024×768 with the sidebar beside the content", async ({
    page,
    createUser,
    login,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const admin = await createUser({ role: "admin" });
    await login(page, admin);
    const nav = page.getByRole("navigation", { name: "Administración" });
    await expect(nav).toBeVisible();
    const heading = page.getByRole("heading", { name: "Dashboard", level: 1 });
    const [navBox, headingBox] = [await nav.boundingBox(), await heading.boundingBox()];
    expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(headingBox!.x);
    // Nothing wider than the window: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1024,
    );
  });

  test("a customer gets 'Acceso Denegado'", async ({ page, createUser, login }) => {
    const customer = await createUser();
    await login(page, customer);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Acceso Denegado")).toBeVisible();
    await expect(
      page.getByText("No tienes permisos para acceder al panel administrativo."),
    ).toBeVisible();
    expect((await page.goto("/admin/orders"))?.status()).toBe(403);
    await expect(page.getByText("No tienes permisos para acceder a esta sección.")).toBeVisible();
  });
});
