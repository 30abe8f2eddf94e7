import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { type FastRead, outlinePlace, readYamlFast } from '../src/fast-yaml-reader.js';
import { type EvalCase, formatSuite } from '../src/index.js';
import { readYamlWithPositions } from '../src/positional-yaml-reader.js';

// The fast reader may step aside; whenever it does not, it must agree with the positional
// reader (the `yaml` library) on the data and on every place it reports.

type Positional = ReturnType<typeof readYamlWithPositions>;

function positional(text: string): Positional | Error {
  try {
    return readYamlWithPositions(text, 'x.yaml');
  } catch (error) {
    return error as Error;
  }
}

/** The outline's places in the positional reader's shape. */
function fastPlaces(read: FastRead & { ok: true }, key: string) {
  return (read.outline.items[key] ?? []).map((p) => p && { file: 'x.yaml', ...p });
}

/** Asserts the fast reader, if it reads `text`, reads it as `yaml` does. Returns whether it read it. */
function agrees(text: string): boolean {
  const fast = readYamlFast(text);
  if (!fast.ok) return false;
  const slow = positional(text);
  if (slow instanceof Error) throw new Error(`only the fast reader accepts:\n${text}\n${slow}`);
  expect(fast.data).toEqual(slow.data);
  for (const key of ['cases', 'plan_notes'])
    expect(fastPlaces(fast, key)).toEqual(slow.places(key, 'x.yaml'));
  return true;
}

const SUITE = `name: demo
version: 1
description: a suite
plan_notes:
  - case: c1
    note: "anti-join: LEFT JOIN"
cases:
  - id: c1
    question: How many artists are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
      sales: refused
    tables: [ Artist ]
    columns:
      - Artist.ArtistId
    sql: |-
      SELECT COUNT(*) FROM Artist
      WHERE Name <> 'x'
    rows:
      - [ 275, null, "2021-01-01", 1.5e3, -0.25 ]
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Artist }
      limit: 10

  - id: c2
    question: 'What is the weather?'
    datasource: chinook
    source: hand
    approved: false
    tags: [ unanswerable ]
    order_matters: false
    outcome: { admin: unanswerable }
    tables: []
    columns: []
    notes: >
      folded text
      over lines
`;

