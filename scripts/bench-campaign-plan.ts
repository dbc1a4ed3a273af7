/**
 * The arithmetic of `npm run bench:campaign` (scripts/bench-campaign.ts), kept apart so that a
 * unit test can hold it: how many virtual shoppers of each kind, how long one thinks between two
 * requests, and the percentiles it reports.
 */

export const SHOPPER_KINDS = ["visitor", "customer", "buyer", "admin"] as const;
export type ShopperKind = (typeof SHOPPER_KINDS)[number];

/** The campaign: 70 % first-time visitors, 20 % signed in, 8 % checking out, 2 % admins. */
export const CAMPAIGN_SHARES: Record<ShopperKind, number> = {
  visitor: 0.7,
  customer: 0.2,
  buyer: 0.08,
  admin: 0.02,
};

/**
 * `total` shoppers split by the campaign's shares (largest remainder, so the counts add up), with
 * at least one of each kind once there are four shoppers: a small smoke run still works the proof
 * queue and the checkout. The visitors give up the places the small kinds need.
 */
export function shopperMix(total: number): Record<ShopperKind, number> {
  const exact = SHOPPER_KINDS.map((kind) => total * CAMPAIGN_SHARES[kind]);
  const counts = exact.map(Math.floor);
  const byRemainder = SHOPPER_KINDS.map((_, i) => i).sort(
    (a, b) => exact[b] - counts[b] - (exact[a] - counts[a]) || a - b,
  );
  const missing = total - counts.reduce((sum, n) => sum + n, 0);
  for (let i = 0; i < missing; i++) counts[byRemainder[i]]++;
  if (total >= SHOPPER_KINDS.length) {
    for (let i = 1; i < counts.length; i++) {
      if (counts[i] === 0) {
        counts[i] = 1;
        counts[0]--;
      }
    }
  }
  return Object.fromEntries(SHOPPER_KINDS.map((kind, i) => [kind, counts[i]])) as Record<
    ShopperKind,
    number
  >;
}

/** Between two taps, in milliseconds. */
export type ThinkRange = { min: number; max: number };

/**
 * A person reading a page on a phone before the next tap: 3 to 12 s unless `BENCH_THINK` says
 * otherwise, as seconds ("0.5-2" was decision 110's pace, ten times faster than people read).
 */
export const DEFAULT_THINK = "3-12";

export function thinkRange(text: string = DEFAULT_THINK): ThinkRange {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const min = Number(match?.[1]) * 1000;
  const max = Number(match?.[2]) * 1000;
  if (!match || min > max) {
    throw new Error(`BENCH_THINK="${text}": give the pause as seconds from-to, such as 3-12`);
  }
  return { min, max };
}

/** A pause drawn uniformly from `range`. */
export function thinkMs(range: ThinkRange, random: () => number = Math.random) {
  return range.min + random() * (range.max - range.min);
}

/** Nearest-rank percentile of ascending `sorted` values (`q` in 0..1); NaN when there are none. */
export function percentile(sorted: readonly number[], q: number) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
