// Every random choice of the generator comes from a seeded stream, so a seed names a database
// and a suite exactly. Separate streams (one for the data, one for the cases) keep the data
// the same whatever the number of cases asked for.

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A 32-bit integer from a seed and a stream name (FNV-1a over both, then mixed). */
function streamSeed(seed: number, stream: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${stream}`) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}

export class SeededRandom {
  private readonly rng: RandomGenerator;

  constructor(seed: number, stream: string) {
    this.rng = xoroshiro128plus(streamSeed(seed, stream));
  }

  /** An integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }

  /** True with probability `percent` / 100. */
  percent(percent: number): boolean {
    return this.int(0, 99) < percent;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** An index into `weights`, each chosen in proportion to its weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.int(0, total - 1);
    for (const [i, w] of weights.entries()) {
      if (r < w) return i;
      r -= w;
    }
    return weights.length - 1;
  }

  /** A decimal in [from, to] with `digits` decimals, exact in binary as far as text goes. */
  decimal(from: number, to: number, digits: number): number {
    const scale = 10 ** digits;
    return this.int(Math.round(from * scale), Math.round(to * scale)) / scale;
  }

  /** `count` distinct items of `items` (count <= items.length), in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = 0; i < count; i++) {
      const j = this.int(i, pool.length - 1);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, count);
  }
}
