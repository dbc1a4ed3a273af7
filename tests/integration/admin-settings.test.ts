import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isPostgres } from "#db/connection";
import { SETTINGS_MESSAGES } from "~/models/settings/form.server";
import { getSettings, updateSettings } from "~/models/settings/settings.server";
import { REGISTRATION_CLOSED } from "~/models/customers/users";
import { findOrCreateGoogleUser } from "~/models/customers/users.server";
import { loader as rootLoader } from "~/root";
import { action as registerAction, loader as registerLoader } from "~/routes/_auth.register";
import { action as tabAction, loader as tabLoader } from "~/routes/admin.settings.$tab";
import { action as indexAction, loader as indexLoader } from "~/routes/admin.settings._index";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import {
  formPost,
  get,
  readSession,
  sessionCookie,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

// Every test leaves the store as it found it: open, taking registrations.
afterEach(async () => {
  await updateSettings({ maintenanceMode: "false", allowRegistrations: "true" });
});

/** General is the index route (/admin/settings); the other tabs are /admin/settings/{tab}. */
const tabPath = (tab: string) =>
  tab === "general" ? "/admin/settings?index" : `/admin/settings/${tab}`;
const tabParams = (tab: string) => (tab === "general" ? {} : { tab });

const loadTab = (tab: string, cookie = adminCookie) =>
  settle(() =>
    (tab === "general" ? indexLoader : tabLoader)({
      request: get(tabPath(tab), cookie),
      params: tabParams(tab),
      context: {},
    }),
  );

const saveTab = (tab: string, fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    (tab === "general" ? indexAction : tabAction)({
      request: formPost(tabPath(tab), fields, cookie),
      params: tabParams(tab),
      context: {},
    }),
  );

/** What the tab's form shows before any post: every input as the browser would post it back. */
async function formOf(tab: string) {
  const response = await loadTab(tab);
  expect(response.status).toBe(200);
  const { values } = (await response.json()) as { values: Record<string, string | null> };
  // An unchecked checkbox is not posted at all.
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] != null),
  );
}

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

async function storedRows(keys: string[]) {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value", "updatedAt"])
    .where("key", "in", keys)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row]));
}

describe("the settings tabs", () => {
  it("opens on General and answers 404 for a tab that does not exist", async () => {
    const response = await loadTab("general");
    expect((await response.json()).tab.label).toBe("General");
    expect((await loadTab("nope")).status).toBe(404);
    // General has one URL, /admin/settings: not /admin/settings/general too.
    const duplicate = await settle(() =>
      tabLoader({
        request: get("/admin/settings/general", adminCookie),
        params: { tab: "general" },
        context: {},
      }),
    );
    expect(duplicate.status).toBe(404);
  });

  it("shows each tab's settings with the values in effect, money in lempiras", async () => {
    await updateSettings({ shipping_cost: "175.5" });
    const response = await loadTab("shipping");
    const { fields, values } = await response.json();
    expect(fields.map((field: { key: string }) => field.key)).toEqual(
      expect.arrayContaining(["shipping_cost", "free_shipping_threshold", "bank_name"]),
    );
    expect(values.shipping_cost).toBe("175.50");
  });

  it("refuses customers", async () => {
    expect((await loadTab("general", customerCookie)).status).toBe(403);
    const response = await saveTab("contact", { contactPhone: "+504 2222-1111" }, customerCookie);
    expect(response.status).toBe(403);
    expect((await getSettings()).contactPhone).not.toBe("+504 2222-1111");
  });
});

