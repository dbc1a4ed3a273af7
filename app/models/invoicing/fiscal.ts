/*
 * Issue 42, decision 168: the rules of a Honduran fiscal document (the SAR's Régimen de
 * Facturación, Acuerdo 481-2017) that need no database: the RTN and the CAI as typed, the
 * document's number, an authorised range's state, and the total in words. The ranges' storage,
 * the numbering and the documents come with the issue's next parts.
 */

/** An RTN as typed ("0801-1990-12345-6", with spaces): its 14 digits, or null. */
export function normalizeRtn(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  if (!/^\d{14}$/.test(digits)) return null;
  // Fourteen zeros is no one's number.
  return /^0+$/.test(digits) ? null : digits;
}

/** Decision 171: "Factura a nombre de" as the order stores valid fields: the RTN's digits and the name, or both null. */
export function invoiceBuyerColumns(value: { invoiceRtn?: string; invoiceName?: string }) {
  const rtn = normalizeRtn(value.invoiceRtn ?? "");
  const name = value.invoiceName?.trim();
  return rtn && name
    ? { invoiceRtn: rtn, invoiceName: name }
    : { invoiceRtn: null, invoiceName: null };
}

export const RTN_MESSAGE = "El RTN tiene 14 dígitos, por ejemplo 0801-1990-123456.";

/**
 * A CAI as the SAR prints it: 32 hexadecimal characters in six groups separated by dashes
 * (six of six and one of two), in capitals. Typed in any case; null when it is not one.
 */
export function normalizeCai(typed: string): string | null {
  const cai = typed.trim().toUpperCase();
  return /^[0-9A-F]{6}(?:-[0-9A-F]{6}){4}-[0-9A-F]{2}$/.test(cai) ? cai : null;
}

export const CAI_MESSAGE =
  "El CAI tiene 32 caracteres en seis grupos separados por guiones, como lo imprime el SAR: 35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F.";

/**
 * The fixed part of a range's numbers: establishment, point of issue and document type, as the
 * authorisation says ("000-001-01-" for invoices, "000-001-03-" or another for credit notes).
 */
export function normalizeNumberPrefix(typed: string): string | null {
  const prefix = typed.trim().replace(/-?$/, "-");
  return /^\d{3}-\d{3}-\d{2}-$/.test(prefix) ? prefix : null;
}

/** The largest correlative a range may hold: eight digits. */
export const MAX_CORRELATIVE = 99_999_999;

/** A document's number: the range's prefix and its eight-digit correlative. */
export function documentNumber(prefix: string, correlative: number): string {
  if (!Number.isSafeInteger(correlative) || correlative < 1 || correlative > MAX_CORRELATIVE) {
    throw new RangeError(`Correlativo fuera de rango: ${correlative}`);
  }
  return `${prefix}${String(correlative).padStart(8, "0")}`;
}

export type AuthorisedRange = {
  first: number;
  last: number;
  /** The correlative the next document takes. */
  next: number;
  /** The last moment a number of it may be issued (the end of the fecha límite de emisión). */
  deadline: Date;
  retiredAt?: Date | null;
};

export type RangeState = "active" | "retired" | "used_up" | "expired";

/** Whether a range may issue now, or why not. */
export function rangeState(range: AuthorisedRange, now: Date): RangeState {
  if (range.retiredAt) return "retired";
  if (range.next > range.last) return "used_up";
  if (now.getTime() > range.deadline.getTime()) return "expired";
  return "active";
}

export const RANGE_REFUSALS: Record<Exclude<RangeState, "active"> | "none", string> = {
  none: "No hay un rango de facturación autorizado activo: agrega uno en Configuración, Facturación.",
  retired: "El rango de facturación fue retirado: agrega uno nuevo en Configuración, Facturación.",
  used_up:
    "El rango de facturación autorizado se agotó: agrega el siguiente que autorizó el SAR en Configuración, Facturación.",
  expired:
    "La fecha límite de emisión del rango autorizado ya pasó: agrega un rango vigente en Configuración, Facturación.",
};