describe('readYamlFast on plain YAML', () => {
  it('reads a suite as the positional reader does, places included', () => {
    expect(agrees(SUITE)).toBe(true);
    const fast = readYamlFast(SUITE) as FastRead & { ok: true };
    expect(fast.outline.items.cases?.[1]?.line).toBe(SUITE.split('\n').indexOf('  - id: c2') + 1);
  });

  it('reads what formatSuite writes, whatever the text in it', () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 });
    const cell = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      text,
    );
    const kase = fc.record({
      question: text,
      sql: fc.option(text, { nil: undefined }),
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
      role: fc.stringMatching(/^[a-z][a-z_]{0,8}$/),
      note: fc.option(text, { nil: undefined }),
    });
    // Found by the property below: a note of one line break was written as `|+` and an SQL
    // text starting with a line break as a double-quoted text over two lines; the fast
    // reader declines both, so the writer now writes such text on one line, double-quoted.
    const edge = (id: string, question: string, extra: Partial<EvalCase>): EvalCase => ({
      id,
      question,
      datasource: 'db',
      source: 'hand',
      approved: true,
      tags: [],
      order_matters: false,
      outcome: { a: extra.sql === undefined ? 'unanswerable' : 'allowed' },
      tables: [],
      columns: [],
      ...extra,
    });
    for (const c of [
      edge('c0', '\u0000', { notes: '\n' }),
      edge('c1', 'q', { sql: '\n\u0000\u0000', rows: [] }),
      edge('c2', 'q', { sql: 'SELECT 1\n\n', rows: [] }),
      edge('c3', '  indented\nquestion', { notes: 'a\n' }),
      // Found by the property (seed 285847945): U+FFFE and U+FFFF (and C1 controls) were
      // written raw in plain and block text, where YAML calls them non-printable.
      edge('c4', '\uFFFE', { sql: 'SELECT \uFFFF\nFROM t', rows: [['\x80', 'a\x9Fb']] }),
      edge('c5', 'q\x7F', { sql: '\uFFFE', rows: [], notes: 'n\u0084' }),
      // Found by the property (seed 1058192428): a row cell with a line break inside was
      // folded over several lines in its flow sequence.
      edge('c6', 'q', {
        sql: 'SELECT 1',
        rows: [
          ['a\n\n   b', null],
          ['x\ry', 'p\r\nq'],
        ],
      }),
    ]) {
      const written = formatSuite({ name: 'edge', version: 1, cases: [c] });
      expect(agrees(written)).toBe(true);
      expect((readYamlFast(written) as { data: { cases: unknown[] } }).data.cases[0]).toEqual(c);
    }
    fc.assert(
      fc.property(fc.array(kase, { minLength: 1, maxLength: 4 }), (cases) => {
        const suite = {
          name: 'gen',
          version: 1 as const,
          cases: cases.map((c, i): EvalCase => {
            const answerable = c.sql !== undefined && c.sql.trim() !== '';
            return {
              id: `c${i}`,
              question: c.question,
              datasource: 'db',
              source: 'hand',
              approved: true,
              tags: [],
              order_matters: false,
              outcome: { [c.role]: answerable ? 'allowed' : 'unanswerable' },
              tables: [],
              columns: [],
              ...(answerable ? { sql: c.sql, rows: c.rows } : {}),
              ...(c.note === undefined ? {} : { notes: c.note }),
            };
          }),
        };
        const written = formatSuite(suite);
        expect(agrees(written)).toBe(true);
        expect((readYamlFast(written) as { data: unknown }).data).toEqual(parse(written));
      }),
      { numRuns: 300 },
    );
  });

  it('reads every plain scalar as yaml does: numbers, booleans, nulls and near misses', () => {
    const scalars = [
      ...['0', '-0', '+12', '007', '0o17', '0o8', '0x1F', '0X1F', '-0x1F', '0b101', '1_000'],
      ...['1.5', '.5', '+.5', '1.', '-1.e3', '1e3', '1E-3', '.5e3', '1.5e', '12345678901234567890'],
      ...['.inf', '-.Inf', '+.INF', '.nan', '.NaN', '.NAN', 'inf', 'nan', '.Nan'],
      ...['true', 'True', 'TRUE', 'tRUE', 'yes', 'on', 'false', 'FALSE', 'n', 'off'],
      ...['null', 'Null', 'NULL', 'nULL', '~', '', 'None', '2021-01-01', '12:30:00', '1:20'],
    ];
    for (const s of scalars) {
      const text = `v: ${s}\n`;
      const fast = readYamlFast(text) as FastRead & { ok: true };
      expect(fast.ok, s).toBe(true);
      expect(Object.is((fast.data as { v: unknown }).v, parse(text).v), s).toBe(true);
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[-+.0-9eExXoObINFinfaANlLuUtTrRsS_~]{1,8}$/), (s) => {
        const text = `v: ${s}\n`;
        const fast = readYamlFast(text);
        if (!fast.ok) return;
        expect(Object.is((fast.data as { v: unknown }).v, parse(text).v)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('places each case and key on its line through comments, blank lines and other indents', () => {
    const layouts = [
      SUITE,
      SUITE.replace(/^ {2}/gm, ''), // sequence items at the key's indent
      // items indented under their key, their keys two further
      SUITE.replace(/^( {2,})(- |\S)/gm, (_, indent: string, rest: string) =>
        indent === '  ' && rest === '- ' ? `    ${rest}` : `${indent}  ${rest}`,
      ),
      SUITE.replace(/^( {2,})/gm, '$1  '), // everything below the top two further in
      SUITE.replace('  - id: c2', '  # a comment\n\n  -\n    id: c2'), // item content on the next line
      SUITE.replace(/\n/g, '\r\n'), // CRLF
      `# leading comment\n---\n${SUITE}...\n`,
    ];
    for (const text of layouts) expect(agrees(text), text).toBe(true);
  });
});

describe('readYamlFast steps aside', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'an anchor, even unused',
      SUITE.replace('tables: [ Artist ]', 'tables: &t [ Artist ]'),
      /anchor/,
    ],
    ['an alias', SUITE.replace('tables: []', 'tables: *t'), /./],
    ['an explicit tag', SUITE.replace('datasource: chinook', 'datasource: !!str chinook'), /tag/],
    ['a non-specific tag', SUITE.replace('datasource: chinook', 'datasource: ! chinook'), /tag/],
    ['a %YAML directive', `%YAML 1.1\n---\n${SUITE}`, /%YAML/],
    [
      'a null key (`~` is "" to yaml)',
      SUITE.replace('admin: unanswerable', '~: unanswerable'),
      /key/,
    ],
    ['a number key', SUITE.replace('sales: refused', '1: refused'), /key/],
    ['a flow sequence key', SUITE.replace('sales: refused', '[a]: refused'), /key/],
    [
      'an explicit key',
      SUITE.replace('      sales: refused', '      ? sales\n      : refused'),
      /key/,
    ],
    [
      'an explicit key with no value',
      SUITE.replace('      sales: refused', '      ? sales'),
      /key/,
    ],
    [
      'a quoted text over lines',
      SUITE.replace('"anti-join: LEFT JOIN"', '"anti-join:\n      LEFT JOIN"'),
      /lines/,
    ],
    [
      'a plain text over lines',
      SUITE.replace('question: How many', 'question: How\n      many'),
      /lines/,
    ],
    [
      'a flow sequence over lines',
      SUITE.replace('[ Artist ]', '[ Artist,\n      Album ]'),
      /lines/,
    ],
    [
      'a comment right after a bracket',
      SUITE.replace('func: count }', 'func: count }#x'),
      /comment/,
    ],
    [
      'a comment right after a quote',
      SUITE.replace(`'What is the weather?'`, `'What is the weather?'#x`),
      /comment/,
    ],
    [
      'a tab-indented comment after a block scalar',
      SUITE.replace('      WHERE Name', '    \t# x\n      WHERE Name'),
      /tab/,
    ],
    ['a tab opening a line', SUITE.replace('columns: []\n', 'columns: []\n\t\n'), /tab/],
    ['a carriage return alone', SUITE.replace('version: 1\n', 'version: 1\r'), /carriage/],
    [
      'a comment line, less indented, between a key and its text (yaml refuses it)',
      SUITE.replace(
        '    sql: |-\n      SELECT COUNT(*) FROM Artist\n',
        '    sql:\n#*      SELECT COUNT(*) FROM Artist\n',
      ),
      /comment between a key/,
    ],
    ['a keep block scalar', SUITE.replace('sql: |-', 'sql: |+'), /block scalar/],
    [
      'a block scalar with an indentation indicator',
      SUITE.replace('sql: |-', 'sql: |2-'),
      /block scalar/,
    ],
    ['a pair inside a flow sequence', SUITE.replace('[ Artist ]', '[ Artist: 1 ]'), /sequence/],
    [
      'a case in flow style',
      SUITE.replace(/ {2}- id: c2[\s\S]*$/, '  - { id: c2 }\n'),
      /flow style/,
    ],
  ];
  for (const [what, text, problem] of cases) {
    it(`for ${what}`, () => {
      const fast = readYamlFast(text);
      expect(fast.ok).toBe(false);
      if (!fast.ok && what !== 'an alias') {
        expect(fast.kind).toBe('unsupported');
        expect(fast.problem).toMatch(problem);
      }
    });
  }

  it('reports a YAML error with its line and column', () => {
    const fast = readYamlFast('a: [1, 2\nb: 3\n');
    expect(fast).toMatchObject({ ok: false, kind: 'yaml', line: expect.any(Number) });
  });
});

