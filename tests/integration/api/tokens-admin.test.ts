import { describe, expect, it } from "vitest";
import { findApiToken } from "~/models/auth/api-tokens.server";
import { action, loader } from "~/routes/admin.api-tokens";
import { db } from "~/utils/db.server";
import { createUser } from "../../../db/factories/users";
import { formPost, get, settle, signedInCookie } from "../../setup/route-helpers";

describe("/admin/api-tokens", () => {
  it("is for admins only", async () => {
    const customer = await createUser(db);
    const cookie = await signedInCookie(customer.id);
    const page = await settle(() =>
      loader({ request: get("/admin/api-tokens", cookie), params: {}, context: {} }),
    );
    expect(page.status).toBe(403);
    const created = await settle(() =>
      action({
        request: formPost(
          "/admin/api-tokens",
          { name: "x", email: customer.email, scope: "write", level: "customer" },
          cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(created.status).toBe(403);
    expect(
      await db.selectFrom("apiTokens").select("id").where("userId", "=", customer.id).execute(),
    ).toEqual([]);
  });

  it("creates a token for an account, shows its secret once, and revokes it", async () => {
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db);
    const cookie = await signedInCookie(admin.id);
    const run = (fields: Record<string, string>) =>
      settle(() =>
        action({ request: formPost("/admin/api-tokens", fields, cookie), params: {}, context: {} }),
      );

    const refused = await run({
      name: "",
      email: "nadie@example.com",
      scope: "write",
      level: "customer",
    });
    expect(refused.status).toBe(400);
    const { result } = await refused.json();
    expect(result.error).toMatchObject({
      name: ["Escribe un nombre para el token."],
    });
    const unknown = await run({
      name: "App",
      email: "nadie@example.com",
      scope: "write",
      level: "customer",
    });
    expect((await unknown.json()).result.error.email).toEqual([
      "No existe una cuenta con ese correo.",
    ]);
    const adminLevel = await run({
      name: "App",
      email: customer.email,
      scope: "write",
      level: "admin",
    });
    expect((await adminLevel.json()).result.error.level).toEqual([
      "Solo la cuenta de un administrador puede tener un token de nivel administrador.",
    ]);
    expect(
      await db.selectFrom("apiTokens").select("id").where("userId", "=", customer.id).execute(),
    ).toEqual([]);

    const created = await run({
      name: "App móvil",
      email: customer.email.toUpperCase(),
      scope: "read",
      level: "customer",
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const { created: shown } = await created.json();
    expect(shown).toMatchObject({ name: "App móvil", email: customer.email });
    const token = await findApiToken(shown.secret);
    expect(token).toMatchObject({ userId: customer.id, scope: "read", level: "customer" });

    const list = await (
      await settle(() =>
        loader({ request: get("/admin/api-tokens", cookie), params: {}, context: {} }),
      )
    ).json();
    expect(JSON.stringify(list)).not.toContain(shown.secret);
    expect(list.tokens[0]).toMatchObject({
      name: "App móvil",
      userEmail: customer.email,
      prefix: shown.secret.slice(0, 10),
    });

    const revoked = await run({ intent: "revoke", tokenId: String(token!.id) });
    expect(revoked.status).toBe(302);
    expect(await findApiToken(shown.secret)).toBeNull();
    const again = await run({ intent: "revoke", tokenId: String(token!.id) });
    expect(again.status).toBe(302);
  });
});
