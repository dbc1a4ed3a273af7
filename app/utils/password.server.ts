import crypto from "node:crypto";
import { promisify } from "node:util";
import { json } from "@remix-run/node";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/*
 * D12: argon2id at OWASP's minimum (19 MiB, two passes, one lane; decision 155): ~25 ms of a
 * core here, where scrypt at OWASP's N = 2^17 took half a second and 128 MiB for the same
 * standing. Stored as argon2's own PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`),
 * which names its cost, so the cost can be raised later and old hashes still verify.
 */
// The library's algorithm is argon2id unless told otherwise (its `Algorithm` is a const enum).
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2_PREFIX = "$argon2id$";

/* Hashes made before decision 155: `scrypt$N$r$p$salt$hash`, verified at their own cost. */
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

const busyAnswer = () =>
  json({ message: HASHING_BUSY }, { status: 503, headers: { "Retry-After": "5" } });

/** Whether `error` is the hashing gate's refusal (its 503), thrown by a hash or a verification. */
export function isHashingBusy(error: unknown) {
  return error instanceof Response && error.status === 503;
}

/**
 * Each hash takes a thread of libuv's pool of four (which file reads and compression share):
 * two at a time per server process, and `PASSWORD_HASH_QUEUE` (64) more may wait, about a
 * second of work at argon2id's cost: a campaign's burst of sign-ins (decision 155). Past that
 * the request gets 503 with Retry-After (decision 082). The server sets the queue when it
 * starts (entry.server.tsx); the seed and the scripts keep the default without reading the
 * environment.
 */
let waiting = 64;
let gate: ReturnType<typeof createWorkGate> | undefined;
export function setPasswordHashQueue(size: number) {
  waiting = size;
  gate = undefined;
}
function withHashingSlot<T>(work: () => Promise<T>) {
  gate ??= createWorkGate({ running: 2, waiting, refuse: busyAnswer });
  return gate(work);
}

export async function hashPassword(password: string) {
  return withHashingSlot(() => argon2Hash(password.normalize("NFKC"), ARGON2));
}

export async function verifyPassword(password: string, stored: string) {
  const normalized = password.normalize("NFKC");
  if (stored.startsWith(ARGON2_PREFIX)) {
    // A malformed string is a stored value we cannot read: a refusal, as an unknown scheme.
    return withHashingSlot(() => argon2Verify(stored, normalized)).catch((error: unknown) => {
      if (isHashingBusy(error)) throw error;
      return false;
    });
  }
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, "base64");
  const key = await withHashingSlot(() =>
    scrypt(normalized, Buffer.from(salt, "base64"), expected.length, {
      N,
      r: R,
      p: Number(p),
      maxmem: maxmem(N, R),
    }),
  );
  return crypto.timingSafeEqual(key, expected);
}

/**
 * A stored hash made before argon2id (decision 155): the sign-in that has just proved the
 * password stores it again as argon2id, so an account pays scrypt's half second once more.
 */
export function needsRehash(stored: string) {
  return !stored.startsWith(ARGON2_PREFIX);
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time on unknown e-mails as on wrong passwords (no account enumeration). */
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
