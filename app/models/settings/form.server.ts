import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { FIELD_MESSAGES } from "~/models/customers/fields";
import { formatPhone, isValidPhone } from "~/utils/phone";
import { RTN_MESSAGE } from "~/models/invoicing/fiscal";
import { parseSettingValue, type StoreSettings } from "./settings";
import {
  definitionsOfTab,
  type SettingDefinition,
  type SettingInputType,
  type SettingKey,
  type SettingsTab,
} from "./definitions";

/*
 * The admin settings form (backoffice.md §2 "General settings", §5, §8; D3, D7). Server only:
 * the tab's page renders the action's reply (components/forms/server-form.ts). Each input is
 * named by its setting key; a tab posts every key it shows, except an unchecked checkbox,
 * which the browser leaves out (so a boolean of the tab that is absent is false).
 */

export const SETTINGS_MESSAGES = {
  saved: "Configuración guardada",
  noChanges: "No hay cambios para guardar.",
  notSaved: "No se pudieron guardar los cambios.",
  required: "Este campo es obligatorio.",
  tooLong: (max: number) => `No puede tener más de ${max} caracteres.`,
  money: "Escribe un monto en lempiras (por ejemplo 150 o 150.50).",
  whole: "Escribe un número entero (sin decimales).",
  decimal: "Escribe un número (por ejemplo 15 o 12.5).",
  atLeast: (min: number) => `Debe ser ${min} o más.`,
  atMost: (max: number) => `No puede ser mayor que ${max}.`,
  email: FIELD_MESSAGES.emailInvalid,
  url: "Escribe una dirección web completa, por ejemplo https://www.instagram.com/tu-tienda.",
  tel: FIELD_MESSAGES.phoneInvalid,
  boolean: "Escribe true o false.",
  days: "Escribe los días hábiles como 3-5, o un solo número (de 1 a 30).",
  departments:
    "Escribe departamentos de Honduras separados por comas, por ejemplo: Cortés, Atlántida.",
  rtn: RTN_MESSAGE,
} as const;

/** Longest text a setting takes: a line, or a paragraph for the textareas. */
const MAX_LENGTH: Partial<Record<SettingInputType, number>> = { textarea: 2000 };
const DEFAULT_MAX_LENGTH = 300;

/** Whole lempiras up to L 10,000,000.00: more is a typo. */
const MAX_CENTAVOS = 1_000_000_000;

/** A field of the tab as the page shows it (labels from the definitions, values as typed). */
export type SettingField = Pick<
  SettingDefinition,
  "key" | "label" | "description" | "inputType" | "isRequired"
>;

export function fieldsOfTab(tab: SettingsTab): SettingField[] {
  return definitionsOfTab(tab).map(({ key, label, description, inputType, isRequired }) => ({
    key,
    label,
    description,
    inputType,
    isRequired,
  }));
}

/** Centavos as the money inputs take them back ("150.00"): lempiras, no thousands separator. */
export function lempiras(centavos: number) {
  return (centavos / 100).toFixed(2);
}

/** The tab's form before any post: the values in effect (the one reader), as inputs show them. */
export function formValuesOfTab(tab: SettingsTab, settings: StoreSettings) {
  const values: Record<string, string | undefined> = {};
  for (const definition of definitionsOfTab(tab)) {
    const value = settings[definition.key as SettingKey];
    if (typeof value === "boolean") values[definition.key] = value ? "on" : undefined;
    else if (definition.inputType === "money" && typeof value === "number") {
      values[definition.key] = lempiras(value);
    } else values[definition.key] = String(value);
  }
  return values;
}

/**
 * One posted value checked against its definition, as the text the settings table stores
 * (money in lempiras, which `parseSettings` turns into centavos; booleans "true"/"false";
 * phones formatted +504 0000-0000), or a Spanish message.
 */
