/**
 * The store's settings as the app reads them (D3, D7): each stored string parsed once, by the
 * input type of its definition, into the value it stands for. Client-safe, so components can
 * take these types and the seed can price with the defaults.
 */
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
      return text;
  }
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
