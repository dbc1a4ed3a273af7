import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { expect, test, type TestFixtures, type WorkerFixtures } from "./fixtures";

const products: CreatedProduct[] = [];
const orders: string[] = [];
test.afterEach(async ({ db }) => {
  if (orders.length > 0)
    await db.deleteFrom("orders").where("id", "in", orders.splice(0)).execute();
  await deleteProducts(db, products.splice(0));
});

type Db = Parameters<typeof createOrder>[0];

async function placeOrder(db: Db, overrides: Partial<Parameters<typeof createOrder>[1]>) {
  const product = await createProduct(db, { price: 200_000, stock: 20 });
  products.push(product);
  const order = await createOrder(db, {
    lines: [{ product, quantity: 2 }],
    takeStock: false,
    ...overrides,
  });
  orders.push(order.id);
  return { order, product };
}

/** Each test looks orders up from an address of its own: the limit is 10 a minute per IP. */
async function ownAddress(page: Page) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.${octet()}.${octet()}` });
}

/**
 * A customer signed in with one pay-later order; what the page sends to `held` waits for
 * `release()`, and `receipt` is a photo to choose.
 */
async function awaitingReceipt(
  {
    page,
    db,
    createUser,
    login,
  }: { page: Page } & Pick<TestFixtures, "createUser" | "login"> & WorkerFixtures,
  held: string,
) {
  const customer = await createUser();
  const { order } = await placeOrder(db, { userId: customer.id, customerEmail: customer.email });
  await login(page, customer);
  let release: () => void = () => {};
  const waiting = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await waiting;
    await route.continue();
  });
  const receipt = await sharp({
    create: { width: 60, height: 40, channels: 3, background: "#a05" },
  })
    .png()
    .toBuffer();
  return { order, release, receipt };
}

/** The receipt went: the order's page says it is in review, and the order holds the proof. */
async function expectReceiptInReview(page: Page, db: Db, orderId: string) {
  await expect(
    page.getByRole("heading", { level: 1, name: "Pedido recibido: pago en revisión" }),
  ).toBeVisible();
  const after = await db
    .selectFrom("orders")
    .select("paymentProof")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  expect(after.paymentProof).toMatch(/^\/resources\/payment-proofs\//);
}

test.describe("my orders", () => {
  test("a customer sees an order on /orders with its status, items, totals and payment", async ({
    page,
    db,
    createUser,
    login,
  }) => {
    const customer = await createUser();
    const { order, product } = await placeOrder(db, {
      userId: customer.id,
      customerEmail: customer.email,
      status: "shipped",
      trackingNumber: "GUIA-E2E-1",
    });
    await login(page, customer);
    await page.goto("/orders");
    const card = page.getByRole("article", { name: `Pedido ${order.orderNumber}` });
    await expect(card).toBeVisible();
    await expect(card.getByText("Enviado", { exact: true })).toBeVisible();
    await expect(card.getByText(product.name)).toBeVisible();
    await expect(card.getByText("Transferencia Bancaria")).toBeVisible();
    await expect(card.getByText("GUIA-E2E-1")).toBeVisible();
    await expect(card.getByText("ISV 15%")).toBeVisible();
    await expect(card.getByText("Tu pedido fue aprobado y está en proceso.")).toBeVisible();
    await expect(card.locator("time")).toHaveText(/^\d{1,2} de [a-z]+ de \d{4}$/);
  });

  test("a customer without orders is told so and sent to the catalogue", async ({
    page,
    createUser,
    login,
  }) => {
    await login(page, await createUser());
    await page.goto("/orders");
    await expect(page.getByText("No tienes pedidos aún")).toBeVisible();
    await page.getByRole("link", { name: "Explorar catálogo" }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });
});

test.describe("order confirmation", () => {
  test("the owner, signed out, signs in from the e-mail's link and sees the confirmation; another customer gets 'Pedido no encontrado'", async ({
    page,
    db,
    createUser,
    login,
    browser,
  }) => {
    const owner = await createUser();
    const { order, product } = await placeOrder(db, {
      userId: owner.id,
      customerEmail: owner.email,
    });
    // The order's e-mail links here; on a phone that is signed out it asks to sign in first.
    await page.goto(`/order-confirmation/${order.id}`);
    await expect(page).toHaveURL(
      `/login?${new URLSearchParams({ redirectTo: `/order-confirmation/${order.id}` })}`,
    );
    await page.getByLabel("Correo electrónico", { exact: true }).fill(owner.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
    await expect(page).toHaveURL(`/order-confirmation/${order.id}`);
    await page.goto("/orders");
    await page.getByRole("link", { name: `Ver detalles del pedido ${order.orderNumber}` }).click();
    await expect(page).toHaveURL(`/order-confirmation/${order.id}`);
    // Issue 21: titled by its real state (a transfer still to be paid), not '¡Pedido confirmado!'.
    await expect(
      page.getByRole("heading", { level: 1, name: "Pedido recibido: esperando tu transferencia" }),
    ).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: `Pedido ${order.orderNumber}` })).toBeVisible();
    await expect(main.getByText("Pendiente", { exact: true })).toBeVisible();
    await expect(main.getByText(product.name)).toBeVisible();
    await expect(main.getByText("ISV 15%")).toBeVisible();
    await expect(main.getByText("L 600.00")).toBeVisible(); // 15% of L 4,000.00
    await expect(main.getByText("Paga antes del")).toBeVisible();

    const other = await createUser();
    const context = await browser.newContext();
    const otherPage = await context.newPage();
    await login(otherPage, other);
    const response = await otherPage.goto(`/order-confirmation/${order.id}`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole("heading", { name: "Pedido no encontrado" })).toBeVisible();
    await expect(otherPage.getByText(order.orderNumber)).toHaveCount(0);
    await context.close();
  });
});

test.describe("order tracking", () => {
  test("finds an order by number and e-mail and shows its history", async ({ page, db }) => {
    await ownAddress(page);
    const { order, product } = await placeOrder(db, {
      status: "paid",
      paidAt: new Date().toISOString(),
      sessionId: "e2e-invitado",
      customerEmail: "invitada.e2e@example.com",
    });
    await page.goto("/seguimiento");
    await expect(page).toHaveURL(/\/track-order$/);
    await page.getByLabel("Número de pedido").fill(order.orderNumber.toLowerCase());
    await page.getByLabel("Correo electrónico").fill("Invitada.E2E@example.com");
    await page.getByRole("button", { name: "Buscar pedido" }).click();
    const main = page.getByRole("main");
    await expect(main.getByText("Pedido encontrado")).toBeVisible();
    await expect(main.getByRole("heading", { name: `Pedido ${order.orderNumber}` })).toBeVisible();
    await expect(main.getByText("Pago aprobado", { exact: true })).toBeVisible(); // D16
    await expect(main.getByText(product.name)).toBeVisible();
    // Decision 158: the window the checkout said, for Francisco Morazán's fast zone.
    await expect(main.getByText(/^(Entre el|El) \p{L}+\s\d{1,2}/u)).toBeVisible();
    const history = main.getByRole("list", { name: "Historial del pedido" });
    await expect(history.getByRole("listitem")).toHaveText([
      /Pedido recibido \(completado\)/,
      /Pago aprobado \(completado\)/,
      /En preparación \(pendiente\)/,
      /Enviado \(pendiente\)/,
      /Entregado \(pendiente\)/,
    ]);
  });

  test("a wrong e-mail and a wrong number get the same 'Pedido no encontrado'", async ({
    page,
    db,
  }) => {
    await ownAddress(page);
    const { order } = await placeOrder(db, { customerEmail: "dueno.e2e@example.com" });
    const attempts = [
      { orderNumber: order.orderNumber, email: "otra.persona@example.com" },
      { orderNumber: "PH-000000-0000", email: "dueno.e2e@example.com" },
    ];
    for (const attempt of attempts) {
      await page.goto("/track-order");
      await page.getByLabel("Número de pedido").fill(attempt.orderNumber);
      await page.getByLabel("Correo electrónico").fill(attempt.email);
      await page.getByRole("button", { name: "Buscar pedido" }).click();
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText("Pedido no encontrado");
      await expect(alert).toContainText("Verifica que el número de pedido y email sean correctos.");
      await expect(page.getByText("Pedido encontrado", { exact: true })).toHaveCount(0);
    }
  });

  test("a receipt chosen on the result before its code arrives is sent once it does", async ({
    page,
    db,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    // The result card loads on first use (route.tsx): what the shopper chose stays chosen.
    test.skip(!javaScriptEnabled, "about hydration");
    const { order, release, receipt } = await awaitingReceipt(
      { page, db, createUser, login },
      "**/build/**",
    );
    await page.goto(`/track-order?order=${order.id}`, { waitUntil: "domcontentloaded" });
    await page
      .getByLabel("Comprobante de pago (imagen, máximo 5MB)")
      .setInputFiles({ name: "pago.png", mimeType: "image/png", buffer: receipt });
    release();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Enviar comprobante" }).click();
    await expectReceiptInReview(page, db, order.id);
  });

  test("a receipt chosen on the success page keeps travelling while 'Seguir mi pedido' opens, and goes from there", async ({
    page,
    db,
    createUser,
    login,
    javaScriptEnabled,
  }) => {
    // Issue 39: the page gives way to another of the same order's (proof-uploads.ts). Without
    // JS the receipt is part of its form's post (checkout.spec's pay-later tests).
    test.skip(!javaScriptEnabled, "the photo travels on its own only with JavaScript");
    const { order, release, receipt } = await awaitingReceipt(
      { page, db, createUser, login },
      "**/resources/checkout-proof",
    );
    await page.goto(`/order-success?order=${order.id}`);
    await page
      .getByLabel("Comprobante de pago (imagen, máximo 5MB)")
      .setInputFiles({ name: "pago.png", mimeType: "image/png", buffer: receipt });
    await expect(page.getByText(/Subiendo el comprobante…/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Esperando el comprobante…" })).toBeDisabled();

    await page.getByRole("link", { name: "Seguir mi pedido" }).click();
    await expect(page).toHaveURL(new RegExp(`/track-order\\?order=${order.id}$`));
    const main = page.getByRole("main");
    await expect(main.getByText(/Subiendo el comprobante…/)).toBeVisible();
    release();
    await expect(main.getByText("Comprobante cargado")).toBeVisible();
    await main.getByRole("button", { name: "Enviar comprobante" }).click();
    // The owner's receipt goes to the order's page, which now says it is in review.
    await expectReceiptInReview(page, db, order.id);
  });

  test("asks for the order number", async ({ page }) => {
    await ownAddress(page);
    await page.goto("/track-order");
    await page.getByLabel("Correo electrónico").fill("alguien@example.com");
    await page.getByLabel("Número de pedido").fill(" ");
    await page.getByRole("button", { name: "Buscar pedido" }).click();
    await expect(page.getByText("El número de pedido es requerido")).toBeVisible();
  });
});
