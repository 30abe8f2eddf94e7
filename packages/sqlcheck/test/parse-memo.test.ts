import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalSql, componentF1, normalizedMatch } from '../src/index.js';
import { deepFreeze, ParseMemo } from '../src/parse-memo.js';

describe('ParseMemo', () => {
  it('computes a text once while it is among the most recent, per dialect', () => {
    const memo = new ParseMemo<{ n: number }>(2, 100);
    let calls = 0;
    const compute = () => ({ n: ++calls });
    expect(memo.get('sqlite', 'a', compute)).toEqual({ n: 1 });
    expect(memo.get('sqlite', 'a', compute)).toEqual({ n: 1 });
    expect(memo.get('postgres', 'a', compute)).toEqual({ n: 2 });
    // 'sqlite a' is the least recently read of the two: 'sqlite b' evicts it
    memo.get('sqlite', 'b', compute);
    expect(memo.size).toBe(2);
    expect(memo.get('sqlite', 'a', compute)).toEqual({ n: 4 });
  });

  it('keeps the most recently read, not the first added', () => {
    const memo = new ParseMemo<number>(2, 100);
    let calls = 0;
    memo.get('d', 'a', () => ++calls);
    memo.get('d', 'b', () => ++calls);
    memo.get('d', 'a', () => ++calls); // a is now the most recent
    memo.get('d', 'c', () => ++calls); // evicts b
    expect(calls).toBe(3);
    expect(memo.get('d', 'a', () => ++calls)).toBe(1);
    expect(memo.get('d', 'b', () => ++calls)).toBe(4);
  });

  it('does not hold a text longer than its limit', () => {
    const memo = new ParseMemo<number>(8, 4);
    let calls = 0;
    memo.get('d', '12345', () => ++calls);
    memo.get('d', '12345', () => ++calls);
    expect(calls).toBe(2);
    expect(memo.size).toBe(0);
  });

  it('freezes what it shares, so no reader can change it for another', () => {
    const memo = new ParseMemo<{ a: { b: number[] } }>();
    const v = memo.get('d', 'x', () => ({ a: { b: [1] } }));
    expect(() => {
      (v.a.b as number[]).push(2);
    }).toThrow(TypeError);
    expect(Object.isFrozen(deepFreeze({ a: [{}] }).a[0])).toBe(true);
  });

  it('keeps values derived from a kept tree while the tree is kept, and drops them with it', () => {
    const memo = new ParseMemo<{ tree: object }>(1, 100, (v) => v.tree);
    const held = memo.get('d', 'a', () => ({ tree: { a: 1 } }));
    let calls = 0;
    const derive = () => ++calls;
    expect(memo.derived(held.tree, 'k', derive)).toBe(1);
    expect(memo.derived(held.tree, 'k', derive)).toBe(1);
    expect(memo.derived(held.tree, 'other', derive)).toBe(2);
    // a tree the memo does not hold: computed each time, never kept
    const stranger = { a: 1 };
    expect(memo.derived(stranger, 'k', derive)).toBe(3);
    expect(memo.derived(stranger, 'k', derive)).toBe(4);
    memo.forget('d', 'a');
    expect(memo.derived(held.tree, 'k', derive)).toBe(5);
    const next = memo.get('d', 'b', () => ({ tree: { b: 1 } }));
    expect(memo.derived(next.tree, 'k', derive)).toBe(6);
    memo.get('d', 'c', () => ({ tree: { c: 1 } })); // evicts b, and what hung on its tree
    expect(memo.derived(next.tree, 'k', derive)).toBe(7);
  });

  it('returns what compute gives and never holds more than its size (any sequence)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom('sqlite', 'postgres'), fc.string({ maxLength: 6 }))),
        (size, reads) => {
          const memo = new ParseMemo<string>(size, 4);
          for (const [dialect, text] of reads) {
            expect(memo.get(dialect, text, () => `${dialect}:${text}`)).toBe(`${dialect}:${text}`);
            expect(memo.size).toBeLessThanOrEqual(size);
          }
        },
      ),
    );
  });
});

describe('diagnostics over shared parses', () => {
  it('keeps dialects apart: one text, two canonical forms', async () => {
    const sql = 'SELECT "Name" FROM Artist';
    const sqlite = await canonicalSql(sql, 'sqlite');
    const postgres = await canonicalSql(sql, 'postgres');
    expect(sqlite).not.toEqual(postgres);
    expect(await canonicalSql(sql, 'sqlite')).toEqual(sqlite);
    expect(await canonicalSql(sql, 'postgres')).toEqual(postgres);
  });

  it('gives each caller its own copy of the items and forms it computed before', async () => {
    const sql = 'SELECT a, b FROM t WHERE x = 1 AND y = 2';
    const first = await componentF1(sql, sql, 'sqlite');
    first?.gold.where.push('changed by a caller');
    const again = await componentF1(sql, sql, 'sqlite');
    expect(again?.gold.where).toEqual(['x = 1', 'y = 2']);
    expect(await normalizedMatch(sql, sql, 'sqlite')).toEqual({ match: true, goldIndex: 0 });
  });
});
