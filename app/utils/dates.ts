/** D6: dates shown in es-HN, in Honduras' time zone, whatever the server's zone is. */
const longDate = new Intl.DateTimeFormat("es-HN", {
  timeZone: "America/Tegucigalpa",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "5 de noviembre de 2026" for an ISO timestamp. */
export function formatDate(iso: string) {
  return longDate.format(new Date(iso));
}

const dateTime = new Intl.DateTimeFormat("es-HN", {
  timeZone: "America/Tegucigalpa",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "5 nov 2026, 3:04 p. m." for an ISO timestamp: when an order's step happened. */
export function formatDateTime(iso: string) {
  return dateTime.format(new Date(iso));
}
