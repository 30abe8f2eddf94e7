import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkShard,
  MAX_SHARDS,
  parseShard,
  RunnerError,
  shardOfCase,
  shardText,
} from '../src/index.js';

/** The definition, spelled with BigInt: SHA-256 of the id as one number, mod n, plus one. */
function reference(caseId: string, count: number): number {
  const hex = createHash('sha256').update(caseId, 'utf8').digest('hex');
  return Number(BigInt(`0x${hex}`) % BigInt(count)) + 1;
}

describe('parseShard', () => {
  it('reads i/n with 1 <= i <= n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1/1 ')).toEqual({ index: 1, count: 1 });
    expect(shardText(parseShard(`${MAX_SHARDS}/${MAX_SHARDS}`))).toBe(
      `${MAX_SHARDS}/${MAX_SHARDS}`,
    );
  });

  it('refuses anything else with a message that says how a shard is written', () => {
    for (const bad of [
      '',
      '3',
      '0/3',
      '4/3',
      '1/0',
      '-1/3',
      '1/3/5',
      'a/b',
      '1.5/3',
      '1 / 3',
      '0x1/3',
    ]) {
      expect(() => parseShard(bad), bad).toThrow(RunnerError);
    }
    expect(() => parseShard('4/3')).toThrow(/index runs from 1 to 3/);
    expect(() => parseShard('two/three')).toThrow(/written i\/n/);
    expect(() => parseShard(`1/${MAX_SHARDS + 1}`)).toThrow(/1 to 1000 shards/);
    expect(() => checkShard({ index: 1.5, count: 3 })).toThrow(RunnerError);
  });
});

describe('shardOfCase', () => {
  it('is SHA-256 of the id mod n, plus one (the BigInt spelling agrees for any id and n)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.integer({ min: 1, max: MAX_SHARDS }),
        (id, n) => {
          expect(shardOfCase(id, n)).toBe(reference(id, n));
        },
      ),
    );
  });

  it('is pinned: the same ids land in the same shards on every machine and release', () => {
    // A change here moves cases between CI jobs: shards saved before and after would not merge.
    const ids = ['chinook_001', 'chinook_002', 'chinook_003', 'chinook_047', 'c1'];
    expect(ids.map((id) => shardOfCase(id, 3))).toEqual([1, 3, 2, 1, 2]);
    expect(ids.map((id) => shardOfCase(id, 7))).toEqual([6, 5, 3, 5, 2]);
    expect(shardOfCase('anything', 1)).toBe(1);
  });

  it('puts every case in exactly one shard, whatever else is selected', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 59 }),
        (ids, n, cut) => {
          const shards = Array.from({ length: n }, (_, i) =>
            ids.filter((id) => shardOfCase(id, n) === i + 1),
          );
          expect(shards.flat().sort()).toEqual([...ids].sort());
          // A case's shard does not depend on which other cases are there.
          const some = ids.slice(0, cut);
          for (const id of some) {
            expect(shardOfCase(id, n)).toBe(shards.findIndex((s) => s.includes(id)) + 1);
          }
        },
      ),
    );
  });

  it('spreads 10,000 ids over 3 shards within 5% of a third each', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const shard = shardOfCase(`synthetic_${String(i).padStart(5, '0')}`, 3);
      counts[shard - 1] = (counts[shard - 1] ?? 0) + 1;
    }
    for (const count of counts) expect(Math.abs(count - 10_000 / 3)).toBeLessThan(10_000 / 3 / 20);
  });
});