describe("saving a tab", () => {
  it("writes only the entries that changed, and the store reads them on the next request", async () => {
    const before = await getSettings(); // fills the cache
    const form = await formOf("contact");
    const untouched = await storedRows(["contactEmail", "contactAddress"]);

    const response = await saveTab("contact", { ...form, contactPhone: "22334455" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings/contact");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Configuración guardada",
      description: "Se actualizó 1 ajuste.",
    });

    // Typed digits are stored as the phone format, and the cached settings were dropped (D3).
    const after = await getSettings();
    expect(before.contactPhone).not.toBe("+504 2233-4455");
    expect(after.contactPhone).toBe("+504 2233-4455");
    expect(await storedRows(["contactEmail", "contactAddress"])).toEqual(untouched);
  });

  it("says there is nothing to save when the form carries the values in effect", async () => {
    await updateSettings({ shipping_cost: "150" });
    const form = await formOf("shipping");
    expect(form.shipping_cost).toBe("150.00");
    const rows = await storedRows(Object.keys(form));

    const response = await saveTab("shipping", form);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({
      type: "info",
      title: "No hay cambios para guardar.",
    });
    expect(await storedRows(Object.keys(form))).toEqual(rows);
  });

  it("stores money as lempiras, which the reader turns into centavos", async () => {
    const form = await formOf("shipping");
    await saveTab("shipping", { ...form, shipping_cost: "L 1,234.5", express_shipping_cost: "99" });
    const rows = await storedRows(["shipping_cost", "express_shipping_cost"]);
    expect(rows.shipping_cost.value).toBe("1234.50");
    expect(rows.express_shipping_cost.value).toBe("99.00");
    expect(await getSettings()).toMatchObject({
      shipping_cost: 123450,
      express_shipping_cost: 9900,
    });
  });

  it("saves nothing when any field is invalid, and says why in Spanish", async () => {
    const settingsBefore = await getSettings();
    const shipping = await formOf("shipping");
    let response = await saveTab("shipping", {
      ...shipping,
      free_shipping_threshold: "2500",
      shipping_cost: "ciento cincuenta",
      store_phone: "123",
      bank_name: "",
    });
    expect(response.status).toBe(400);
    let { result } = await response.json();
    expect(result.error).toMatchObject({
      "": [SETTINGS_MESSAGES.notSaved],
      shipping_cost: ["Escribe un monto en lempiras (por ejemplo 150 o 150.50)."],
      store_phone: ["Formato inválido. Ejemplo: +504 0000-0000"],
      bank_name: ["Este campo es obligatorio."],
    });
    // What the admin typed comes back to the form.
    expect(result.initialValue.free_shipping_threshold).toBe("2500");

    const company = await formOf("company");
    response = await saveTab("company", { ...company, tax_percentage: "101" });
    ({ result } = await response.json());
    expect(result.error.tax_percentage).toEqual(["No puede ser mayor que 100."]);

    const loyalty = await formOf("loyalty");
    response = await saveTab("loyalty", {
      ...loyalty,
      loyalty_redeem_step: "0",
      loyalty_tier_oro: "12.5",
    });
    ({ result } = await response.json());
    expect(result.error.loyalty_redeem_step).toEqual(["Debe ser 1 o más."]);
    expect(result.error.loyalty_tier_oro).toEqual(["Escribe un número entero (sin decimales)."]);

    const social = await formOf("social");
    response = await saveTab("social", { ...social, instagram_url: "javascript:alert(1)" });
    ({ result } = await response.json());
    expect(result.error.instagram_url).toEqual([SETTINGS_MESSAGES.url]);

    const contact = await formOf("contact");
    response = await saveTab("contact", { ...contact, contactEmail: "no-es-correo" });
    ({ result } = await response.json());
    expect(result.error.contactEmail).toEqual(["Correo electrónico inválido"]);

    expect(await getSettings()).toEqual(settingsBefore);
  });

  it("saves none of the tab when the database refuses one entry", async () => {
    const before = await getSettings();
    const form = await formOf("contact");
    // A real database failure on the last entry written, after the phone was written.
    const refusal = isPostgres(db)
      ? [
          `CREATE FUNCTION refuse_whatsapp() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'disco lleno'; END $$`,
          `CREATE TRIGGER refuse_whatsapp BEFORE INSERT OR UPDATE ON settings
           FOR EACH ROW WHEN (NEW.key = 'contactWhatsapp') EXECUTE FUNCTION refuse_whatsapp()`,
        ]
      : ["INSERT", "UPDATE"].map(
          (event) => `CREATE TEMP TRIGGER refuse_whatsapp_${event} BEFORE ${event} ON settings
           WHEN NEW.key = 'contactWhatsapp' BEGIN SELECT RAISE(ABORT, 'disco lleno'); END`,
        );
    for (const statement of refusal) await sql.raw(statement).execute(db);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await saveTab("contact", {
        ...form,
        contactPhone: "+504 2777-1111",
        contactWhatsapp: "+504 9111-2222",
      });
      expect(response.status).toBe(500);
      const { result } = await response.json();
      expect(result.error[""]).toEqual([SETTINGS_MESSAGES.notSaved]);
      expect(result.initialValue.contactPhone).toBe("+504 2777-1111");
      expect(logged).toHaveBeenCalledWith("No se pudo guardar la configuración", expect.any(Error));
    } finally {
      logged.mockRestore();
      if (isPostgres(db)) {
        await sql`DROP TRIGGER refuse_whatsapp ON settings`.execute(db);
        await sql`DROP FUNCTION refuse_whatsapp`.execute(db);
      } else {
        await sql`DROP TRIGGER refuse_whatsapp_INSERT`.execute(db);
        await sql`DROP TRIGGER refuse_whatsapp_UPDATE`.execute(db);
      }
    }
    expect(await getSettings()).toEqual(before);
  });

  it("reads an unchecked checkbox (absent from the post) as off", async () => {
    const form = await formOf("general");
    expect(form.allowRegistrations).toBe("on");
    const { allowRegistrations: _checked, ...unchecked } = form;
    await saveTab("general", unchecked);
    expect((await getSettings()).allowRegistrations).toBe(false);
    await saveTab("general", { ...unchecked, allowRegistrations: "on" });
    expect((await getSettings()).allowRegistrations).toBe(true);
  });
});

