import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalCase, EvalSuite } from '../src/index.js';
import { CASE_TAGS, formatSuite, parseSuite } from '../src/index.js';

const base: EvalCase = {
  id: 'c1',
  question: 'How many tracks does each genre have?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['join', 'aggregation'],
  order_matters: false,
  outcome: { sales: 'allowed', admin: 'allowed' },
  tables: ['Genre', 'Track'],
  columns: ['Genre.GenreId', 'Genre.Name', 'Track.GenreId'],
  sql: 'SELECT g.Name, COUNT(*)\nFROM Track t\nJOIN Genre g ON g.GenreId = t.GenreId\nGROUP BY g.GenreId',
  rows: [
    ['Rock', 1297],
    ['Jazz', 130],
  ],
  plan: {
    select: [
      { expr: { kind: 'column', table: 'g', column: 'Name' } },
      { expr: { kind: 'aggregate', func: 'count' } },
    ],
    from: { table: 'Track', alias: 't' },
    joins: [
      {
        kind: 'inner',
        table: 'Genre',
        alias: 'g',
        on: [
          {
            left: { kind: 'column', table: 'g', column: 'GenreId' },
            right: { kind: 'column', table: 't', column: 'GenreId' },
          },
        ],
      },
    ],
    group_by: [{ kind: 'column', table: 'g', column: 'GenreId' }],
  },
};

const suiteOf = (...cases: EvalCase[]): EvalSuite => ({ name: 'demo', version: 1, cases });

describe('formatSuite', () => {
  it('writes SQL as literal block scalars, one flow row per line, LF only', () => {
    const text = formatSuite(suiteOf(base));
    expect(text).toContain('    sql: |-\n      SELECT g.Name, COUNT(*)\n      FROM Track t\n');
    expect(text).toContain('    rows:\n      - [ Rock, 1297 ]\n      - [ Jazz, 130 ]\n');
    expect(text).not.toContain('\r');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('orders keys the same way whatever order the object has', () => {
    const shuffled = Object.fromEntries(Object.entries(base).reverse()) as unknown as EvalCase;
    const plan = base.plan ? Object.fromEntries(Object.entries(base.plan).reverse()) : undefined;
    expect(formatSuite(suiteOf({ ...shuffled, plan } as EvalCase))).toBe(
      formatSuite(suiteOf(base)),
    );
    const text = formatSuite(suiteOf(base));
    expect(text.indexOf('    id: c1')).toBeLessThan(text.indexOf('    question:'));
    expect(text.indexOf('      admin: allowed')).toBeLessThan(text.indexOf('      sales: allowed'));
  });

  it('reads back what it wrote, and writes it again byte for byte', () => {
    const text = formatSuite(
      suiteOf(base, { ...base, id: 'c2', alt_sql: ['SELECT 1'], alt_rows: [[[1]]] }),
    );
    const back = parseSuite(text, 'x.yaml');
    expect(back).toEqual(
      suiteOf(base, { ...base, id: 'c2', alt_sql: ['SELECT 1'], alt_rows: [[[1]]] }),
    );
    expect(formatSuite(back)).toBe(text);
  });

  it('writes an imported source on one line, kind first, and leaves out an absent approved', () => {
    const { approved: _, ...rest } = base;
    const imported: EvalCase = {
      ...rest,
      source: { line: 7, file: 'pairs.csv', kind: 'imported' },
      approved: false,
    };
    const text = formatSuite(suiteOf(imported, { ...rest, id: 'c2' }));
    expect(text).toContain(
      '    source: { kind: imported, file: pairs.csv, line: 7 }\n    approved: false\n',
    );
    const second = text.slice(text.indexOf('  - id: c2'));
    expect(second).toContain('    source: hand\n    tags:');
    expect(second).not.toContain('approved');
  });

  it("writes alt_reads after alt_sql, each entry laid out as a case's tables and columns", () => {
    const c: EvalCase = {
      ...base,
      alt_sql: ['SELECT name, tracks FROM genre_counts'],
      alt_reads: [
        { tables: ['genre_counts'], columns: ['genre_counts.name', 'genre_counts.tracks'] },
      ],
      alt_rows: [[['Rock', 1297]]],
    };
    const text = formatSuite({ name: 's', version: 1, cases: [c] });
    expect(text).toContain(
      [
        '    alt_sql:',
        '      - |-',
        '        SELECT name, tracks FROM genre_counts',
        '    alt_reads:',
        '      - tables: [ genre_counts ]',
        '        columns:',
        '          - genre_counts.name',
        '          - genre_counts.tracks',
        '    alt_rows:',
      ].join('\n'),
    );
    const back = parseSuite(text, 's.yaml');
    expect(back.cases[0]?.alt_reads).toEqual(c.alt_reads);
    expect(formatSuite(back)).toBe(text);
  });

  it('round-trips any suite byte for byte (property)', () => {
    const cell = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
      fc.string(),
    );
    const text = fc.string({ minLength: 1 });
    const sql = fc
      .array(fc.string({ unit: 'grapheme-ascii', minLength: 1 }), { minLength: 1, maxLength: 4 })
      .map((lines) => lines.join('\n'))
      .filter((q) => /\S/.test(q));
    const arbCase = fc.record({
      id: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/),
      question: text,
      tags: fc.uniqueArray(fc.constantFrom(...CASE_TAGS), { maxLength: 4 }),
      order_matters: fc.boolean(),
      sql,
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { maxLength: 4 }),
      alt: fc.array(sql, { maxLength: 2 }),
      notes: fc.option(text, { nil: undefined }),
      approved: fc.option(fc.boolean(), { nil: undefined }),
      source: fc.oneof(
        fc.constantFrom('hand' as const, 'harvested' as const),
        fc.record({
          kind: fc.constant('imported' as const),
          file: text,
          line: fc.integer({ min: 1, max: 1_000_000 }),
        }),
      ),
    });
    fc.assert(
      fc.property(fc.array(arbCase, { maxLength: 3 }), (cs) => {
        const suite = suiteOf(
          ...cs.map(
            ({ approved, ...c }): EvalCase => ({
              ...base,
              ...(approved === undefined ? { approved: undefined } : { approved }),
              source: c.source,
              id: c.id,
              question: c.question,
              tags: c.tags,
              order_matters: c.order_matters,
              sql: c.sql,
              rows: c.rows,
              ...(c.alt.length > 0 ? { alt_sql: c.alt, alt_rows: c.alt.map(() => c.rows) } : {}),
              ...(c.notes === undefined ? {} : { notes: c.notes }),
            }),
          ),
        );
        const written = formatSuite(suite);
        const back = parseSuite(written, 'p.yaml');
        // An absent `approved` is not written, so it reads back absent.
        expect(back).toEqual(JSON.parse(JSON.stringify(suite)));
        expect(formatSuite(back)).toBe(written);
      }),
      { numRuns: 500 },
    );
  });
});
