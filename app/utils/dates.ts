/*
 * D6: dates shown in es-HN, in Honduras' time zone, whatever the server's zone is.
 *
 * Decision 111: a page's first Intl formatter costs the browser tens of milliseconds of
 * start-up, so nothing here builds one when the module loads: the dates a storefront page
 * shows while it hydrates (a review's day) are plain arithmetic on
 * Honduras' fixed offset, the same characters as Intl's (tests/unit/dates.test.ts compares
 * them); the rest build their formatter the first time they are used.
 */
const HONDURAS_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The instant moved to Honduras' wall clock, read with the getUTC… methods. */
function hondurasClock(date: Date) {
  return new Date(date.getTime() - HONDURAS_OFFSET_MS);
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** "5 de noviembre de 2026" for an ISO timestamp. */
export function formatDate(iso: string) {
  const day = hondurasClock(new Date(iso));
  return `${day.getUTCDate()} de ${MONTHS[day.getUTCMonth()]} de ${day.getUTCFullYear()}`;
}

/** "noviembre de 2026" for a month as "2026-11". */
export function formatMonth(month: string) {
  const [year, number] = month.split("-").map(Number);
  return `${MONTHS[number - 1]} de ${year}`;
}

/** One Intl formatter, built the first time it is used. */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return (date: Date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(date);
}

const dateTime = lazyFormat("es-HN", {
  timeZone: "America/Tegucigalpa",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * "5 nov 2026, 3:04 p. m." for an ISO timestamp: when an order's step happened. The time and
 * its "p. m." are joined by no-break spaces (issue 39: it broke inside "p. m."), whatever
 * spaces the runtime's ICU puts there, so the server and the browser write the same text.
 */
export function formatDateTime(iso: string) {
  return dateTime(new Date(iso)).replace(
    /(\d{1,2}:\d{2})[\s\u202f]*([ap]\.)[\s\u202f]*(m\.)/u,
    "$1\u00a0$2\u00a0$3",
  );
}

/*
 * Honduras keeps UTC−6 all year (no daylight saving), so a Honduras day ("2026-12-01", as a
 * date input sends it) runs from 06:00 UTC to 05:59:59.999 UTC the next morning. Promo-code
 * validity windows and the analytics date range are whole Honduras days.
 */
const HONDURAS_OFFSET = "-06:00";

/** The first instant of a Honduras day ("2026-12-01") as an ISO timestamp. */
export function startOfDayIso(day: string) {
  return new Date(`${day}T00:00:00.000${HONDURAS_OFFSET}`).toISOString();
}

/** The last instant of a Honduras day, so a window includes its whole last day. */
export function endOfDayIso(day: string) {
  return new Date(`${day}T23:59:59.999${HONDURAS_OFFSET}`).toISOString();
}

/** The Honduras day ("2026-12-01") of an ISO timestamp, as a date input shows it. */
export function dayOfIso(iso: string) {
  return hondurasClock(new Date(iso)).toISOString().slice(0, 10);
}

/** A calendar day ("2026-12-01") moved by whole days; calendar arithmetic, no time zone. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** True for a real calendar day written YYYY-MM-DD (not "2026-02-30"). */
export function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A Honduras wall-clock time as a datetime-local input sends it ("2026-12-01T15:30"), as ISO. */
export function hondurasLocalToIso(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || !isCalendarDay(value.slice(0, 10))) {
    return null;
  }
  const date = new Date(`${value}:00.000${HONDURAS_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO timestamp as a datetime-local input shows it, in Honduras' wall-clock time. */
export function isoToHondurasLocal(iso: string) {
  return hondurasClock(new Date(iso)).toISOString().slice(0, 16);
}

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** A calendar day ("2026-12-01") as a Date at its midnight UTC, read with the getUTC… methods. */
const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Honduras' calendar day of an instant, as "2026-12-01". */
export function hondurasDay(instant: Date) {
  return hondurasClock(instant).toISOString().slice(0, 10);
}

/** Noon in Honduras on a calendar day, as the ISO timestamp the database keeps. */
export function hondurasNoon(day: string) {
  return `${day}T18:00:00.000Z`;
}

/**
 * The calendar day `count` business days (Monday to Friday) after `day`: 1 is the next one.
 * Holidays are not known.
 */
export function businessDaysAfter(day: string, count: number) {
  const date = calendarDay(day);
  for (let left = count; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}

const spoken = (date: Date, withMonth: boolean) =>
  `${WEEKDAYS[date.getUTCDay()]}\u00a0${date.getUTCDate()}` +
  (withMonth ? ` de ${MONTHS[date.getUTCMonth()]}` : "");

/**
 * Decision 158: "el martes 1 de diciembre", or "entre el martes 1 y el jueves 3 de diciembre"
 * (the month said once when both days share it), for two calendar days.
 */
export function formatDayRange(first: string, last: string) {
  const from = calendarDay(first);
  const to = calendarDay(last);
  if (first === last) return `el ${spoken(from, true)}`;
  const sameMonth = from.getUTCMonth() === to.getUTCMonth();
  return `entre el ${spoken(from, !sameMonth)} y el ${spoken(to, true)}`;
}

/** A sentence's first letter in capitals ("entre el…" → "Entre el…"). */
export function upperFirst(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
