import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLenient, compareStrict, lenientColumnCap, type TableLike } from '../src/index.js';
import { referenceLenientSameWidth } from './reference-rules.js';
import { permuteColumns, rulePair } from './rule-tables.js';

const t = (columns: readonly string[], rows: readonly (readonly unknown[])[]): TableLike => ({
  columns,
  rows,
});

// Spec 000, "Strict and lenient accuracy".
describe('lenient: what it forgives (spec examples)', () => {
  it('the same two names as FirstName, LastName or the other way round', () => {
    const gold = t(
      ['FirstName', 'LastName'],
      [
        ['Luís', 'Gonçalves'],
        ['Leonie', 'Köhler'],
      ],
    );
    const run = t(
      ['LastName', 'FirstName'],
      [
        ['Gonçalves', 'Luís'],
        ['Köhler', 'Leonie'],
      ],
    );
    expect(compareStrict(gold, run).pass).toBe(false);
    expect(compareLenient(gold, run)).toMatchObject({ pass: true, mapping: [1, 0] });
  });

  it('one extra key column', () => {
    const gold = t(
      ['Name', 'tracks'],
      [
        ['Rock', 1297],
        ['Jazz', 130],
        ['Metal', 374],
      ],
    );
    const run = t(
      ['GenreId', 'genre', 'n'],
      [
        [1, 'Rock', 1297],
        [2, 'Jazz', 130],
        [3, 'Metal', 374],
      ],
    );
    expect(compareStrict(gold, run).reason?.code).toBe('column_count');
    expect(compareLenient(gold, run)).toMatchObject({ pass: true, mapping: [1, 2] });
  });

  it('a year labelled 2009-01-01 where the gold set writes 2009', () => {
    const gold = t(
      ['year', 'revenue'],
      [
        ['2009', 449.46],
        ['2010', 481.45],
      ],
    );
    const run = t(
      ['year_start', 'revenue'],
      [
        ['2009-01-01', 449.4600000001],
        ['2010-01-01', 481.45],
      ],
    );
    expect(compareStrict(gold, run).pass).toBe(false);
    expect(compareLenient(gold, run).pass).toBe(true);
  });
});

