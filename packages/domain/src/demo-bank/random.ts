/**
 * Seeded pseudo-randomness for the demo bank. Nothing here reads a clock or Math.random: every stream is
 * keyed by a string (seed, day, purpose), so the same key always yields the same numbers.
 */

/** A 32-bit hash of `text`: FNV-1a over UTF-16 code units, then murmur3's finaliser for avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A deterministic pseudo-random stream (mulberry32) seeded by hashing a string key. */
export class Rng {
  private state: number;

  constructor(key: string) {
    this.state = hash32(key);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform real in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick needs at least one item');
    return item;
  }

  /** One item, with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [item, weight] of items) {
      target -= weight;
      if (target < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new RangeError('weighted needs at least one item');
    return last[0];
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /**
   * A positive amount in minor units, log-normally spread around `typicalMajor` (the median) and clamped
   * to [minMajor, maxMajor]: most baskets sit near the typical value with a long tail of big ones.
   */
  amount(typicalMajor: number, spread: number, minMajor: number, maxMajor: number): number {
    const major = Math.exp(Math.log(typicalMajor) + spread * this.normal());
    return Math.round(Math.min(maxMajor, Math.max(minMajor, major)) * 100);
  }
}
