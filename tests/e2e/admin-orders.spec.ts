import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { expect, hydrated, nextPostTo, test, type TestUser } from "./fixtures";

type Db = Parameters<typeof createOrder>[0];

const products: CreatedProduct[] = [];
const orders: string[] = [];
const proofs: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0) {
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  }
  if (proofs.length > 0) {
    await db.deleteFrom("paymentProofs").where("id", "in", proofs.splice(0)).execute();
  }
  await deleteProducts(db, products.splice(0));
});

async function placeOrder(
  db: Db,
  customer: TestUser,
  overrides: Partial<Parameters<typeof createOrder>[1]> = {},
) {
  const product = await createProduct(db, { price: 150_000, stock: 6 });
  products.push(product);
  const order = await createOrder(db, {
    lines: [{ product, quantity: 2 }],
    userId: customer.id,
    customerEmail: customer.email,
    customerName: `${customer.firstName} ${customer.lastName}`,
    ...overrides,
  });
  orders.push(order.id);
  return { order, product };
}

/** A proof as storeProof leaves it: the same picture gives the same bytes and hash. */
async function attachPicture(
  db: Db,
  orderId: string,
  color: number,
  { width, height } = { width: 60, height: 40 },
) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: color, g: 90, b: 140 } },
  })
    .webp({ quality: 82 })
    .toBuffer();
  const dataDir = process.env.E2E_DATA_DIR!;
  const id = await attachProof(db, { orderId, file: { bytes, dataDir } });
  proofs.push(id);
  return id;
}

async function asCustomer(
  browser: Browser,
  baseURL: string | undefined,
  login: Login,
  who: TestUser,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, who);
  return page;
}
type Login = (page: Page, credentials: { email: string; password: string }) => Promise<void>;

