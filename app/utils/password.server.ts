import crypto from "node:crypto";
import { promisify } from "node:util";
import { json } from "@remix-run/node";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/*
 * D12: scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1: 128 MiB, ~0.5 s here).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later and old hashes
 * still verify.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const maxmem = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

export const HASHING_BUSY =
  "Hay muchas solicitudes en este momento. Espera unos segundos e inténtalo de nuevo.";

/**
 * Lets at most `running` pieces of work run at once and `waiting` more wait their turn; past
 * that it throws `refuse()` at once, so a queue never grows without bound (decision 082).
 */
export function createWorkGate(options: {
  running: number;
  waiting: number;
  refuse: () => unknown;
}) {
  let running = 0;
  const queue: Array<() => void> = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < options.running) {
      running++;
    } else {
      if (queue.length >= options.waiting) throw options.refuse();
      // A finished piece of work hands its slot straight to the next in line.
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Each scrypt takes 128 MiB and a thread of libuv's pool of four (which file reads and
 * compression share) for ~0.5 s: two at a time per server process, sixteen more may wait (some
 * four seconds), and past that the request gets 503 with Retry-After (decision 082).
 */
const withHashingSlot = createWorkGate({
  running: 2,
  waiting: 16,
  refuse: () => json({ message: HASHING_BUSY }, { status: 503, headers: { "Retry-After": "5" } }),
});

export async function hashPassword(password: string) {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await withHashingSlot(() =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) }),
  );
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, "base64");
  const key = await withHashingSlot(() =>
    scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
      N,
      r: R,
      p: Number(p),
      maxmem: maxmem(N, R),
    }),
  );
  return crypto.timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time on unknown e-mails as on wrong passwords (no account enumeration). */
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
