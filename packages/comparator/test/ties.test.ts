import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ComparatorError,
  compareAny,
  compareLenient,
  comparePolicy,
  compareStrict,
  formatVerdict,
  type TableLike,
  type TieOrder,
} from '../src/index.js';

const t = (rows: readonly (readonly unknown[])[]): TableLike => ({
  columns: rows[0]?.map((_, i) => `c${i}`) ?? ['c0', 'c1'],
  rows,
});

// ORDER BY papers DESC: three authors tie on 5 papers (the example).
const gold = t([
  ['Ada', 7],
  ['Bob', 5],
  ['Cyd', 5],
  ['Dee', 5],
  ['Eve', 2],
]);
const ties: TieOrder = { groups: [1, 3, 1] };
const opts = { orderMatters: true, ties };

describe('order up to the tie groups of the gold ORDER BY', () => {
  it('tied rows in another order pass, strict and lenient; without ties they fail as today', () => {
    const run = t([
      ['Ada', 7],
      ['Dee', 5],
      ['Bob', 5],
      ['Cyd', 5],
      ['Eve', 2],
    ]);
    expect(compareStrict(gold, run, { orderMatters: true }).reason?.code).toBe('order');
    const v = compareStrict(gold, run, opts);
    expect(v.pass).toBe(true);
    expect(v.ties).toEqual({ groups: 3, cut: null });
    expect(compareLenient(gold, run, opts).pass).toBe(true);
    expect(compareAny([gold], run, opts).pass).toBe(true);
    expect(comparePolicy('strict', gold, run, opts).pass).toBe(true);
    expect(formatVerdict(v)).toBe(
      'PASS strict (order compared up to 3 tie group(s) of the gold ORDER BY)',
    );
  });

  it('a row moved across groups fails, naming the group that differs', () => {
    const run = t([
      ['Bob', 5],
      ['Ada', 7],
      ['Cyd', 5],
      ['Dee', 5],
      ['Eve', 2],
    ]);
    const v = compareStrict(gold, run, opts);
    expect(v.pass).toBe(false);
    expect(v.reason).toMatchObject({ code: 'order', index: 0, tieGroup: { first: 0, rows: 1 } });
    expect(formatVerdict(v)).toBe(
      'FAIL strict: same rows, wrong order: row 1 (placed by the gold ORDER BY, no tie) holds another row than the gold\'s, gold ["Ada", 7] vs result ["Bob", 5] (order compared up to 3 tie group(s) of the gold ORDER BY)',
    );
    const swapped = t([
      ['Ada', 7],
      ['Bob', 5],
      ['Cyd', 5],
      ['Eve', 2],
      ['Dee', 5],
    ]);
    const w = compareStrict(gold, swapped, opts);
    expect(w.reason).toMatchObject({ code: 'order', index: 1, tieGroup: { first: 1, rows: 3 } });
    expect(formatVerdict(w)).toContain(
      "rows 2-4 (one tie group of the gold ORDER BY, any order within it) hold other rows than the gold's",
    );
    expect(compareLenient(gold, swapped, opts).pass).toBe(false);
  });

  it('a wrong row is still a row mismatch', () => {
    const run = t([
      ['Ada', 7],
      ['Cyd', 5],
      ['Bob', 5],
      ['Zed', 5],
      ['Eve', 2],
    ]);
    expect(compareStrict(gold, run, opts).reason?.code).toBe('row_mismatch');
  });

  it('lenient: reordered columns and tied rows in another order pass together', () => {
    const run = t([
      [7, 'Ada'],
      [5, 'Cyd'],
      [5, 'Dee'],
      [5, 'Bob'],
      [2, 'Eve'],
    ]);
    const v = compareLenient(gold, run, opts);
    expect(v.pass).toBe(true);
    expect(v.mapping).toEqual([1, 0]);
  });

  it('ties are ignored when order does not matter, and for the alternatives of compareAny', () => {
    const run = t([
      ['Eve', 2],
      ['Ada', 7],
      ['Bob', 5],
      ['Cyd', 5],
      ['Dee', 5],
    ]);
    expect(compareStrict(gold, run, { ties }).pass).toBe(true);
    const alt = t([
      ['Ada', 7],
      ['Bob', 5],
      ['Cyd', 5],
      ['Dee', 5],
      ['Eve', 2],
    ]);
    const tiedRun = t([
      ['Ada', 7],
      ['Cyd', 5],
      ['Bob', 5],
      ['Dee', 5],
      ['Eve', 2],
    ]);
    // The groups describe golds[0] only: an alternative with the same rows keeps exact order.
    const other = t([['x', 0]]);
    expect(
      compareAny([other, alt], tiedRun, { orderMatters: true, ties: { groups: [1] } }).pass,
    ).toBe(false);
  });

  it('numbers within tolerance pair inside a group', () => {
    const g = t([
      ['a', 1.5],
      ['b', 1.5],
    ]);
    const r = t([
      ['b', 1.501],
      ['a', 1.499],
    ]);
    expect(compareStrict(g, r, { orderMatters: true, ties: { groups: [2] } }).pass).toBe(true);
    expect(compareStrict(g, r, { orderMatters: true, ties: { groups: [1, 1] } }).pass).toBe(false);
  });

  it('groups that do not describe the gold are refused', () => {
    expect(() =>
      compareStrict(gold, gold, { orderMatters: true, ties: { groups: [2, 2] } }),
    ).toThrow(ComparatorError);
    expect(() =>
      compareStrict(gold, gold, { orderMatters: true, ties: { groups: [0, 5] } }),
    ).toThrow(/integer >= 1/);
    expect(() =>
      compareStrict(gold, gold, { orderMatters: true, ties: { groups: [5], boundaryRows: [] } }),
    ).toThrow(/boundary/);
  });
});

