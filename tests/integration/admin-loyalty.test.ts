import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin.loyalty/route";
import { db } from "~/utils/db.server";
import { createUser, type CreatedUser } from "../../seed/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

/*
 * The loyalty points admin (backoffice.md §2, §5, §8) with real Requests: the customer search,
 * points added through the ledger with its notification, and the refused posts.
 */

let adminCookie: string;
let customer: CreatedUser;
/** A surname no other test file uses, so the searches find only this file's customers. */
const surname = `Lealtad${crypto.randomBytes(3).toString("hex")}`;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customer = await createUser(db, {
    firstName: "Valentina",
    lastName: surname,
    email: `valentina-${surname.toLowerCase()}@example.com`,
  });
  await createUser(db, { firstName: "Mateo", lastName: surname });
  await createUser(db, { firstName: "Admin", lastName: surname, role: "admin" });
});

async function screen(query: string) {
  const response = await settle(() =>
    loader({ request: get(`/admin/loyalty${query}`, adminCookie), params: {}, context: {} }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

const addPoints = (fields: Record<string, string>, query = "") =>
  settle(() =>
    action({
      request: formPost(`/admin/loyalty${query}`, fields, adminCookie),
      params: {},
      context: {},
    }),
  );

async function errorsOf(response: Response) {
  const data = await response.json();
  return data.result.error as Record<string, string[]>;
}

async function ledgerOf(userId: number) {
  return db
    .selectFrom("pointsHistory")
    .select(["points", "type", "description"])
    .where("userId", "=", userId)
    .execute();
}

describe("searching a customer", () => {
  it("finds customers by name, full name or e-mail, case-insensitively, never admins", async () => {
    const bySurname = await screen(`?q=${surname.toUpperCase()}`);
    expect(bySurname.results.map((c: { firstName: string }) => c.firstName).sort()).toEqual([
      "Mateo",
      "Valentina",
    ]);

    const byFullName = await screen(`?q=${encodeURIComponent(`valentina ${surname}`)}`);
    expect(byFullName.results).toEqual([
      expect.objectContaining({ id: customer.id, loyaltyPoints: 0, loyaltyTier: "bronce" }),
    ]);

    const byEmail = await screen(`?q=${encodeURIComponent(customer.email)}`);
    expect(byEmail.results.map((c: { id: number }) => c.id)).toEqual([customer.id]);
  });

  it("starts from 2 characters and takes % literally", async () => {
    expect((await screen("?q=a")).results).toEqual([]);
    expect((await screen("?q=%25%25")).results).toEqual([]);
  });

  it("shows the chosen customer's balance, tier and ledger, and no admin", async () => {
    const data = await screen(`?cliente=${customer.id}`);
    expect(data.selected.customer).toMatchObject({ id: customer.id, email: customer.email });
    expect(data.selected.account).toMatchObject({ balance: 0, tier: "bronce", history: [] });

    const someAdmin = await createUser(db, { role: "admin" });
    expect((await screen(`?cliente=${someAdmin.id}`)).selected).toBeNull();
    expect((await screen("?cliente=abc")).selected).toBeNull();
  });
});

describe("adding points", () => {
  it("writes a ledger entry, notifies the customer and flashes 'Puntos agregados'", async () => {
    const target = await createUser(db, { lastName: surname });
    const response = await addPoints(
      { userId: String(target.id), points: "2500", description: "Compensación por retraso" },
      `?q=${surname}&cliente=${target.id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/loyalty?q=${surname}&cliente=${target.id}`,
    );
    const { toast } = await readSession(response.headers.getSetCookie()[0]?.split(";")[0]);
    expect(toast).toMatchObject({ type: "success", title: "Puntos agregados" });

    expect(await ledgerOf(target.id)).toEqual([
      { points: 2500, type: "admin", description: "Compensación por retraso" },
    ]);
    const row = await db
      .selectFrom("users")
      .select(["loyaltyPoints", "loyaltyTier"])
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    // 2,000 points earned reach plata (D13 defaults).
    expect(row).toEqual({ loyaltyPoints: 2500, loyaltyTier: "plata" });
    const notice = await db
      .selectFrom("notifications")
      .select(["type", "message"])
      .where("userId", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      type: "loyalty_points",
      message: "Recibiste 2,500 puntos: Compensación por retraso",
    });

    const data = await screen(`?cliente=${target.id}`);
    expect(data.selected.account).toMatchObject({ balance: 2500, tier: "plata" });
    expect(data.selected.account.history[0]).toMatchObject({ points: 2500, type: "admin" });
  });

  it.each([
    [{ points: "0", description: "Regalo" }, "points", "Los puntos deben ser al menos 1"],
    [{ points: "2.5", description: "Regalo" }, "points", "Los puntos deben ser un número entero"],
    [{ points: "-3", description: "Regalo" }, "points", "Los puntos deben ser un número entero"],
    [{ points: "", description: "Regalo" }, "points", "Los puntos son requeridos"],
    [{ points: "10", description: "   " }, "description", "La descripción es requerida"],
  ])("refuses %o with a message beside the field", async (fields, name, message) => {
    const target = await createUser(db);
    const response = await addPoints({ userId: String(target.id), ...fields });
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[name]).toEqual([message]);
    expect(await ledgerOf(target.id)).toEqual([]);
  });

  it("refuses an admin account or a missing customer, writing nothing", async () => {
    const someAdmin = await createUser(db, { role: "admin" });
    const response = await addPoints({
      userId: String(someAdmin.id),
      points: "10",
      description: "Regalo",
    });
    expect(response.status).toBe(404);
    expect((await errorsOf(response))[""]).toEqual(["Cliente no encontrado"]);
    expect(await ledgerOf(someAdmin.id)).toEqual([]);

    const missing = await addPoints({ userId: "999999999", points: "10", description: "Regalo" });
    expect(missing.status).toBe(404);
  });

  it("refuses a customer's post", async () => {
    const someone = await createUser(db);
    const customerCookie = await signedInCookie(someone.id);
    const response = await settle(() =>
      action({
        request: formPost(
          "/admin/loyalty",
          { userId: String(someone.id), points: "100", description: "Yo mismo" },
          customerCookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(403);
    expect(await ledgerOf(someone.id)).toEqual([]);
  });
});
