/**
 * The store's settings as the app reads them (D3, D7): each stored string parsed once, by the
 * input type of its definition, into the value it stands for. Client-safe, so components can
 * take these types and the seed can price with the defaults.
 */
import { DEPARTMENTS, type Department } from "~/utils/departments";
import { normalizeRtn } from "~/models/invoicing/fiscal";
import { parseMoney } from "~/utils/money";
import {
  SETTING_DEFINITIONS,
  type SettingDefinition,
  type SettingInputType,
  type SettingKey,
} from "./definitions";

type ValueOf<T extends SettingInputType> = T extends "money" | "number"
  ? number
  : T extends "boolean"
    ? boolean
    : string;

/**
 * Every setting by its key: money in integer centavos (D6), numbers as numbers, booleans as
 * booleans, texts as typed.
 */
export type StoreSettings = {
  readonly [D in (typeof SETTING_DEFINITIONS)[number] as D["key"]]: ValueOf<D["inputType"]>;
};

export type InvalidSetting = { key: SettingKey; value: string };

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The value a stored text stands for, or undefined when it is not one (never NaN, never < 0,
 * never outside the definition's bounds). The admin screen checks a save with this same rule.
 */
export function parseSettingValue(definition: SettingDefinition, text: string) {
  const trimmed = text.trim();
  switch (definition.inputType) {
    case "money":
      return parseMoney(trimmed) ?? undefined;
    case "number": {
      if (!(definition.decimals ? DECIMAL : WHOLE).test(trimmed)) return undefined;
      const number = Number(trimmed);
      const { min = 0, max = Number.MAX_SAFE_INTEGER } = definition;
      return number >= min && number <= max ? number : undefined;
    }
    case "boolean": {
      const lower = trimmed.toLowerCase();
      if (lower === "true" || lower === "1") return true;
      if (lower === "false" || lower === "0") return false;
      return undefined;
    }
    default:
      if (definition.format === "days") {
        const range = parseDayRange(trimmed);
        return range ? formatDayRange(range) : undefined;
      }
      // "" is an RTN not given yet (invoices wait for it); anything else is its 14 digits.
      if (definition.format === "rtn")
        return trimmed === "" ? "" : (normalizeRtn(trimmed) ?? undefined);
      if (definition.format === "departments") {
        const list = parseDepartmentList(trimmed);
        return list?.join(", ");
      }
      return text;
  }
}

/** The longest a delivery may be said to take: more is a typo. */
export const MAX_DELIVERY_DAYS = 30;

/** Business days "3-5" (or "2"): from ≥ 1, to ≥ from, at most MAX_DELIVERY_DAYS; else null. */
export function parseDayRange(text: string): { min: number; max: number } | null {
  const match = /^(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[2] ?? match[1]);
  return min >= 1 && max >= min && max <= MAX_DELIVERY_DAYS ? { min, max } : null;
}

const formatDayRange = ({ min, max }: { min: number; max: number }) =>
  min === max ? String(min) : `${min}-${max}`;

/** The fold that lets "francisco morazan" find "Francisco Morazán". */
const folded = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Departments separated by commas, each one of the 18 (accents and case as typed do not
 * matter): once each, in the order of the 18; "" is none. Null when a name is not one.
 */
export function parseDepartmentList(text: string): Department[] | null {
  const names = text.split(",").map(folded).filter(Boolean);
  const found: Department[] = [];
  for (const name of names) {
    const department = DEPARTMENTS.find((known) => folded(known) === name);
    if (!department) return null;
    if (!found.includes(department)) found.push(department);
  }
  return DEPARTMENTS.filter((department) => found.includes(department));
}

/**
 * The rule for a value that does not parse (docs/decisions/042-typed-settings.md): the key's
 * default is used instead and the key is reported in `invalid`, so the store keeps selling at
 * its default prices while the caller logs the mistake. A missing row is its default too.
 */
export function parseSettings(stored: Readonly<Record<string, string | undefined>>): {
  settings: StoreSettings;
  invalid: InvalidSetting[];
} {
  const invalid: InvalidSetting[] = [];
  const values: Record<string, unknown> = {};
  for (const definition of SETTING_DEFINITIONS as readonly SettingDefinition[]) {
    const key = definition.key as SettingKey;
    const text = stored[key];
    const parsed = text === undefined ? undefined : parseSettingValue(definition, text);
    if (text !== undefined && parsed === undefined) invalid.push({ key, value: text });
    values[key] = parsed ?? parseSettingValue(definition, definition.value);
  }
  return { settings: Object.freeze(values) as StoreSettings, invalid };
}

/** The settings a new store starts with (DECISIONS.md "Defaults"), parsed. */
export const DEFAULT_SETTINGS: StoreSettings = parseSettings({}).settings;
