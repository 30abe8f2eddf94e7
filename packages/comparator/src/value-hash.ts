/**
 * 32-bit hashes of canonical values. Equal values (under the comparator's equality, minus
 * tolerance) hash equal; anything else may collide, so every hash hit is checked.
 */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Combines a running row hash with the next cell's hash (order-sensitive). */
export function combine(h: number, x: number): number {
  return (Math.imul(h ^ x, 0x01000193) + 0x9e3779b9) | 0;
}

export function hashNumber(x: number): number {
  if (Number.isNaN(x)) return 0x7ff80001; // every NaN alike
  f64[0] = x === 0 ? 0 : x;
  return mix32(u32[0]! ^ Math.imul(u32[1]!, 0x9e3779b1));
}

export function hashString(s: string, seed: number): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return mix32(h ^ s.length);
}

export function hashBytes(b: Uint8Array): number {
  let h = 0x27d4eb2f;
  for (let i = 0; i < b.length; i++) {
    h = Math.imul(h ^ b[i]!, 0x01000193);
  }
  return mix32(h ^ b.length);
}

export const SEED_STRING = 0x1b873593;
export const SEED_BIG = 0x5bd1e995;
export const HASH_NULL = 0x3c6ef372;
export const HASH_OTHER = 0x2545f491;