async function search(page: Page, text: string) {
  await page.goto("/admin/orders");
  await page.getByLabel("Buscar").fill(text);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

/**
 * A status button's post, answered, then its toast: the toast of the step before may still be on
 * screen, and the customer's page must not be read before the change is written.
 */
async function changeStatus(page: Page, button: string) {
  const answered = nextPostTo(page, new URL(page.url()).pathname);
  await page.getByRole("button", { name: button }).click();
  await answered;
  await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
}

async function customerSees(page: Page, orderNumber: string, label: string) {
  await page.goto("/orders");
  const card = page.getByRole("article", { name: `Pedido ${orderNumber}` });
  await expect(card.getByText(label, { exact: true })).toBeVisible();
}

test.describe("orders admin", () => {
  test("finds an order by number and by name, then approves, ships and delivers it", async ({
    page,
    db,
    browser,
    baseURL,
    createUser,
    login,
  }) => {
    // Four steps, each checked from the customer's side: longer than one page's budget.
    test.setTimeout(120_000);
    const tag = crypto.randomBytes(3).toString("hex");
    const customer = await createUser({ firstName: `Rebeca${tag}`, lastName: "Lagos" });
    const { order, product } = await placeOrder(db, customer);
    const shopper = await asCustomer(browser, baseURL, login, customer);
    const admin = await createUser({ role: "admin", firstName: "Ana", lastName: `Admin${tag}` });
    await login(page, admin);

    await search(page, order.orderNumber);
    await expect(page.getByText("1 pedido", { exact: true })).toBeVisible();
    await search(page, `Rebeca${tag}`);
    await expect(page.getByText("1 pedido", { exact: true })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row.getByText(`2 × ${product.name} (100ml)`)).toBeVisible();
    await row.getByRole("link", { name: order.orderNumber }).click();
    await expect(page.getByRole("heading", { name: `Pedido ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByText("ISV 15%")).toBeVisible();

    await changeStatus(page, "Aprobar Pago");
    await customerSees(shopper, order.orderNumber, "Pagado - En proceso");

    await changeStatus(page, "En Proceso");
    await customerSees(shopper, order.orderNumber, "Procesando pedido");

    await page.getByLabel("Número de guía (opcional)").fill(`GUIA-${tag}`);
    await changeStatus(page, "Marcar como Enviado");
    await customerSees(shopper, order.orderNumber, "Enviado");
    await expect(shopper.getByText(`GUIA-${tag}`)).toBeVisible();
    // Decision 101: the customer's phone (the order's "+504 9999-0000") told on WhatsApp where
    // the order stands, in the words of their notification.
    const notify = page.getByRole("link", { name: /^Avisar por WhatsApp/ });
    await expect(notify).toHaveAttribute("target", "_blank");
    const href = new URL((await notify.getAttribute("href")) ?? "");
    expect(`${href.origin}${href.pathname}`).toBe("https://wa.me/50499990000");
    expect(href.searchParams.get("text")).toBe(
      `Hola, Rebeca${tag} Lagos. Tu pedido ${order.orderNumber} fue enviado. Número de guía: GUIA-${tag}.`,
    );

    await changeStatus(page, "Entregado");
    // The detail's history: each step, in order, with the admin who took it.
    const by = `, por Ana Admin${tag}$`;
    await expect(
      page.getByRole("list", { name: "Historial", exact: true }).getByRole("listitem"),
    ).toHaveText([
      /— Pedido recibido$/,
      new RegExp(`— Pago aprobado${by}`),
      new RegExp(`— Procesando${by}`),
      new RegExp(`— Enviado con la guía GUIA-${tag}${by}`),
      new RegExp(`— Entregado${by}`),
    ]);
    await customerSees(shopper, order.orderNumber, "Entregado");

    // Look-ups are limited per address: this test's own.
    const octet = Math.floor(Math.random() * 250) + 1;
    await shopper.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${octet}` });
    await shopper.goto("/track-order");
    await shopper.getByLabel("Número de pedido").fill(order.orderNumber);
    await shopper.getByLabel("Correo electrónico").fill(customer.email);
    await shopper.getByRole("button", { name: "Buscar pedido" }).click();
    const history = shopper.getByRole("main").getByRole("list", { name: "Historial del pedido" });
    await expect(history.getByRole("listitem")).toHaveText([
      /Pedido recibido \(completado\)/,
      /Pago aprobado \(completado\)/,
      /En preparación \(completado\)/,
      /Enviado \(completado\)/,
      /Entregado \(completado\)/,
    ]);
    await expect(shopper.getByRole("main").getByText(`GUIA-${tag}`)).toBeVisible();

    const { loyaltyPoints } = await db
      .selectFrom("users")
      .select("loyaltyPoints")
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(loyaltyPoints).toBe(Math.floor(order.subtotal / 100));
    await shopper.context().close();
  });

  test("cancelling demands notes, then puts the stock back", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const customer = await createUser();
    const { order, product } = await placeOrder(db, customer);
    const stock = async () =>
      (
        await db
          .selectFrom("products")
          .select("stock")
          .where("id", "=", product.id)
          .executeTakeFirstOrThrow()
      ).stock;
    expect(await stock()).toBe(4);
    await login(page, await createUser({ role: "admin" }));
    await page.goto(`/admin/orders/${order.id}`);

    // Cancel, deny and delete wait apart from the main action, behind 'Más acciones'.
    const more = page.getByText("Más acciones", { exact: true });
    await expect(page.getByRole("button", { name: "Cancelar Pedido" })).toBeHidden();
    await more.click();
    await page.getByRole("button", { name: "Cancelar Pedido" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "No se pudo cancelar el pedido" });
    await expect(alert).toContainText("Debe proporcionar notas para esta acción");
    expect(await stock()).toBe(4);

    // Without JS the page came back with the disclosure closed; with JS it stayed open.
    const notes = page.getByLabel("Notas para cancelar pedido");
    if (!(await notes.isVisible())) await more.click();
    await notes.fill("El cliente lo pidió por teléfono");
    await page.getByRole("button", { name: "Cancelar Pedido" }).click();
    await expect(page.getByRole("status").getByText("Pedido cancelado")).toBeVisible();
    await expect(page.getByText("Notas: El cliente lo pidió por teléfono")).toBeVisible();
    expect(await stock()).toBe(6);
  });

  test("the proof queue approves one, denies one with a reason and flags a reused proof", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const customer = await createUser();
    const { order: first } = await placeOrder(db, customer, {
      createdAt: "2021-03-01T15:00:00.000Z",
    });
    const { order: reused } = await placeOrder(db, customer, {
      createdAt: "2021-03-02T15:00:00.000Z",
    });
    // A picture of this run's own (a run stopped midway leaves its orders in the e2e store).
    const colour = 100 + Math.floor(Math.random() * 150);
    await attachPicture(db, first.id, colour);
    await attachPicture(db, reused.id, colour); // the same picture again
    await login(page, await createUser({ role: "admin" }));

    await page.goto("/admin/orders");
    await page.getByRole("link", { name: /Comprobantes por revisar/ }).click();
    await expect(page).toHaveURL(/review=proofs/);
    const firstItem = page.getByRole("listitem", { name: `Pedido ${first.orderNumber}` });
    const reusedItem = page.getByRole("listitem", { name: `Pedido ${reused.orderNumber}` });
    await expect(reusedItem.getByRole("alert")).toHaveText(
      `Este comprobante ya se usó en el pedido ${first.orderNumber}`,
    );
    await expect(
      firstItem.getByRole("img", { name: `Comprobante del pedido ${first.orderNumber}` }),
    ).toBeVisible();
    // Issue 39: on a 320 px phone the card holds its picture, its fields and its buttons.
    await page.setViewportSize({ width: 320, height: 700 });
    const overflowing = await reusedItem.evaluate((card) => {
      const edge = card.getBoundingClientRect().right;
      return [...card.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => element.outerHTML.slice(0, 80));
    });
    expect(overflowing).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    await firstItem.getByRole("button", { name: "Aprobar Pago" }).click();
    await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
    await expect(firstItem).toHaveCount(0);

    await reusedItem.getByLabel("Motivo (lo verá el cliente)").fill("comprobante repetido");
    await reusedItem.getByRole("button", { name: "Denegar" }).click();
    await expect(page.getByRole("status").getByText("Pedido denegado")).toBeVisible();
    await expect(reusedItem).toHaveCount(0);

    const notice = await db
      .selectFrom("notifications")
      .select("message")
      .where("userId", "=", customer.id)
      .where("type", "=", "order_denied")
      .executeTakeFirstOrThrow();
    expect(notice.message).toContain("Motivo: comprobante repetido");

    await page.goto(`/admin/orders/${reused.id}`);
    const warning = page.getByRole("alert").filter({ hasText: "Este comprobante ya se usó" });
    await warning.getByRole("link", { name: first.orderNumber }).click();
    await expect(page.getByRole("heading", { name: `Pedido ${first.orderNumber}` })).toBeVisible();
  });

  test("at 1366×768 the receipt sits beside 'Aprobar Pago', the moves in the lifecycle's order", async ({
    page,
    db,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    const customer = await createUser();
    const { order } = await placeOrder(db, customer);
    await attachPicture(db, order.id, 80, { width: 1200, height: 1600 });
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, await createUser({ role: "admin" }));
    await page.goto(`/admin/orders/${order.id}`);
    // Hydration puts the thumbnail in a zoom button (a new <img>): measure the one that stays.
    if (javaScriptEnabled) await hydrated(page);

    const proof = page.getByRole("img", { name: `Comprobante del pedido ${order.orderNumber}` });
    const approve = page.getByRole("button", { name: "Aprobar Pago" });
    await expect(proof).toBeInViewport({ ratio: 1 });
    await expect(approve).toBeInViewport({ ratio: 1 });
    const [proofBox, approveBox] = [(await proof.boundingBox())!, (await approve.boundingBox())!];
    expect(approveBox.x).toBeGreaterThan(proofBox.x + proofBox.width);
    // One main action; the closing ones are not beside it.
    await expect(page.getByRole("button", { name: "Denegar Pedido" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Eliminar Pedido" })).toBeHidden();

    await approve.click();
    await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
    await page.getByRole("button", { name: "En Proceso" }).click();
    await expect(page.getByRole("status").getByText("Estado actualizado")).toBeVisible();
    const actions = page.getByRole("region", { name: "Acciones" });
    await expect(actions.getByRole("button").filter({ hasText: /Enviado|Entregado/ })).toHaveText([
      "Marcar como Enviado",
      "Entregado",
    ]);
  });

  test("the order detail shows the proof: zoomable in a dialog with JS, a link to it without", async ({
    page,
    db,
    createUser,
    login,
  }, testInfo) => {
    const customer = await createUser();
    const { order } = await placeOrder(db, customer);
    // A phone photo's size after storeProof (at most 2000 px): larger than a 1024×768 screen.
    const proofId = await attachPicture(db, order.id, 120, { width: 1600, height: 1200 });
    const proofUrl = `/resources/payment-proofs/${proofId}`;
    await page.setViewportSize({ width: 1024, height: 768 });
    await login(page, await createUser({ role: "admin" }));
    await page.goto(`/admin/orders/${order.id}`);
    const thumbnail = page.getByRole("img", {
      name: `Comprobante del pedido ${order.orderNumber}`,
    });
    await expect(thumbnail).toBeVisible();

    if (testInfo.project.name === "nojs") {
      const link = page.getByRole("link").filter({ has: thumbnail });
      await expect(link).toHaveAttribute("href", proofUrl);
      await expect(link).toHaveAttribute("target", "_blank");
      const full = await page.request.get(proofUrl);
      expect(full.status()).toBe(200);
      expect(full.headers()["content-type"]).toBe("image/webp");
      await expect(page.getByRole("button", { name: "Ampliar comprobante" })).toHaveCount(0);
      return;
    }

    const trigger = page.getByRole("button", { name: "Ampliar comprobante" });
    await trigger.click();
    const dialog = page.getByRole("dialog", {
      name: `Comprobante del pedido ${order.orderNumber}`,
    });
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole("img");
    await expect(image).toHaveAttribute("src", proofUrl);
    const zoom = dialog.getByRole("status", { name: "Zoom" });
    // Fitted: the whole proof is on screen, below its own size.
    await expect(zoom).toHaveText(/^\d+ %$/);
    const fitted = Number((await zoom.textContent())!.replace(" %", ""));
    expect(fitted).toBeLessThan(100);
    const fittedBox = (await image.boundingBox())!;
    expect(fittedBox.x).toBeGreaterThanOrEqual(0);
    expect(fittedBox.x + fittedBox.width).toBeLessThanOrEqual(1024);
    expect(fittedBox.y + fittedBox.height).toBeLessThanOrEqual(768);

    await dialog.getByRole("button", { name: "Acercar" }).click();
    await expect(zoom).not.toHaveText(`${fitted} %`);
    const zoomedBox = (await image.boundingBox())!;
    expect(zoomedBox.width).toBeCloseTo(fittedBox.width * 1.5, 0);
    await page.keyboard.press("+");
    await expect
      .poll(async () => (await image.boundingBox())!.width)
      .toBeCloseTo(fittedBox.width * 2.25, 0);
    await page.keyboard.press("-");
    await dialog.getByRole("button", { name: "Alejar" }).click();
    await expect(zoom).toHaveText(`${fitted} %`);
    await dialog.getByRole("button", { name: "Acercar" }).click();
    await dialog.getByRole("button", { name: "Ajustar" }).click();
    await expect(zoom).toHaveText(`${fitted} %`);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