function storedText(
  definition: SettingDefinition,
  posted: string | undefined,
): { text: string } | { error: string } {
  if (definition.inputType === "boolean") return { text: posted === "on" ? "true" : "false" };
  const typed = (posted ?? "").trim();
  if (!typed) {
    return definition.isRequired ? { error: SETTINGS_MESSAGES.required } : { text: "" };
  }
  const maxLength = MAX_LENGTH[definition.inputType] ?? DEFAULT_MAX_LENGTH;
  if (typed.length > maxLength) return { error: SETTINGS_MESSAGES.tooLong(maxLength) };

  switch (definition.inputType) {
    case "money": {
      const centavos = parseSettingValue(definition, typed);
      if (typeof centavos !== "number" || centavos > MAX_CENTAVOS) {
        return { error: SETTINGS_MESSAGES.money };
      }
      return { text: lempiras(centavos) };
    }
    case "number": {
      if (parseSettingValue(definition, typed) !== undefined) return { text: typed };
      const pattern = definition.decimals ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
      if (!pattern.test(typed)) {
        return { error: definition.decimals ? SETTINGS_MESSAGES.decimal : SETTINGS_MESSAGES.whole };
      }
      if (Number(typed) < (definition.min ?? 0)) {
        return { error: SETTINGS_MESSAGES.atLeast(definition.min ?? 0) };
      }
      return { error: SETTINGS_MESSAGES.atMost(definition.max ?? Number.MAX_SAFE_INTEGER) };
    }
    case "email": {
      const email = z.string().email().safeParse(typed);
      return email.success ? { text: typed.toLowerCase() } : { error: SETTINGS_MESSAGES.email };
    }
    case "url":
      return isWebAddress(typed) ? { text: typed } : { error: SETTINGS_MESSAGES.url };
    case "tel": {
      const phone = formatPhone(typed);
      return isValidPhone(phone) ? { text: phone } : { error: SETTINGS_MESSAGES.tel };
    }
    default: {
      if (!definition.format) return { text: typed };
      const normalised = parseSettingValue(definition, typed);
      return typeof normalised === "string"
        ? { text: normalised }
        : { error: SETTINGS_MESSAGES[definition.format] };
    }
  }
}

/** Only http(s) links: a `javascript:` URL in the footer would run in every shopper's page. */
function isWebAddress(text: string) {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Posted values (as the form posts them: texts, "on" for a checked box) checked against their
 * definitions: the texts the table stores, or each key's message. The settings screen and the
 * API's PUT /api/settings and /api/admin-emergency-settings check through this one rule.
 */
export function checkSettingTexts(
  definitions: readonly SettingDefinition[],
  posted: Readonly<Record<string, string | undefined>>,
) {
  const entries: Partial<Record<SettingKey, string>> = {};
  const errors: { key: string; message: string }[] = [];
  for (const definition of definitions) {
    const result = storedText(definition, posted[definition.key]);
    if ("error" in result) errors.push({ key: definition.key, message: result.error });
    else entries[definition.key as SettingKey] = result.text;
  }
  return { entries, errors };
}

function schemaOfTab(tab: SettingsTab) {
  const definitions = definitionsOfTab(tab);
  return z
    .object(Object.fromEntries(definitions.map((d) => [d.key, z.string().optional()])))
    .transform((posted, context) => {
      const { entries, errors } = checkSettingTexts(definitions, posted);
      for (const { key, message } of errors) {
        context.addIssue({ code: "custom", path: [key], message });
      }
      return entries;
    });
}

/**
 * The tab's post, checked: `entries` holds every key of the tab as the table stores it, or null
 * when a field is refused; `notSaved` is the form's reply for either refusal (every field's
 * message and the form back as typed: nothing saved, whether the post or the database refused).
 */
export function readSettingsSubmission(formData: FormData, tab: SettingsTab) {
  const submission = parseWithZod(formData, { schema: schemaOfTab(tab) });
  const notSaved = (why?: string) =>
    submission.reply({
      formErrors: why ? [SETTINGS_MESSAGES.notSaved, why] : [SETTINGS_MESSAGES.notSaved],
    });
  if (submission.status !== "success") return { entries: null, notSaved } as const;
  return { entries: submission.value, notSaved } as const;
}
