import { describe, expect, test } from "vitest";
import {
  deviceLabel,
  ipNetwork,
  networkLabel,
  storedUserAgent,
  USER_AGENT_MAX_LENGTH,
} from "~/models/auth/devices";

/* Decision 164: what a session says of its device, from real browsers' User-Agents. */

const AGENTS: Array<[string, string]> = [
  [
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome en Android",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    "Safari en iPhone",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "Chrome en iPhone",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    "Safari en iPad",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Firefox en Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge en Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "Opera en Windows",
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Samsung Internet en Android",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Safari en macOS",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome en Linux",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome en ChromeOS",
  ],
  ["Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox en Android"],
];

describe("deviceLabel", () => {
  test.each(AGENTS)("%s", (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });

  test("says what it does not know, and never repeats the header's own text", () => {
    expect(deviceLabel(null)).toBe("Dispositivo desconocido");
    expect(deviceLabel("curl/8.5.0")).toBe("Navegador desconocido");
    expect(deviceLabel("<script>alert(1)</script> (Windows)")).toBe(
      "Navegador desconocido en Windows",
    );
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0) <b>Firefox/1</b>")).toBe(
      "Firefox en Windows",
    );
  });
});

describe("storedUserAgent", () => {
  test("trims, cuts a huge header and keeps nothing for an empty one", () => {
    expect(storedUserAgent("  Firefox/1 ")).toBe("Firefox/1");
    expect(storedUserAgent("x".repeat(10_000))).toHaveLength(USER_AGENT_MAX_LENGTH);
    expect(storedUserAgent("   ")).toBeNull();
    expect(storedUserAgent(null)).toBeNull();
  });
});

describe("ipNetwork: the network, never the address", () => {
  test.each([
    ["190.53.12.77", "190.53.12.0/24"],
    ["::ffff:190.53.12.77", "190.53.12.0/24"],
    ["::FFFF:10.0.0.9", "10.0.0.0/24"],
    ["127.0.0.1", "127.0.0.0/24"],
    ["2001:db8:1234:5678::1", "2001:db8:1234::/48"],
    ["2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd", "2001:db8::/48"],
    ["2800:bf0:8001:1f::9", "2800:bf0:8001::/48"],
    ["::1", "::/48"],
    ["fe80::1%eth0", "fe80::/48"],
    ["64:ff9b::190.53.12.7", "64:ff9b::/48"],
  ])("%s is in %s", (address, network) => {
    expect(ipNetwork(address)).toBe(network);
  });

  test.each(["unknown", "", "local", "300.1.1.1", "1.2.3", "1:2:3:4:5:6:7:8:9", "1::2::3", "g::1"])(
    "%j is no address",
    (address) => {
      expect(ipNetwork(address)).toBeNull();
    },
  );
});

describe("networkLabel", () => {
  test("a public network by its first three numbers, IPv6 by its /48", () => {
    expect(networkLabel("190.53.12.0/24")).toBe("Red 190.53.12.x");
    expect(networkLabel("2800:bf0:8001::/48")).toBe("Red 2800:bf0:8001::/48");
  });

  test("private, loopback and link-local networks are 'Red local'", () => {
    for (const network of [
      "10.1.2.0/24",
      "127.0.0.0/24",
      "172.16.5.0/24",
      "172.31.0.0/24",
      "192.168.1.0/24",
      "169.254.3.0/24",
      "::/48",
      "fd12:3456:789a::/48",
      "fe80::/48",
    ]) {
      expect(networkLabel(network), network).toBe("Red local");
    }
    expect(networkLabel("172.32.0.0/24")).toBe("Red 172.32.0.x");
  });

  test("an unknown network says so", () => {
    expect(networkLabel(null)).toBe("Red desconocida");
    expect(networkLabel("nonsense")).toBe("Red desconocida");
  });
});
