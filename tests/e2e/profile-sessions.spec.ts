import { expect, signInAsAdmin, test } from "./fixtures";

/*
 * Issue 40, point 4 end to end (decision 164): a customer signed in in two browsers sees both
 * on /profile/security and ends the other one, which is then asked to sign in again; an
 * administrator ends a customer's session on the customer's page. Both projects: the forms
 * work without JavaScript.
 */

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("a customer ends the session of another browser from the security tab", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createUser,
  login,
}) => {
  const customer = await createUser();
  const elsewhere = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    userAgent: FIREFOX_ON_WINDOWS,
  });
  const otherPage = await elsewhere.newPage();
  await login(otherPage, customer);
  await login(page, customer);

  await page.goto("/profile/security");
  const list = page.getByRole("region", { name: "Sesiones abiertas" });
  const sessions = list.getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  const here = sessions.filter({ hasText: "Este equipo" });
  await expect(here).toContainText("Chrome en Linux");
  // No "Cerrar" on this browser's own session: signing out ends that one.
  await expect(here.getByRole("button")).toHaveCount(0);
  const other = sessions.filter({ hasText: "Firefox en Windows" });
  // The e2e server sees its clients on loopback.
  await expect(other).toContainText("Red local");
  await expect(other).toContainText("Último uso:");

  await other.getByRole("button", { name: /^Cerrar la sesión de Firefox en Windows/ }).click();
  await expect(page.getByRole("status").getByText("Sesión cerrada")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(list.getByRole("button", { name: "Cerrar todas las demás" })).toHaveCount(0);

  // The other browser is signed out; this one is not.
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await elsewhere.close();
});

test("'Cerrar todas las demás' signs out every other browser of the account", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createUser,
  login,
}) => {
  const customer = await createUser();
  const others = await Promise.all(
    [0, 1].map(() => browser.newContext({ baseURL, javaScriptEnabled })),
  );
  const otherPages = await Promise.all(others.map((context) => context.newPage()));
  for (const otherPage of otherPages) await login(otherPage, customer);
  await login(page, customer);

  await page.goto("/profile/security");
  const list = page.getByRole("region", { name: "Sesiones abiertas" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await list.getByRole("button", { name: "Cerrar todas las demás" }).click();
  await expect(page.getByRole("status").getByText("Sesiones cerradas")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("Este equipo");

  for (const otherPage of otherPages) {
    await otherPage.goto("/profile");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  }
  await Promise.all(others.map((context) => context.close()));
});

test("an administrator ends a customer's session on the customer's page", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createUser,
  login,
}) => {
  const admin = await createUser({ role: "admin" });
  const customer = await createUser();
  const customerContext = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    userAgent: FIREFOX_ON_WINDOWS,
  });
  const customerPage = await customerContext.newPage();
  await login(customerPage, customer);
  await signInAsAdmin(page, admin);

  await page.goto(`/admin/users/${customer.id}`);
  const list = page.getByRole("region", { name: "Sesiones abiertas" });
  const session = list.getByRole("listitem").filter({ hasText: "Firefox en Windows" });
  await expect(session).toHaveCount(1);
  await expect(list.getByText("Este equipo")).toHaveCount(0);
  await session.getByRole("button", { name: /^Cerrar la sesión de Firefox en Windows/ }).click();
  await expect(page.getByRole("status").getByText("Sesión cerrada")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await expect(list).toContainText("No hay sesiones abiertas.");

  await customerPage.goto("/profile");
  await expect(customerPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await customerContext.close();
});
