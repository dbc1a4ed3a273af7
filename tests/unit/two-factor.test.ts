import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  matchRecoveryCode,
  needsStepUp,
  newRecoveryCodes,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  totpStep,
  totpUri,
  verifyTotp,
} from "~/models/auth/two-factor.server";

/** The code an authenticator app shows for `secret` at `at` (its defaults: SHA-1, 6 digits, 30 s). */
const appCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

describe("the one-time code (RFC 6238, decision 162)", () => {
  const secret = newTotpSecret();
  // The middle of a step, so one step before or after is a whole period away.
  const now = new Date(Math.floor(Date.UTC(2026, 10, 30, 12) / 30_000) * 30_000 + 15_000);
  const step = totpStep(now);

  it("takes the current code and the one of the step before or after, never two away", () => {
    expect(verifyTotp({ secret, code: appCode(secret, now), now })).toBe(step);
    const before = new Date(now.getTime() - 30_000);
    const after = new Date(now.getTime() + 30_000);
    expect(verifyTotp({ secret, code: appCode(secret, before), now })).toBe(step - 1);
    expect(verifyTotp({ secret, code: appCode(secret, after), now })).toBe(step + 1);
    for (const far of [-60_000, 60_000, -90_000]) {
      const code = appCode(secret, new Date(now.getTime() + far));
      // A code two steps away may equal a near one by chance (1 in a million): skip that case.
      if ([before, now, after].some((at) => appCode(secret, at) === code)) continue;
      expect(verifyTotp({ secret, code, now })).toBeNull();
    }
  });

  it("refuses a step already used, or an earlier one, so a code works once", () => {
    const code = appCode(secret, now);
    expect(verifyTotp({ secret, code, now, lastStep: step })).toBeNull();
    expect(verifyTotp({ secret, code, now, lastStep: step - 1 })).toBe(step);
    const earlier = appCode(secret, new Date(now.getTime() - 30_000));
    expect(verifyTotp({ secret, code: earlier, now, lastStep: step })).toBeNull();
  });

  it("refuses what is not six digits, another secret's code, and reads spaces as nothing", () => {
    const code = appCode(secret, now);
    expect(verifyTotp({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now })).toBe(step);
    for (const typed of ["", "12345", "1234567", "12a456", code + "0"]) {
      expect(verifyTotp({ secret, code: typed, now }), typed).toBeNull();
    }
    const other = newTotpSecret();
    expect(other).not.toBe(secret);
    expect(verifyTotp({ secret: other, code, now })).toBeNull();
  });

  it("gives each account a new 160-bit secret and an otpauth:// address naming the shop", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri({ secret, account: "ana@perfumeria.hn" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Perfumería de Lujo");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
  });
});

describe("recovery codes (decision 162)", () => {
  it("are ten, different, readable, and stored only as hashes", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/);
    expect(hashes).toEqual(codes.map(hashRecoveryCode));
    for (const hash of hashes) expect(hash).not.toContain(codes[0].replace(/-/g, ""));
  });

  it("each works once: the caller forgets the one used, and the rest still work", () => {
    const { codes, hashes } = newRecoveryCodes();
    const stored: (string | null)[] = [...hashes];
    const index = matchRecoveryCode(stored, codes[3]);
    expect(index).toBe(3);
    stored[index] = null;
    expect(matchRecoveryCode(stored, codes[3])).toBe(-1);
    expect(matchRecoveryCode(stored, codes[4])).toBe(4);
    // Typed in small letters, without the dashes, with spaces: the same code.
    expect(matchRecoveryCode(stored, ` ${codes[5].toLowerCase().replace(/-/g, " ")} `)).toBe(5);
    expect(matchRecoveryCode(stored, "AAAA-BBBB-CCCC")).toBe(-1);
    expect(matchRecoveryCode(stored, "")).toBe(-1);
  });
});

describe("the step-up clock (decision 162)", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  it("asks for a code when none was given, or the last is older than 10 minutes", () => {
    expect(needsStepUp(null, now)).toBe(true);
    expect(needsStepUp(new Date(now.getTime() - 9 * 60_000), now)).toBe(false);
    expect(needsStepUp(new Date(now.getTime() - 10 * 60_000), now)).toBe(false);
    expect(needsStepUp(new Date(now.getTime() - 10 * 60_000 - 1), now)).toBe(true);
  });
});
