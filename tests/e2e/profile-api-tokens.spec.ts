import crypto from "node:crypto";
import { expect, test } from "./fixtures";

/*
 * Issue 37, item 10 end to end (decision 131): a customer sees the API tokens made for the
 * account on /profile/security, with their expiry, and revokes one; the next call with it is
 * refused. Another account's token is not listed. Both projects: the form works without
 * JavaScript.
 */

type Db = Parameters<Parameters<typeof test>[2]>[0]["db"];

/*
 * A token as the app stores it (its SHA-256 and first 10 characters), written here because e2e
 * specs do not import app code: if the app's format changed, the call with it would fail.
 */
async function tokenFor(db: Db, userId: number, name: string) {
  const secret = `pf_${crypto.randomBytes(32).toString("base64url")}`;
  await db
    .insertInto("apiTokens")
    .values({
      name,
      userId,
      createdBy: null,
      scope: "write",
      level: "customer",
      tokenHash: crypto.createHash("sha256").update(secret).digest("hex"),
      prefix: secret.slice(0, 10),
      expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    })
    .execute();
  return secret;
}

test.describe("API tokens on the security tab", () => {
  test("a customer sees the account's tokens and revokes one", async ({
    page,
    request,
    db,
    createUser,
    login,
  }) => {
    const customer = await createUser();
    const other = await createUser();
    const name = `App del celular ${customer.id}`;
    const secret = await tokenFor(db, customer.id, name);
    await tokenFor(db, other.id, `Ajeno ${other.id}`);
    const auth = { Authorization: `Bearer ${secret}` };
    expect((await request.get("/api/profile", { headers: auth })).status()).toBe(200);

    await login(page, customer);
    await page.goto("/profile/security");
    await expect(page.getByRole("heading", { name: "Tokens de API" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText(secret.slice(0, 10));
    await expect(item).toContainText("Activo");
    await expect(item).toContainText("Vence:");
    await expect(page.getByText(`Ajeno ${other.id}`)).toHaveCount(0);

    await item.getByRole("button", { name: `Revocar ${name}` }).click();
    await expect(page.getByRole("status").getByText("Token revocado")).toBeVisible();
    await expect(item).toContainText("Revocado");
    await expect(item.getByRole("button", { name: `Revocar ${name}` })).toHaveCount(0);

    const refused = await request.get("/api/profile", { headers: auth });
    expect(refused.status()).toBe(401);
  });
});