describe('lenient: when a run passes (spec rules, one test each)', () => {
  it('every gold column is matched, as a multiset, by a distinct result column in any position', () => {
    const gold = t(
      ['a', 'b'],
      [
        [1, 'x'],
        [2, 'y'],
      ],
    );
    expect(
      compareLenient(
        gold,
        t(
          ['k', 'b', 'a'],
          [
            [7, 'x', 1],
            [8, 'y', 2],
          ],
        ),
      ).pass,
    ).toBe(true);
    // One result column cannot answer two gold columns, even when both hold its values.
    const twin = t(
      ['a', 'b'],
      [
        [1, 1],
        [2, 2],
      ],
    );
    const v = compareLenient(twin, t(['a'], [[1], [2]]));
    expect(v.reason?.code).toBe('column_count');
  });

  it('column names are ignored and the same numeric tolerance applies', () => {
    const gold = t(['total'], [[3.96], [5.94]]);
    expect(
      compareLenient(
        gold,
        t(
          ['whatever', 'id'],
          [
            [3.9600004, 1],
            [5.94, 2],
          ],
        ),
      ).pass,
    ).toBe(true);
    expect(
      compareLenient(
        gold,
        t(
          ['whatever', 'id'],
          [
            [3.97, 1],
            [5.94, 2],
          ],
        ),
      ).pass,
    ).toBe(false);
  });

  it('the rows of the matched columns must line up: values swapped between rows still fail', () => {
    const gold = t(
      ['name', 'total'],
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    const run = t(
      ['total', 'name'],
      [
        [2, 'a'],
        [1, 'b'],
      ],
    );
    const v = compareLenient(gold, run);
    expect(v.pass).toBe(false);
    expect(v.reason?.code).toBe('row_mismatch');
    expect(v.mapping).toEqual([1, 0]);
  });

  it('the row count must be equal', () => {
    const v = compareLenient(
      t(['a'], [[1], [2]]),
      t(
        ['a', 'b'],
        [
          [1, 0],
          [2, 0],
          [3, 0],
        ],
      ),
    );
    expect(v.reason).toEqual({ code: 'row_count', gold: 2, result: 3 });
  });

  it('row order still counts only when order_matters', () => {
    const gold = t(
      ['n', 'v'],
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
    );
    const run = t(
      ['v', 'n'],
      [
        [3, 'c'],
        [1, 'a'],
        [2, 'b'],
      ],
    );
    expect(compareLenient(gold, run).pass).toBe(true);
    const v = compareLenient(gold, run, { orderMatters: true });
    expect(v.pass).toBe(false);
    expect(v.reason?.code).toBe('order');
  });
});

describe('lenient: guardrails', () => {
  it('column cap max(2 x gold columns, gold columns + 2): three for one, four for two, six for three', () => {
    expect(lenientColumnCap(1)).toBe(3);
    expect(lenientColumnCap(2)).toBe(4);
    expect(lenientColumnCap(3)).toBe(6);
    expect(lenientColumnCap(5)).toBe(10);
  });

  it('a SELECT * carrying the gold column among many others fails on the cap', () => {
    const gold = t(['Name'], [['AC/DC'], ['Accept']]);
    const star = t(
      ['ArtistId', 'Name', 'x', 'y'],
      [
        [1, 'AC/DC', 1, 2],
        [2, 'Accept', 3, 4],
      ],
    );
    expect(compareLenient(gold, star).reason).toEqual({
      code: 'column_cap',
      gold: 1,
      result: 4,
      cap: 3,
    });
    const three = t(
      ['ArtistId', 'Name', 'x'],
      [
        [1, 'AC/DC', 1],
        [2, 'Accept', 3],
      ],
    );
    expect(compareLenient(gold, three).pass).toBe(true);
  });

  it('no constant columns once there is more than one row: a hard-coded literal cannot answer', () => {
    // SELECT 'USA', COUNT(*) ... beside an extra column: the literal has the right height
    // and tells the gold column nothing.
    const gold = t(
      ['country', 'n'],
      [
        ['USA', 13],
        ['USA', 14],
      ],
    );
    const literal = t(
      ['id', 'n', 'c'],
      [
        [1, 13, 'USA'],
        [2, 14, 'USA'],
      ],
    );
    const v = compareLenient(gold, literal);
    expect(v.pass).toBe(false);
    expect(v.reason).toMatchObject({ code: 'unmatched_gold_column', column: 0, name: 'country' });
    expect((v.reason as { detail: string }).detail).toMatch(/constant/);
  });

  it('all-null columns are constant too', () => {
    const gold = t(
      ['a', 'b'],
      [
        [1, null],
        [2, null],
      ],
    );
    const v = compareLenient(
      gold,
      t(
        ['b', 'a', 'k'],
        [
          [null, 1, 'x'],
          [null, 2, 'y'],
        ],
      ),
    );
    expect(v.reason).toMatchObject({ code: 'unmatched_gold_column', column: 1 });
  });

  it('with exactly the gold columns in another order, constants may answer (lenient stays a superset of strict, whatever the column order)', () => {
    const gold = t(
      ['country', 'n'],
      [
        ['USA', 13],
        ['USA', 14],
      ],
    );
    expect(
      compareStrict(
        gold,
        t(
          ['c', 'n'],
          [
            ['USA', 13],
            ['USA', 14],
          ],
        ),
      ).pass,
    ).toBe(true);
    expect(
      compareLenient(
        gold,
        t(
          ['n', 'c'],
          [
            [13, 'USA'],
            [14, 'USA'],
          ],
        ),
      ).pass,
    ).toBe(true);
  });

  it('on a single row every column is constant, so the rule is off there', () => {
    const gold = t(['first', 'last'], [['Luís', 'Gonçalves']]);
    expect(compareLenient(gold, t(['l', 'f'], [['Gonçalves', 'Luís']])).pass).toBe(true);
  });
});

describe('lenient: the date and period label rule', () => {
  it("'2009' matches '2009-01-01', and '2013-02' matches '2013-02-01'", () => {
    expect(compareLenient(t(['y'], [['2009']]), t(['y'], [['2009-01-01']])).pass).toBe(true);
    expect(compareLenient(t(['m'], [['2013-02']]), t(['m'], [['2013-02-01']])).pass).toBe(true);
  });

  it('only the gold side may be the shorter label', () => {
    expect(compareLenient(t(['y'], [['2009-01-01']]), t(['y'], [['2009']])).pass).toBe(false);
  });

  it('only strings are read this way: a number is a number, never a year', () => {
    expect(compareLenient(t(['y'], [[2009]]), t(['y'], [['2009-01-01']])).pass).toBe(false);
  });

  it('nothing else is normalised: case, spacing and number spellings stay as they are', () => {
    expect(compareLenient(t(['n'], [['Rock']]), t(['n'], [['ROCK']])).pass).toBe(false);
    expect(compareLenient(t(['n'], [['2009']]), t(['n'], [['2009.0']])).pass).toBe(false);
    expect(compareLenient(t(['n'], [['2009-01']]), t(['n'], [['2009/01/01']])).pass).toBe(false);
  });
});

describe('lenient: the midnight rule (a day against its midnight timestamp)', () => {
  const births = t(
    ['name', 'born'],
    [
      ['Ada', '1962-02-18 00:00:00'],
      ['Bo', '1970-07-01 00:00:00'],
    ],
  );
  const asDays = t(
    ['name', 'born'],
    [
      ['Bo', '1970-07-01'],
      ['Ada', '1962-02-18'],
    ],
  );

  it('a day answers a gold midnight timestamp, and the reverse; strict is unchanged', () => {
    expect(compareLenient(births, asDays)).toMatchObject({ pass: true, mapping: [0, 1] });
    expect(compareLenient(asDays, births)).toMatchObject({ pass: true, mapping: [0, 1] });
    expect(compareStrict(births, asDays).pass).toBe(false);
    expect(compareStrict(asDays, births).pass).toBe(false);
  });

  it('other midnight spellings count; a time after midnight or another day does not', () => {
    const spelled = (born: string) =>
      t(
        ['name', 'born'],
        [
          ['Ada', born],
          ['Bo', '1970-07-01'],
        ],
      );
    expect(compareLenient(births, spelled('1962-02-18T00:00:00.000Z')).pass).toBe(true);
    expect(compareLenient(births, spelled('1962-02-18 00:00:00+00:00')).pass).toBe(true);
    expect(compareLenient(births, spelled('1962-02-18 00:00:01')).pass).toBe(false);
    expect(compareLenient(births, spelled('1962-02-18 00:00:00+01:00')).pass).toBe(false);
    expect(compareLenient(births, spelled('1962-02-19')).pass).toBe(false);
    expect(compareLenient(births, spelled('1962-02')).pass).toBe(false);
  });

  it('holds with extra columns, in a permuted result, and when order matters', () => {
    const wide = t(
      ['id', 'born', 'name'],
      [
        [1, '1962-02-18', 'Ada'],
        [2, '1970-07-01', 'Bo'],
      ],
    );
    expect(compareLenient(births, wide)).toMatchObject({ pass: true, mapping: [2, 1] });
    expect(compareLenient(births, wide, { orderMatters: true }).pass).toBe(true);
    const reversed = t(wide.columns, [...wide.rows].reverse());
    expect(compareLenient(births, reversed, { orderMatters: true }).reason?.code).toBe('order');
  });

  it('property: strict ignores the rule; lenient passes exactly the same day at midnight', () => {
    const day = fc.constantFrom('1962-02-18', '1962-02-19', '2009-01-01');
    const time = fc.constantFrom(
      '',
      ' 00:00:00',
      'T00:00:00',
      ' 00:00',
      ' 00:00:00.000',
      'T00:00:00Z',
      ' 00:00:00+00:00',
      ' 00:00:01',
      ' 12:00:00',
      ' 00:00:00+01:00',
      ' 00:00:00.5',
    );
    const spelled = fc.tuple(day, time).map(([d, tm]) => d + tm);
    const midnightDay = (s: string) =>
      /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0+)?)?(?:Z|\+00:00)?)?$/.exec(s)?.[1] ?? null;
    fc.assert(
      fc.property(spelled, spelled, fc.boolean(), (g, r, orderMatters) => {
        const gold = t(['id', 'd'], [[1, g]]);
        const run = t(['id', 'd'], [[1, r]]);
        expect(compareStrict(gold, run, { orderMatters }).pass).toBe(g === r);
        // The day label rule (a gold day answered by any time of that day) is unchanged.
        const label = g.length === 10 && r.startsWith(g) && r.length > 10;
        const same = midnightDay(g) !== null && midnightDay(g) === midnightDay(r);
        expect(compareLenient(gold, run, { orderMatters }).pass).toBe(g === r || label || same);
      }),
      { numRuns: 500 },
    );
  });
});

