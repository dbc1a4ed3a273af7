import { expect, test } from "./fixtures";

/*
 * Issue 25 end to end: an admin creates an API token for a customer's account, sees it once,
 * the token answers at /api/, the list shows its last use, and revoking it refuses the next
 * call. Both projects: the screen's forms work without JavaScript.
 */

test.describe("API tokens admin", () => {
  test("an admin creates a token, sees it once, it works, then revokes it", async ({
    page,
    request,
    db,
    createUser,
    login,
  }) => {
    const admin = await createUser({ role: "admin" });
    const customer = await createUser({ role: "customer" });
    await login(page, admin);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Tokens de API" }).first().click();
    await expect(page.getByRole("heading", { name: "Tokens de API", level: 1 })).toBeVisible();

    // Bad input: a name is needed, and an admin level only for an admin's account.
    await page.getByLabel("Correo de la cuenta por la que actúa").fill(customer.email);
    await page.getByLabel(/^Administrador/).check();
    await page.getByRole("button", { name: "Crear token" }).click();
    await expect(page.getByText("Escribe un nombre para el token.")).toBeVisible();
    await page.getByLabel("Nombre").fill("Intento");
    await page.getByLabel("Correo de la cuenta por la que actúa").fill(customer.email);
    await page.getByLabel(/^Administrador/).check();
    await page.getByRole("button", { name: "Crear token" }).click();
    await expect(
      page.getByText(
        "Solo la cuenta de un administrador puede tener un token de nivel administrador.",
      ),
    ).toBeVisible();
    expect(
      await db.selectFrom("apiTokens").select("id").where("userId", "=", customer.id).execute(),
    ).toEqual([]);

    const name = `App móvil ${customer.id}`;
    await page.getByLabel("Nombre").fill(name);
    await page.getByLabel("Correo de la cuenta por la que actúa").fill(customer.email);
    await page.getByLabel(/^Cliente/).check();
    await page.getByLabel("Lectura y escritura").check();
    await page.getByRole("button", { name: "Crear token" }).click();
    await expect(page.getByText("Cópialo ahora: no se volverá a mostrar.")).toBeVisible();
    const secret = (await page.getByLabel("Token nuevo").textContent())!.trim();
    expect(secret).toMatch(/^pf_[\w-]{43}$/);

    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText("Lectura y escritura");
    await expect(row).toContainText("Nunca");

    // The token acts for the customer at the API.
    const wishlist = await request.get("/api/wishlist", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(wishlist.status()).toBe(200);

    // Shown once: the list, loaded again, has only its first characters.
    await page.goto("/admin/api-tokens");
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(row).not.toContainText("Nunca");

    await row.getByText("Revocar", { exact: true }).click();
    await row.getByRole("button", { name: "Sí, revocar" }).click();
    await expect(page.getByRole("status").getByText("Token revocado")).toBeVisible();
    await expect(row.getByText("Revocado", { exact: true })).toBeVisible();

    const refused = await request.get("/api/wishlist", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({
      detail: "El token no es válido o fue revocado.",
    });
  });
});
