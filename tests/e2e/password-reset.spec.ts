import { receivedMail } from "./mailbox";
import { createProduct, deleteProducts, type CreatedProduct } from "../../seed/factories/catalog";
import { expect, nextPostTo, test } from "./fixtures";

/*
 * Decisions 105 and 106 in both projects: the e-mails leave the main store through SMTP and
 * arrive as .eml files in E2E_MAIL_DIR (tests/setup/e2e-global-setup.ts), where the test reads
 * the link as a person would; the mail job sends every 5 s.
 */

/** The link to `path` in the newest e-mail to `to` whose subject is `subject`. */
async function linkInMail(to: string, subject: string, path: string) {
  const mail = await receivedMail(to, subject);
  const match = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? "");
  expect(match, `no ${path} link in:\n${mail.text}`).not.toBeNull();
  return match![0];
}

test("a customer who forgot the password gets a link by e-mail, sets a new one and is signed in", async ({
  page,
  createUser,
}) => {
  // The new password hashed at production cost and an e-mail sent every 5 s.
  test.setTimeout(60_000);
  const user = await createUser({ firstName: "Olga" });
  await page.goto("/login");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByText("Si el correo corresponde a una cuenta")).toBeVisible();

  const link = await linkInMail(user.email, "Restablece tu contraseña", "/reset-password");
  await page.goto(link);
  const password = "nardo-tonka-ciprés-58";
  // Two passwords that differ: the action says so (decision 109) and the link still serves.
  await page.getByLabel("Nueva contraseña").fill(password);
  await page.getByLabel("Confirmar contraseña").fill("otra-cosa-58");
  const refused = nextPostTo(page, "/reset-password");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByLabel("Confirmar contraseña")).toHaveAccessibleDescription(
    "Las contraseñas no coinciden",
  );
  await page.getByLabel("Nueva contraseña").fill(password);
  await page.getByLabel("Confirmar contraseña").fill(password);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();

  await expect(page).toHaveURL(/\/catalog$/, { timeout: 20_000 });
  await expect(page.getByText("Contraseña actualizada")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /Olga/ })).toBeVisible();

  // The link served once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
});

test.describe("e-mail verification", () => {
  const products: CreatedProduct[] = [];
  test.afterAll(async ({ db }) => {
    await deleteProducts(db, products);
  });

  /*
   * The setting is the main store's (the only one with SMTP), shared with the other tests: one
   * test switches it on for a few seconds and runs the flow with JavaScript and without it, in
   * two browser contexts, so that no second copy of it (the nojs project's) switches it off
   * under the first. Only accounts registered through /register meanwhile are touched (the
   * fixtures' accounts count as verified).
   */
  test("an unverified account at checkout asks for the link again, follows it and may order", async ({
    browser,
    db,
    createUser,
    login,
    setSetting,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the js project runs it with and without JS");
    // Two sign-ins at production cost and two e-mails sent every 5 s.
    test.setTimeout(120_000);
    await setSetting("requireEmailVerification", "true");
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled });
      const page = await context.newPage();
      const user = await createUser();
      await db
        .updateTable("users")
        .set({ emailVerifiedAt: null })
        .where("id", "=", user.id)
        .execute();
      const product = await createProduct(db, { stock: 5 });
      products.push(product);
      await db
        .insertInto("cartItems")
        .values({
          userId: user.id,
          sessionId: null,
          productId: product.id,
          size: "100ml",
          quantity: 1,
        })
        .execute();
      await login(page, user);

      await page.goto("/checkout");
      await expect(
        page.getByText("Verifica tu correo electrónico antes de hacer un pedido"),
      ).toBeVisible();
      await page.getByRole("button", { name: "Reenviar correo de verificación" }).click();
      await expect(page.getByText("Te enviamos un nuevo enlace de verificación")).toBeVisible();
      await expect(page).toHaveURL(/\/checkout$/);

      const link = await linkInMail(user.email, "Confirma tu correo electrónico", "/verify-email");
      await page.goto(link);
      // Back where the link was asked for (decision 128).
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByText("Correo verificado")).toBeVisible();
      await expect(
        page.getByRole("button", { name: "Reenviar correo de verificación" }),
      ).toHaveCount(0);

      await page.goto("/checkout");
      await expect(page.getByRole("heading", { name: "Finalizar Compra" })).toBeVisible();
      await expect(
        page.getByText("Verifica tu correo electrónico antes de hacer un pedido"),
      ).toHaveCount(0);
      await context.close();
    }
  });
});
