import crypto from "node:crypto";
import { expect, test } from "./fixtures";

/*
 * The loyalty points admin (backoffice.md §2) in both projects: the admin finds a customer
 * (typing is enough with JS, the Buscar button without), adds points, and the customer's own
 * loyalty tab shows them.
 */

test("an admin finds a customer and adds points that the customer then sees", async ({
  page,
  createUser,
  login,
  javaScriptEnabled,
}) => {
  test.slow();
  const surname = `Puntos${crypto.randomBytes(3).toString("hex")}`;
  const customer = await createUser({ firstName: "Renata", lastName: surname });
  await login(page, await createUser({ role: "admin" }));

  await page.goto("/admin/loyalty");
  await expect(
    page
      .getByRole("navigation", { name: "Administración" })
      .getByRole("link", { name: "Puntos de Lealtad" })
      .first(),
  ).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Buscar cliente por nombre o correo").fill(surname.toLowerCase());
  // With JS the search runs 300 ms after the last key; without, on the button.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Buscar" }).click();
  const name = `Renata ${surname}`;
  await page.getByRole("link", { name: `Seleccionar a ${name}` }).click();

  const panel = page.getByRole("region", { name });
  await expect(panel.getByText(customer.email)).toBeVisible();
  await expect(panel.getByText("Este cliente no tiene movimientos de puntos.")).toBeVisible();

  await panel.getByLabel("Puntos", { exact: true }).fill("0");
  await panel.getByLabel("Descripción").fill("Cortesía de aniversario");
  await panel.getByRole("button", { name: "Agregar puntos" }).click();
  await expect(panel.getByText("Los puntos deben ser al menos 1")).toBeVisible();

  await panel.getByLabel("Puntos", { exact: true }).fill("2150");
  await panel.getByLabel("Descripción").fill("Cortesía de aniversario");
  await panel.getByRole("button", { name: "Agregar puntos" }).click();
  await expect(page.getByRole("status").getByText("Puntos agregados")).toBeVisible();
  await expect(panel.getByText("Puntos disponibles").locator("..")).toContainText("2,150");
  await expect(panel.getByText("Nivel").locator("..")).toContainText("Plata");
  await expect(panel.getByRole("row", { name: /Cortesía de aniversario/ })).toContainText("+2,150");

  await page.context().clearCookies();
  await login(page, customer);
  await page.goto("/profile/loyalty");
  await expect(page.getByText("Puntos disponibles").locator("..")).toContainText("2,150");
  await expect(page.getByRole("row", { name: /Cortesía de aniversario/ })).toContainText("+2,150");
});
