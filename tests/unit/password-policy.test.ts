import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_PERSONAL,
  passwordWeakness,
} from "~/models/customers/password-policy.server";

const account = ["ana.lopez@example.com", "Ana", "López"];

// Decision 083: zxcvbn-ts with the common-password list, the account's e-mail and name.
describe("passwordWeakness", () => {
  test.each([
    "password1234",
    "12345678",
    "aaaaaaaa",
    "qwertyuiop",
    "p@ssw0rd1234",
    "Perfumeria2024!",
    // Issue 37: Spanish and Honduran choices.
    "contraseña123",
    "tegucigalpa",
    "catracho2026",
  ])("refuses the common or guessable %s", (password) => {
    expect(passwordWeakness(password, account)).toBe(PASSWORD_TOO_COMMON);
  });

  test.each(["ana.lopez@example.com", "AnaLopez2024", "lopez.ana", "ANALOPEZ"])(
    "refuses %s, built from the e-mail or the name",
    (password) => {
      expect(passwordWeakness(password, account)).toBe(PASSWORD_TOO_PERSONAL);
    },
  );

  test.each([
    "jazmin-bergamota-cedro-77",
    "nueva-clave-2026",
    "Lopez-bosque-marino-77",
    "ceiba-mango-tamarindo",
  ])("takes %s", (password) => {
    expect(passwordWeakness(password, account)).toBeUndefined();
  });

  test("a long password costs milliseconds, not a second of the event loop", () => {
    passwordWeakness("warm-up", account);
    const inputs = [
      crypto.randomBytes(150).toString("base64").slice(0, 200),
      "p@ssw0rd".repeat(25),
    ];
    for (const password of inputs) {
      // The CPU this process spent (each test file has a process of its own), not the clock:
      // on a busy machine the clock also counts the time other processes had the core.
      const started = process.cpuUsage();
      passwordWeakness(password, account);
      const { user, system } = process.cpuUsage(started);
      expect((user + system) / 1000).toBeLessThan(250);
    }
  });
});
