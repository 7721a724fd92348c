// The simulated history's randomness (scripts/simulate-history.ts): a seeded generator and ways to pick by weight.

/** sfc32, seeded through splitmix32: small, fast and the same on every machine. */
export function makeRng(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** Picks an index by weight (cumulative table, binary search). */
export class Weighted {
  private readonly cumulative: number[];
  constructor(weights: readonly number[]) {
    let sum = 0;
    this.cumulative = weights.map((w) => (sum += w));
  }
  pick(rng: () => number): number {
    const x = rng() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Zipf-like weights for n ranks: the first few take most. */
export const zipf = (n: number, s: number) => Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);

/** Splits `total` into whole parts proportional to `weights` (largest remainder): the parts sum to total. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}
