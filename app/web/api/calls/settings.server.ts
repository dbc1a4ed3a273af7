import { z } from "zod/v4";
import { defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { formProblem } from "~/web/api/problem.server";
import {
  isSettingKey,
  SETTING_DEFINITIONS,
  settingDefinition,
  type SettingDefinition,
  type SettingKey,
} from "~/models/settings/definitions";
import { checkSettingTexts, lempiras, SETTINGS_MESSAGES } from "~/models/settings/form.server";
import { parseSettingValue, type StoreSettings } from "~/models/settings/settings";

/*
 * The settings calls (backoffice.md §7, storefront.md §7; D3, D7): one store of settings, read
 * through the one typed reader (getSettings) and written through the one writer (updateSettings)
 * after the settings screen's own check (checkSettingTexts), so the API and /admin/settings
 * accept and refuse the same values with the same messages.
 *
 * Who sees what: everything a shopper can see somewhere in the store (names, contact, prices of
 * shipping, the bank account the checkout shows, the loyalty rules, maintenance mode) is public;
 * the few keys that only steer the back office (where order e-mails go, its notifications, the
 * low-stock line, e-mail verification) are for admins only.
 */

const TAG = "Ajustes";

const DEFINITIONS = SETTING_DEFINITIONS as readonly SettingDefinition[];

/** The settings no shopper sees anywhere: an admin's GET shows them, a visitor's leaves them out. */
export const ADMIN_ONLY_SETTINGS: readonly SettingKey[] = [
  "orders_email",
  "notifyNewOrders",
  "notifyLowStock",
  "stockThreshold",
  "requireEmailVerification",
];

const isPublic = (definition: SettingDefinition) =>
  !ADMIN_ONLY_SETTINGS.includes(definition.key as SettingKey);

const PUBLIC_DEFINITIONS = DEFINITIONS.filter(isPublic);

function valueSchema(definition: SettingDefinition) {
  switch (definition.inputType) {
    case "money":
      return z.number().int().describe(`${definition.label}. Centavos de lempira.`);
    case "number":
      return (definition.decimals ? z.number() : z.number().int()).describe(definition.label);
    case "boolean":
      return z.boolean().describe(definition.label);
    default:
      return z.string().max(5000).describe(definition.label);
  }
}

const shape = (definitions: readonly SettingDefinition[]) =>
  Object.fromEntries(definitions.map((definition) => [definition.key, valueSchema(definition)]));

export const settingsSchema = z.object(shape(DEFINITIONS)).meta({ id: "Settings" });
export const publicSettingsSchema = z.object(shape(PUBLIC_DEFINITIONS)).meta({
  id: "PublicSettings",
});

/** What the caller may read of the settings: all of them for an admin. */
export function visibleSettings(settings: StoreSettings, isAdmin: boolean) {
  const definitions = isAdmin ? DEFINITIONS : PUBLIC_DEFINITIONS;
  return Object.fromEntries(
    definitions.map((definition) => [definition.key, settings[definition.key as SettingKey]]),
  );
}

/** A typed value as the settings form posts it (lempiras, "on" for a checked box). */
function postedText(definition: SettingDefinition, value: unknown) {
  if (definition.inputType === "boolean") return value === true ? "on" : undefined;
  if (definition.inputType === "money") return lempiras(value as number);
  return String(value);
}

/** PUT /api/settings' body checked by the screen's rule: the texts to store, or a 422. */
export function settingsEntriesOf(body: Record<string, unknown>) {
  const posted = Object.fromEntries(
    DEFINITIONS.map((definition) => [definition.key, postedText(definition, body[definition.key])]),
  );
  const { entries, errors } = checkSettingTexts(DEFINITIONS, posted);
  if (errors.length > 0) {
    throw formProblem(errors.map(({ key, message }) => ({ path: key, message })));
  }
  return entries;
}

/** A stored value as the key/value store shows it: money in lempiras, "true"/"false". */
function settingText(definition: SettingDefinition, value: StoreSettings[SettingKey]) {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (definition.inputType === "money" && typeof value === "number") return lempiras(value);
  return String(value);
}

export const settingEntrySchema = z
  .object({
    key: z.string(),
    value: z
      .string()
      .describe("Como lo guarda la tabla de ajustes: montos en lempiras, `true`/`false`."),
    category: z.string(),
    label: z.string(),
    inputType: z.enum(["text", "textarea", "number", "money", "boolean", "email", "url", "tel"]),
  })
  .meta({ id: "SettingEntry" });

export function settingEntries(settings: StoreSettings, isAdmin: boolean) {
  return (isAdmin ? DEFINITIONS : PUBLIC_DEFINITIONS).map((definition) => ({
    key: definition.key,
    value: settingText(definition, settings[definition.key as SettingKey]),
    category: definition.category,
    label: definition.label,
    inputType: definition.inputType,
  }));
}

export const emergencyBodySchema = z.object({
  settings: z
    .array(z.object({ key: z.string().max(100), value: z.string().max(5000) }))
    .min(1)
    .max(DEFINITIONS.length),
});

/**
 * PUT /api/admin-emergency-settings: only known keys, each value checked by the screen's rule
 * (a boolean as `true`/`false`). The last entry of a key repeated wins.
 */
export function emergencyEntriesOf(body: z.output<typeof emergencyBodySchema>) {
  const issues: { path: string; message: string }[] = [];
  const posted = new Map<SettingKey, { index: number; text: string | undefined }>();
  body.settings.forEach(({ key, value }, index) => {
    if (!isSettingKey(key)) {
      issues.push({ path: `settings.${index}.key`, message: "Ajuste desconocido." });
      return;
    }
    const definition = settingDefinition(key);
    if (definition.inputType === "boolean") {
      const on = parseSettingValue(definition, value);
      if (on === undefined) {
        issues.push({ path: `settings.${index}.value`, message: SETTINGS_MESSAGES.boolean });
        return;
      }
      posted.set(key, { index, text: on ? "on" : undefined });
    } else posted.set(key, { index, text: value });
  });
  const keys = [...posted.keys()];
  const { entries, errors } = checkSettingTexts(
    keys.map((key) => settingDefinition(key)),
    Object.fromEntries(keys.map((key) => [key, posted.get(key)!.text])),
  );
  for (const { key, message } of errors) {
    issues.push({ path: `settings.${posted.get(key as SettingKey)!.index}.value`, message });
  }
  if (issues.length > 0) throw formProblem(issues);
  return entries;
}

export const settingsCalls = {
  get: defineCall({
    method: "GET",
    path: "/api/settings",
    tag: TAG,
    summary: "Los ajustes de la tienda",
    description:
      "Para cualquiera, los que la tienda muestra (mantenimiento, contacto, envíos, cuenta bancaria, lealtad…); para un administrador, todos. Montos en centavos.",
    access: "public",
    response: z.union([settingsSchema, publicSettingsSchema]),
  }),
  put: defineCall({
    method: "PUT",
    path: "/api/settings",
    tag: TAG,
    summary: "Guardar todos los ajustes",
    description:
      "El objeto entero, como lo da GET a un administrador; las mismas reglas y mensajes que /admin/settings. Responde los ajustes guardados.",
    access: "admin",
    body: z.strictObject(shape(DEFINITIONS)).meta({ id: "SettingsInput" }),
    response: settingsSchema,
  }),
  enhanced: defineCall({
    method: "GET",
    path: "/api/enhanced-settings",
    tag: TAG,
    summary: "Los ajustes como pares clave/valor, paginados",
    description:
      "Los públicos para cualquiera; todos para un administrador. Los valores son texto, como los guarda la tabla.",
    access: "public",
    query: pageQuery,
    response: pageSchema(settingEntrySchema),
  }),
  emergency: defineCall({
    method: "PUT",
    path: "/api/admin-emergency-settings",
    tag: TAG,
    summary: "Guardar algunos ajustes por clave",
    description:
      "Solo claves conocidas; cada valor con la regla de /admin/settings (montos en lempiras, `true`/`false`). Responde las claves cuyo valor cambió.",
    access: "admin",
    body: emergencyBodySchema,
    response: z.object({ changed: z.array(z.string()) }),
  }),
};
