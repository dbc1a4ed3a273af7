/*
 * Decision 164: what a session says of the device it began on. The row keeps the browser's
 * User-Agent (cut to USER_AGENT_MAX_LENGTH) and the network of its address, never the address
 * (`ipNetwork`: an IPv4 /24, an IPv6 /48). There is no GeoIP database here, so "where" is said as
 * the network itself ('Red 190.53.12.x'), or 'Red local' for a private or loopback one.
 * Client-safe: the pages and the e-mail word them the same way.
 */

/** The most of a User-Agent a session keeps: real ones are under 300 characters. */
export const USER_AGENT_MAX_LENGTH = 512;

/** A User-Agent as stored: trimmed, cut to its maximum, null when there is none. */
export function storedUserAgent(userAgent: string | null | undefined) {
  const trimmed = (userAgent ?? "").trim().slice(0, USER_AGENT_MAX_LENGTH);
  return trimmed === "" ? null : trimmed;
}

/** What a session's row keeps of the device it began on. */
export type SessionDevice = { userAgent: string | null; ipNetwork: string | null };

/** A sign-in's device from its request's User-Agent and the client's address. */
export function sessionDevice(userAgent: string | null, clientIp: string | null): SessionDevice {
  return { userAgent: storedUserAgent(userAgent), ipNetwork: ipNetwork(clientIp) };
}

function ipv4Octets(address: string) {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** An IPv6 address's eight groups, or null when it is not one. */
function ipv6Groups(address: string) {
  let text = address.toLowerCase();
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const octets = ipv4Octets(tail[2]!);
    if (!octets) return null;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${tail[1]}${hex(octets[0]!, octets[1]!)}:${hex(octets[2]!, octets[3]!)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The network an address belongs to, as a session keeps it: an IPv4 address's /24
 * (`190.53.12.0/24`), an IPv6 address's /48 (`2001:db8:1234::/48`); an IPv4 address written as
 * IPv6 (`::ffff:190.53.12.7`, as Node gives it) is IPv4's. Null for anything else ("unknown").
 */
export function ipNetwork(address: string | null | undefined): string | null {
  const text = (address ?? "").trim().replace(/%.*$/, "");
  const v4 = ipv4Octets(text) ?? ipv4Octets(/^::ffff:(.+)$/i.exec(text)?.[1] ?? "");
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const v6 = ipv6Groups(text);
  if (!v6) return null;
  const prefix = v6.slice(0, 3);
  while (prefix.length > 0 && prefix[prefix.length - 1] === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(":")}::/48`;
}

function isLocalIpv4([a, b]: number[]) {
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

function isLocalIpv6(first: number) {
  // ::/48 holds the loopback ::1; fc00::/7 the unique local addresses; fe80::/10 link-local.
  return first === 0 || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/** How a stored network reads: 'Red 190.53.12.x', 'Red 2001:db8:1234::/48', 'Red local'. */
export function networkLabel(network: string | null): string {
  if (!network) return "Red desconocida";
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.0\/24$/.exec(network);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    return isLocalIpv4(octets) ? "Red local" : `Red ${octets.join(".")}.x`;
  }
  const v6 = /^([0-9a-f:]*)::\/48$/.exec(network);
  if (v6) {
    const first = v6[1] ? parseInt(v6[1].split(":")[0]!, 16) : 0;
    return isLocalIpv6(first) ? "Red local" : `Red ${network}`;
  }
  return "Red desconocida";
}

/** Browsers by the token that names them, the ones built on Chrome before Chrome. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|(?:\b|Headless)Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, "Safari"],
];

/** Systems, those whose User-Agent also names another (iOS says "like Mac OS X") first. */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\biPod\b/, "iPod"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(text: string, list: ReadonlyArray<readonly [RegExp, string]>) {
  return list.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * The browser and system a User-Agent names, in Spanish: 'Chrome en Android', 'Safari en
 * iPhone'. Only the names above ever come out: the header's own text is never shown.
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "Dispositivo desconocido";
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (!browser && !system) return "Navegador desconocido";
  if (!system) return browser!;
  return `${browser ?? "Navegador desconocido"} en ${system}`;
}

/** An open session as the sessions list shows it (sessions.server.ts lists them). */
export type ListedSession = {
  handle: string;
  /** 'Chrome en Android' (devices.ts); the User-Agent itself never leaves. */
  device: string;
  /** 'Red 190.53.12.x', 'Red local'. */
  network: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the request that asks ('este equipo'). */
  current: boolean;
};