/** The range is checked when it is entered: its numbers in order and within eight digits. */
export function rangeEntryProblem(range: { first: number; last: number }): string | null {
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_CORRELATIVE;
  if (!valid(range.first) || !valid(range.last)) {
    return "Los números del rango van de 1 a 99999999 (ocho dígitos).";
  }
  return range.first <= range.last ? null : "El número final no puede ser menor que el inicial.";
}

/** The dashboard warns at 90 % of a range used, and 30 days before its deadline. */
export const RANGE_WARNING_SHARE = 0.9;
export const RANGE_WARNING_DAYS = 30;

export function rangeWarnings(range: AuthorisedRange, now: Date) {
  const size = range.last - range.first + 1;
  const used = Math.min(size, Math.max(0, range.next - range.first));
  const daysLeft = Math.floor((range.deadline.getTime() - now.getTime()) / 86_400_000);
  return {
    used,
    size,
    nearlyUsedUp: used >= Math.ceil(size * RANGE_WARNING_SHARE),
    deadlineSoon: daysLeft <= RANGE_WARNING_DAYS,
    daysLeft,
  };
}

/* The total in words, as a Honduran invoice writes it: "UN MIL DOSCIENTOS TREINTA Y CUATRO
 * LEMPIRAS CON 50/100". Every number here stands before "LEMPIRAS", "MIL" or "MILLONES", so
 * one is "UN" (and 21 "VEINTIÚN"). */

const UNITS = [
  "",
  "UN",
  "DOS",
  "TRES",
  "CUATRO",
  "CINCO",
  "SEIS",
  "SIETE",
  "OCHO",
  "NUEVE",
  "DIEZ",
  "ONCE",
  "DOCE",
  "TRECE",
  "CATORCE",
  "QUINCE",
  "DIECISÉIS",
  "DIECISIETE",
  "DIECIOCHO",
  "DIECINUEVE",
  "VEINTE",
  "VEINTIÚN",
  "VEINTIDÓS",
  "VEINTITRÉS",
  "VEINTICUATRO",
  "VEINTICINCO",
  "VEINTISÉIS",
  "VEINTISIETE",
  "VEINTIOCHO",
  "VEINTINUEVE",
];
const TENS = [
  "",
  "",
  "",
  "TREINTA",
  "CUARENTA",
  "CINCUENTA",
  "SESENTA",
  "SETENTA",
  "OCHENTA",
  "NOVENTA",
];
const HUNDREDS = [
  "",
  "CIENTO",
  "DOSCIENTOS",
  "TRESCIENTOS",
  "CUATROCIENTOS",
  "QUINIENTOS",
  "SEISCIENTOS",
  "SETECIENTOS",
  "OCHOCIENTOS",
  "NOVECIENTOS",
];

/** 1 to 999 in words ("" for 0). */
function belowThousand(n: number): string {
  if (n === 100) return "CIEN";
  const rest = n % 100;
  const tens =
    rest < 30
      ? UNITS[rest]
      : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` Y ${UNITS[rest % 10]}` : ""}`;
  return [HUNDREDS[Math.floor(n / 100)], tens].filter(Boolean).join(" ");
}

/** A whole number of lempiras in words, below a thousand million. */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1_000_000_000) {
    throw new RangeError(`Monto fuera de rango: ${n}`);
  }
  if (n === 0) return "CERO";
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0)
    parts.push(millions === 1 ? "UN MILLÓN" : `${belowThousand(millions)} MILLONES`);
  if (thousands > 0) parts.push(`${belowThousand(thousands)} MIL`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** An amount in centavos in words: "UN MIL DOSCIENTOS TREINTA Y CUATRO LEMPIRAS CON 50/100". */
export function amountInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`Monto fuera de rango: ${centavos}`);
  }
  const whole = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, "0");
  const words = wholeInWords(whole);
  // "UN MILLÓN DE LEMPIRAS", "DOS MILLONES DE LEMPIRAS": a round million takes "DE".
  const of = whole >= 1_000_000 && whole % 1_000_000 === 0 ? " DE" : "";
  const currency = whole === 1 ? "LEMPIRA" : "LEMPIRAS";
  return `${words}${of} ${currency} CON ${cents}/100`;
}
