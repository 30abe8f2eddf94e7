import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARED_PART_MAX_CHARS, SharedParts } from '../src/shared-parts.js';

/** JSON-like values with what JSON cannot tell apart: -0, NaN, Infinity, undefined fields. */
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, 'a', ''),
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -3, max: 3 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.option(tie('value'), { nil: undefined }), {
      maxKeys: 3,
    }),
  ),
})).value;

describe('SharedParts', () => {
  it('gives back a part equal to the one given, in every field', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (parts) => {
        const shared = new SharedParts(8);
        // Copies as a scorer makes them: equal parts, distinct objects (plain ones).
        for (const part of parts) {
          expect(shared.share(structuredClone(part))).toStrictEqual(structuredClone(part));
        }
      }),
    );
  });

  it('never remembers more parts than its capacity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(value, { maxLength: 60 }),
        (cap, parts) => {
          const shared = new SharedParts(cap);
          for (const part of parts) {
            shared.share(part);
            expect(shared.size).toBeLessThanOrEqual(cap);
          }
        },
      ),
    );
  });

  it('shares equal plain parts as one frozen object, and keeps apart what JSON confuses', () => {
    const shared = new SharedParts();
    const first = shared.share({ pass: true, detail: { levels: [{ level: 'L1' }] } });
    const second = shared.share({ pass: true, detail: { levels: [{ level: 'L1' }] } });
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.detail.levels[0])).toBe(true);
    // Same JSON, not the same value: never shared.
    expect(shared.share({ x: Number.NaN })).not.toBe(shared.share({ x: null }));
    const withUndefined = { a: 1, b: undefined };
    expect(shared.share(withUndefined)).toBe(withUndefined);
    expect(Object.isFrozen(withUndefined)).toBe(false);
    expect(shared.share({ z: -0 })).not.toBe(shared.share({ z: 0 }));
    const date = { at: new Date(0) };
    expect(shared.share(date)).toBe(date);
    expect(shared.share({ at: '1970-01-01T00:00:00.000Z' })).not.toBe(date);
  });

  it('forgets the least recently used part first', () => {
    const shared = new SharedParts(2);
    const a = shared.share({ a: 1 });
    shared.share({ b: 1 });
    expect(shared.share({ a: 1 })).toBe(a); // a is now the most recent
    shared.share({ c: 1 }); // forgets b
    expect(shared.share({ a: 1 })).toBe(a);
    const b = { b: 1 };
    expect(shared.share(b)).toBe(b);
  });

  it('keeps a part larger than the limit as it is', () => {
    const shared = new SharedParts();
    const big = { text: 'x'.repeat(SHARED_PART_MAX_CHARS) };
    expect(shared.share(big)).toBe(big);
    expect(shared.share({ text: 'x'.repeat(SHARED_PART_MAX_CHARS) })).not.toBe(big);
    expect(shared.size).toBe(0);
  });

  it('refuses a capacity that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => new SharedParts(bad)).toThrow(RangeError);
  });
});