describe('lenient: search, not first fit', () => {
  it('passes when two result columns hold the same values but only the second lines up', () => {
    // Both p and q hold {1,2,3}; a greedy matcher that takes p for gold a fails a right answer.
    const gold = t(
      ['a', 'b'],
      [
        [1, 'x'],
        [2, 'y'],
        [3, 'z'],
      ],
    );
    const run = t(
      ['p', 'q', 'r'],
      [
        [3, 1, 'x'],
        [1, 2, 'y'],
        [2, 3, 'z'],
      ],
    );
    expect(compareLenient(gold, run)).toMatchObject({ pass: true, mapping: [1, 2] });
  });

  it('names the gold column no result column answers', () => {
    const gold = t(
      ['name', 'total'],
      [
        ['a', 1],
        ['b', 2],
      ],
    );
    const v = compareLenient(
      gold,
      t(
        ['name', 'sum'],
        [
          ['a', 1],
          ['b', 5],
        ],
      ),
    );
    expect(v.reason).toMatchObject({ code: 'unmatched_gold_column', column: 1, name: 'total' });
  });
});

describe('lenient: properties', () => {
  const cell = fc.oneof(
    fc.integer({ min: 0, max: 5 }),
    fc.constantFrom('a', 'b', '2009', '2009-01-01', null, 1.5, '1.5'),
  );
  const table = fc
    .record({ w: fc.integer({ min: 1, max: 4 }), h: fc.integer({ min: 0, max: 6 }) })
    .chain(({ w, h }) =>
      fc
        .array(fc.array(cell, { minLength: w, maxLength: w }), { minLength: h, maxLength: h })
        .map((rows) =>
          t(
            Array.from({ length: w }, (_, i) => `c${i}`),
            rows,
          ),
        ),
    );
  const permutation = (n: number) =>
    fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i),
      { minLength: n, maxLength: n },
    );
  const permute = (x: TableLike, perm: number[]) =>
    t(
      perm.map((j) => x.columns[j]!),
      x.rows.map((r) => perm.map((j) => r[j])),
    );

  it('permuting result columns never changes a lenient verdict', () => {
    const pair = table.chain((gold) =>
      fc
        .tuple(
          fc.constant(gold),
          fc.oneof(
            table,
            fc.constant(gold),
            fc.constant(t(gold.columns, [...gold.rows].reverse())),
          ),
        )
        .chain(([g, run]) =>
          fc.tuple(fc.constant(g), fc.constant(run), permutation(run.columns.length)),
        ),
    );
    fc.assert(
      fc.property(pair, fc.boolean(), ([gold, run, perm], orderMatters) => {
        const a = compareLenient(gold, run, { orderMatters }).pass;
        const b = compareLenient(gold, permute(run, perm), { orderMatters }).pass;
        expect(b).toBe(a);
      }),
    );
  });

  it('permuting rows does not change a lenient verdict when order does not matter', () => {
    fc.assert(
      fc.property(table, table, fc.integer(), (gold, run, seed) => {
        const before = compareLenient(gold, run).pass;
        const rows = [...run.rows];
        let s = seed >>> 0;
        for (let i = rows.length - 1; i > 0; i--) {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          const k = s % (i + 1);
          [rows[i], rows[k]] = [rows[k]!, rows[i]!];
        }
        expect(compareLenient(gold, t(run.columns, rows)).pass).toBe(before);
        expect(compareLenient(gold, gold).pass).toBe(true);
      }),
    );
  });

  it('strict implies lenient, for any pair of tables', () => {
    fc.assert(
      fc.property(table, table, fc.boolean(), (gold, run, orderMatters) => {
        if (compareStrict(gold, run, { orderMatters }).pass) {
          expect(compareLenient(gold, run, { orderMatters }).pass).toBe(true);
        }
      }),
    );
  });

  it('a table compared with a column permutation of itself passes leniently unless constants block it', () => {
    fc.assert(
      fc.property(
        table.chain((x) => fc.tuple(fc.constant(x), permutation(x.columns.length))),
        ([x, perm]) => {
          const v = compareLenient(x, permute(x, perm));
          if (!v.pass) expect(v.reason?.code).toBe('unmatched_gold_column');
        },
      ),
    );
  });
});

// Columns permuted, the same width: the proof's mapping search and the full search against
// a reference that tries every column order under the documented cell rules.
describe('lenient: verdicts agree with a reference of the documented rules', () => {
  it('property: a result of the gold width passes exactly when some column order matches', () => {
    const perms = [
      [0, 1, 2],
      [2, 0, 1],
      [1, 2, 0],
      [2, 1, 0],
    ];
    fc.assert(
      fc.property(rulePair, fc.constantFrom(...perms), ({ gold, result }, perm) => {
        const w = gold.columns.length;
        const permuted = permuteColumns(
          result,
          perm.filter((j) => j < w),
        );
        expect(compareLenient(gold, permuted).pass).toBe(
          referenceLenientSameWidth(gold, permuted, 0.005),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