describe('readYamlFast against yaml on damaged suites', () => {
  // Random edits with the characters that make YAML what it is. Whatever the fast reader
  // accepts, yaml must accept with the same data and places.
  const alphabet = [...' \n-:#[]{},&*!|>\'"?%@`\t~0a'];
  it('never accepts what yaml refuses, nor reads it differently', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.nat({ max: SUITE.length - 1 }),
            cut: fc.nat({ max: 3 }),
            put: fc.array(fc.constantFrom(...alphabet), { maxLength: 3 }).map((a) => a.join('')),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (edits) => {
          let text = SUITE;
          for (const e of edits) text = text.slice(0, e.at) + e.put + text.slice(e.at + e.cut);
          if (agrees(text)) read++;
        },
      ),
      { numRuns: 3000 },
    );
    // About a third of the edits leave a readable suite (observed 999-1071 of 3000): the
    // property is not passing by reading nothing. The guard sits far below that spread, so a
    // random draw cannot fail it, and far above zero.
    expect(read).toBeGreaterThan(600);
  });
});

describe('readYamlFast against yaml on random YAML', () => {
  // Fragments of YAML syntax, alone or under a key or a list item.
  const pieces = [
    ' ',
    ' ',
    '\n',
    '- ',
    ': ',
    ':',
    '#',
    '[',
    ']',
    '{',
    '}',
    ',',
    '"',
    "'",
    '|',
    '>',
  ];
  const more = [
    '?',
    '\\',
    'a',
    'b',
    '1',
    '.',
    '-',
    '~',
    'x: ',
    '  ',
    '\t',
    'é',
    '%',
    '!',
    '&',
    '*',
  ];
  const blocks = ['|-\n', '>+\n', '|2\n', '\r\n', '\r'];
  const prefixes = ['', 'k: ', '- ', 'k:\n  ', 'k:\n  - a: '];
  it('never accepts what yaml refuses, nor reads it differently', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.array(fc.constantFrom(...pieces, ...more, ...blocks), { maxLength: 40 }),
        (prefix, parts) => {
          const body = parts.join('');
          const text = prefix + (prefix.includes('\n') ? body.replace(/\n/g, '\n  ') : body);
          const fast = readYamlFast(text);
          if (!fast.ok) return;
          const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
          expect(doc.errors.map((e) => e.message)).toEqual([]);
          expect(fast.data ?? null).toEqual(doc.toJS({ maxAliasCount: 0 }) ?? null);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('outlinePlace', () => {
  it('places a path at its case, its field, or its top-level key', () => {
    const fast = readYamlFast(SUITE) as FastRead & { ok: true };
    const lineOf = (needle: string) => SUITE.slice(0, SUITE.indexOf(needle)).split('\n').length;
    expect(outlinePlace(fast.outline, [])).toEqual({ line: 1 });
    expect(outlinePlace(fast.outline, ['version'])).toEqual({ line: 2 });
    expect(outlinePlace(fast.outline, ['cases', 1])).toEqual({ line: lineOf('- id: c2') });
    expect(outlinePlace(fast.outline, ['cases', 0, 'tags', 1])).toEqual({
      line: lineOf('tags: [ single'),
    });
    expect(outlinePlace(fast.outline, ['cases', 0, 'colour'])).toEqual({
      line: lineOf('- id: c1'),
    });
    expect(outlinePlace(fast.outline, ['plan_notes', 0, 'note'])).toEqual({ line: 6 });
    expect(outlinePlace(fast.outline, ['nothing'])).toBeUndefined();
  });
});

describe('readYamlFast on large suites', () => {
  /** A suite of `n` cases, each with SQL over two lines and a question over two lines. */
  const suiteOf = (n: number): string =>
    formatSuite({
      name: 'large',
      version: 1,
      cases: Array.from(
        { length: n },
        (_, i): EvalCase => ({
          id: `c${i}`,
          question: `How many rows does table ${i} have?`,
          datasource: 'db',
          source: 'hand',
          approved: true,
          tags: [],
          order_matters: false,
          outcome: { admin: 'allowed' },
          tables: [`t${i}`],
          columns: [],
          sql: `SELECT COUNT(*)\nFROM t${i}`,
          rows: [[i]],
        }),
      ),
    });
  const cpuMs = (work: () => void): number => {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };

  it('reads in time linear in the size of the text', () => {
    // Regression: a search for a comment ran back over the whole text before each text over
    // several lines (with no '#' in the file), so 10,000 cases took 30 s instead of 2.
    const small = suiteOf(2_000);
    const large = suiteOf(8_000);
    expect(readYamlFast(small).ok).toBe(true);
    const smallMs = Math.min(...[1, 2, 3].map(() => cpuMs(() => readYamlFast(small))));
    const largeMs = Math.min(...[1, 2].map(() => cpuMs(() => readYamlFast(large))));
    // Linear: about 4 times the time for 4 times the text; quadratic would be 16.
    expect(largeMs / smallMs).toBeLessThan(9);
  });
});