describe('a LIMIT that cuts through the last tie group', () => {
  // ORDER BY papers DESC LIMIT 3: Bob, Cyd and Dee tie on 5, the gold shows Bob and Cyd.
  const top = t([
    ['Ada', 7],
    ['Bob', 5],
    ['Cyd', 5],
  ]);
  const cut: TieOrder = {
    groups: [1, 2],
    boundaryRows: [
      ['Bob', 5],
      ['Cyd', 5],
      ['Dee', 5],
    ],
  };
  const o = { orderMatters: true, ties: cut };

  it('any rows of the group at the boundary pass, and the explanation says so', () => {
    for (const pair of [
      ['Dee', 'Bob'],
      ['Cyd', 'Dee'],
      ['Bob', 'Cyd'],
    ]) {
      const run = t([['Ada', 7], ...pair.map((n) => [n, 5])]);
      const v = compareStrict(top, run, o);
      expect(v.pass, pair.join()).toBe(true);
      expect(compareLenient(top, run, o).pass).toBe(true);
      expect(v.ties?.cut).toEqual({ first: 1, shown: 2, of: 3, accepted: true });
    }
    const v = compareStrict(
      top,
      t([
        ['Ada', 7],
        ['Dee', 5],
        ['Bob', 5],
      ]),
      o,
    );
    expect(formatVerdict(v)).toContain(
      'the LIMIT cuts through the last group, so any 2 of its 3 tied rows are accepted at rows 2-3',
    );
  });

  it('a row outside the group, a row twice, or a wrong row before the boundary fails', () => {
    const outside = compareStrict(
      top,
      t([
        ['Ada', 7],
        ['Dee', 5],
        ['Eve', 2],
      ]),
      o,
    );
    expect(outside.pass).toBe(false);
    expect(outside.ties?.cut?.accepted).toBe(false);
    expect(formatVerdict(outside)).toContain('not all rows of that group');
    expect(
      compareStrict(
        top,
        t([
          ['Ada', 7],
          ['Dee', 5],
          ['Dee', 5],
        ]),
        o,
      ).pass,
    ).toBe(false);
    expect(
      compareStrict(
        top,
        t([
          ['Bob', 5],
          ['Ada', 7],
          ['Dee', 5],
        ]),
        o,
      ).pass,
    ).toBe(false);
    expect(
      compareStrict(
        top,
        t([
          ['Zed', 7],
          ['Dee', 5],
          ['Bob', 5],
        ]),
        o,
      ).pass,
    ).toBe(false);
    expect(
      compareLenient(
        top,
        t([
          ['Ada', 7],
          ['Dee', 5],
          ['Eve', 2],
        ]),
        o,
      ).pass,
    ).toBe(false);
  });
});

