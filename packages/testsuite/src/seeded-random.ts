// Every random choice of a variant comes from one seeded generator, so a seed names a database
// exactly: the same seed gives the same rows, and so the same file bytes.
import { createHash } from 'node:crypto';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A 32-bit seed derived from a parent seed and labels (e.g. the suite seed and a variant index). */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  const digest = createHash('sha256')
    .update([String(seed), ...labels.map(String)].join('\u0000'))
    .digest();
  return digest.readInt32BE(0);
}

/** A seeded generator with the few draws variant generation needs. Mutable: each draw advances it. */
export class SeededRandom {
  private readonly rng: RandomGenerator;

  constructor(seed: number) {
    // Hashed first: xoroshiro's first outputs from nearby seeds (1000, 1001) are correlated.
    this.rng = xoroshiro128plus(deriveSeed(seed, 'xoroshiro128plus'));
  }

  /** A float in [0, 1). */
  float(): number {
    return uniformFloat64(this.rng);
  }

  /** An integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.rng, Math.ceil(from), Math.floor(to));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p > 0 && this.float() < p;
  }

  /** One element, uniformly. The list must not be empty. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** One element, favouring the first ones: skew 1 is uniform, higher piles choices at the front. */
  pickSkewed<T>(items: readonly T[], skew: number): T {
    const index = Math.min(items.length - 1, Math.floor(items.length * this.float() ** skew));
    return items[index]!;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