describe("maintenance mode from the General tab (D35)", () => {
  const root = (cookie?: string, path = "/catalog") =>
    settle(async () => {
      const result = await rootLoader({ request: get(path, cookie), params: {}, context: {} });
      return result;
    });

  it("sends visitors and customers the 503 screen data; the admin keeps working; off restores", async () => {
    const contact = await formOf("contact");
    await saveTab("contact", {
      ...contact,
      contactEmail: "ayuda@perfumeria.hn",
      contactPhone: "+504 2255-6677",
    });
    const general = await formOf("general");
    const on = await saveTab("general", { ...general, maintenanceMode: "on" });
    expect(await toastOf(on)).toMatchObject({ title: "Configuración guardada" });

    for (const cookie of [undefined, customerCookie]) {
      const response = await root(cookie);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBeTruthy();
      expect(await response.json()).toEqual({
        maintenance: true,
        contactEmail: "ayuda@perfumeria.hn",
        contactPhone: "+504 2255-6677",
      });
    }
    expect((await root(undefined, "/admin-access")).status).toBe(200);
    expect((await root(adminCookie)).status).toBe(200);
    expect((await loadTab("general")).status).toBe(200);

    const { maintenanceMode: _on, ...off } = await formOf("general");
    await saveTab("general", off);
    expect((await root()).status).toBe(200);
  });
});

describe("allowRegistrations", () => {
  const register = (fields: Record<string, string>) =>
    settle(() =>
      registerAction({ request: formPost("/register", fields), params: {}, context: {} }),
    );
  const newCustomer = (email: string) => ({
    firstName: "Lucía",
    lastName: "Mejía",
    email,
    password: "contraseña-segura",
    confirmPassword: "contraseña-segura",
  });

  it("closes /register: the page says so and a post creates no account", async () => {
    await updateSettings({ allowRegistrations: "false" });
    const page = await settle(() =>
      registerLoader({ request: get("/register"), params: {}, context: {} }),
    );
    expect(await page.json()).toMatchObject({ registrationOpen: false });

    const email = `cerrado-${Date.now()}@example.com`;
    const response = await register(newCustomer(email));
    expect(response.status).toBe(403);
    expect((await response.json()).result.error[""]).toEqual([REGISTRATION_CLOSED]);
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(user).toBeUndefined();

    await updateSettings({ allowRegistrations: "true" });
    const open = await register(newCustomer(email));
    expect(open.status).toBe(302);
  });

  it("refuses a new Google account but lets an existing one sign in", async () => {
    const stamp = Date.now();
    const existing = await findOrCreateGoogleUser({
      googleId: `google-existing-${stamp}`,
      email: `google-existing-${stamp}@example.com`,
      emailVerified: true,
      firstName: "Ana",
      lastName: "Reyes",
    });
    await updateSettings({ allowRegistrations: "false" });

    const again = await findOrCreateGoogleUser({
      googleId: `google-existing-${stamp}`,
      email: `google-existing-${stamp}@example.com`,
      emailVerified: true,
      firstName: "Ana",
      lastName: "Reyes",
    });
    expect(again.ok && existing.ok && again.user.id).toBe(existing.ok && existing.user.id);

    const email = `google-new-${stamp}@example.com`;
    await expect(
      findOrCreateGoogleUser({
        googleId: `google-new-${stamp}`,
        email,
        emailVerified: true,
        firstName: "Nuevo",
        lastName: "Cliente",
      }),
    ).resolves.toEqual({ ok: false, error: "registrations_closed" });
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});

describe("'Facturación': the issuer of the invoices (decision 170)", () => {
  it("shows the issuer's data on a tab of its own, not under 'Empresa'", async () => {
    const billing = await formOf("facturacion");
    expect(Object.keys(billing)).toEqual(
      expect.arrayContaining([
        "fiscal_legal_name",
        "fiscal_address",
        "fiscal_phone",
        "fiscal_email",
      ]),
    );
    expect(Object.keys(await formOf("company"))).not.toContain("fiscal_legal_name");
  });

  it("takes an RTN of 14 digits, refuses another, and asks a stale session for a code", async () => {
    const form = await formOf("facturacion");
    const refused = await saveTab("facturacion", { ...form, fiscal_rtn: "0801-1990" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("El RTN tiene 14 dígitos");

    const saved = await saveTab("facturacion", { ...form, fiscal_rtn: "0801-1990-123456" });
    expect(saved.status).toBe(302);
    expect((await getSettings()).fiscal_rtn).toBe("08011990123456");

    // An administrator whose session proved nothing fresh (a remembered device).
    const stale = await sessionCookie({
      userId: (await createUser(db, { role: "admin" })).id,
      secondFactor: { method: "device", provedAt: null },
    });
    const again = await saveTab(
      "facturacion",
      { ...(await formOf("facturacion")), fiscal_legal_name: "Otra Razón S.A." },
      stale,
    );
    expect(again.status).toBe(403);
    expect((await getSettings()).fiscal_legal_name).not.toBe("Otra Razón S.A.");
  });
});