// Properties: a gold ordered by a key with ties; permuting rows inside groups passes,
// moving a row into another group (with different cells) fails.
const tiedGold = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 })
  .chain((groups) =>
    fc
      .array(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 1 }), {
        minLength: groups.reduce((a, b) => a + b, 0),
        maxLength: groups.reduce((a, b) => a + b, 0),
      })
      .map((extra) => {
        const rows: unknown[][] = [];
        let i = 0;
        groups.forEach((g, k) => {
          for (let j = 0; j < g; j++) rows.push([100 - k, extra[i++]![0]]);
        });
        return { groups, rows };
      }),
  );

function shuffleWithin(groups: readonly number[], rows: unknown[][], seed: number): unknown[][] {
  const out: unknown[][] = [];
  let at = 0;
  let s = seed;
  for (const g of groups) {
    const part = rows.slice(at, at + g);
    for (let i = part.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const j = s % (i + 1);
      [part[i], part[j]] = [part[j]!, part[i]!];
    }
    out.push(...part);
    at += g;
  }
  return out;
}

describe('properties', () => {
  it('permutations within tie groups pass, strict and lenient', () => {
    fc.assert(
      fc.property(tiedGold, fc.nat(), ({ groups, rows }, seed) => {
        const run = t(shuffleWithin(groups, rows, seed));
        const o = { orderMatters: true, ties: { groups } };
        return compareStrict(t(rows), run, o).pass && compareLenient(t(rows), run, o).pass;
      }),
    );
  });

  it('swapping two rows of different groups fails', () => {
    fc.assert(
      fc.property(tiedGold, fc.nat(), fc.nat(), ({ groups, rows }, a, b) => {
        fc.pre(groups.length > 1);
        const i = a % rows.length;
        const j = b % rows.length;
        fc.pre(rows[i]![0] !== rows[j]![0]); // different groups: different keys
        const swapped = rows.slice();
        [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
        const o = { orderMatters: true, ties: { groups } };
        const v = compareStrict(t(rows), t(swapped), o);
        return (
          !v.pass && v.reason?.code === 'order' && !compareLenient(t(rows), t(swapped), o).pass
        );
      }),
    );
  });

  it('sits between exact order and no order: exact passes imply tie passes imply multiset passes', () => {
    fc.assert(
      fc.property(
        tiedGold,
        fc.nat(),
        fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 9 })), { nil: undefined }),
        ({ groups, rows }, seed, change) => {
          const run = shuffleWithin([rows.length], rows, seed).map((r) => [...r]);
          if (change) run[change[0] % run.length]![1] = change[1];
          const gold = t(rows);
          const exact = compareStrict(gold, t(run), { orderMatters: true }).pass;
          const tied = compareStrict(gold, t(run), { orderMatters: true, ties: { groups } }).pass;
          const bag = compareStrict(gold, t(run)).pass;
          return (!exact || tied) && (!tied || bag);
        },
      ),
    );
  });

  it('with every group one row the verdict is exact order, the same as without ties', () => {
    fc.assert(
      fc.property(tiedGold, fc.nat(), ({ rows }, seed) => {
        const groups = rows.map(() => 1);
        const run = t(shuffleWithin([rows.length], rows, seed));
        const a = compareStrict(t(rows), run, { orderMatters: true, ties: { groups } });
        const b = compareStrict(t(rows), run, { orderMatters: true });
        return a.pass === b.pass && a.ties === undefined;
      }),
    );
  });

  it('at a cut boundary any distinct rows of the whole group pass, a row from outside fails', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        (shown, more, seed) => {
          const group = Array.from({ length: shown + more }, (_, i) => [`r${i}`, 5]);
          const head = [['top', 9]];
          const goldRows = [...head, ...group.slice(0, shown)];
          const ties = { groups: [1, shown], boundaryRows: group };
          const picked = shuffleWithin([group.length], group, seed).slice(0, shown);
          const o = { orderMatters: true, ties };
          const ok = compareStrict(t(goldRows), t([...head, ...picked]), o).pass;
          const wrong = [...picked.slice(0, -1), ['stranger', 5]];
          const bad = compareStrict(t(goldRows), t([...head, ...wrong]), o).pass;
          return ok && !bad;
        },
      ),
    );
  });
});
