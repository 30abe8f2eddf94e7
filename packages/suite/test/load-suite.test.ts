import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EvalCase,
  isApproved,
  type LoadSuiteOptions,
  loadSuite,
  parseSuite,
  SUITE_MAX_BYTES,
  SUITE_REPARSE_MAX_BYTES,
  SuiteFormatError,
  sourceKind,
  sourceLocation,
} from '../src/index.js';
import { readYamlWithPositions } from '../src/positional-yaml-reader.js';

const GOOD = `name: demo
version: 1
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
    tables: [ Artist ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Artist
    rows:
      - [ 275 ]
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Artist }

  - id: c2
    question: What is the weather?
    datasource: chinook
    source: hand
    approved: true
    tags: [ unanswerable ]
    order_matters: false
    outcome:
      admin: unanswerable
    tables: []
    columns: []
`;

function formatError(text: string, options: LoadSuiteOptions = {}): SuiteFormatError {
  try {
    parseSuite(text, 'suites/demo.yaml', options);
  } catch (error) {
    if (error instanceof SuiteFormatError) return error;
    throw error;
  }
  throw new Error('expected a SuiteFormatError');
}

describe('parseSuite', () => {
  it('reads a case without approved (approved) and one imported from a pairs file', () => {
    const text = GOOD.replace('    approved: true\n', '').replace(
      '    source: hand\n    approved: true\n',
      '    source: { kind: imported, file: pairs.jsonl, line: 3 }\n    approved: false\n',
    );
    const suite = parseSuite(text, 'suites/demo.yaml');
    expect(suite.cases[0]?.approved).toBeUndefined();
    expect(isApproved(suite.cases[0] as EvalCase)).toBe(true);
    expect(suite.cases[1]?.source).toEqual({ kind: 'imported', file: 'pairs.jsonl', line: 3 });
    expect(isApproved(suite.cases[1] as EvalCase)).toBe(false);
    expect(suite.cases.map(sourceKind)).toEqual(['hand', 'imported']);
  });

  it('refuses an imported source without its line, or of an unknown kind, at its line', () => {
    const noLine = formatError(
      GOOD.replace('    source: hand\n', '    source: { kind: imported, file: p.csv }\n'),
    );
    expect(noLine.line).toBe(7);
    expect(noLine.caseId).toBe('c1');
    expect(noLine.field).toMatch(/^source/);
    const unknown = formatError(GOOD.replace('    source: hand\n', '    source: scraped\n'));
    expect(unknown.line).toBe(7);
    expect(unknown.field).toMatch(/^source/);
  });

  it('reads a valid suite', () => {
    const suite = parseSuite(GOOD, 'suites/demo.yaml');
    expect(suite.cases.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(suite.cases[0]?.rows).toEqual([[275]]);
    expect(suite.cases[1]?.sql).toBeUndefined();
  });

  it('names file, line, case and field for a tag that is not a word or key:value', () => {
    const e = formatError(
      GOOD.replace('[ single-table, aggregation ]', '[ single-table, agre gation ]'),
    );
    expect(e.code).toBe('SUITE_SCHEMA');
    expect(e.file).toBe('suites/demo.yaml');
    expect(e.line).toBe(9);
    expect(e.caseId).toBe('c1');
    expect(e.field).toBe('tags[1]');
    expect(e.message).toMatch(
      /^suites\/demo\.yaml:9, case c1, field tags\[1\]: must match pattern /,
    );
  });

  it('reports a missing field at the case that lacks it', () => {
    const e = formatError(
      GOOD.replace(
        '    order_matters: false\n    outcome:\n      admin: unanswerable',
        '    outcome:\n      admin: unanswerable',
      ),
    );
    expect(e.caseId).toBe('c2');
    expect(e.field).toBe('order_matters');
    expect(e.line).toBe(24);
    expect(e.problem).toBe("missing required field 'order_matters'");
  });

  it('reports an unknown field on the line of its key', () => {
    const e = formatError(
      GOOD.replace(
        '    datasource: chinook\n    source: hand\n    approved: true\n    tags: [ unanswerable ]',
        '    datasource: chinook\n    source: hand\n    approved: true\n    colour: red\n    tags: [ unanswerable ]',
      ),
    );
    expect(e.caseId).toBe('c2');
    expect(e.field).toBe('colour');
    expect(e.line).toBe(29);
  });

  it('points into the plan', () => {
    const e = formatError(GOOD.replace('func: count', 'func: median'));
    expect(e.caseId).toBe('c1');
    expect(e.field).toBe('plan.select[0].expr.func');
    expect(e.line).toBe(21);
    expect(e.problem).toBe('must be one of "count", "sum", "avg", "min", "max"');
  });

  it('names every kind a plan node may have when its kind is wrong', () => {
    const e = formatError(
      GOOD.replace('kind: aggregate, func: count', 'kind: aggregat, func: count'),
    );
    expect(e.field).toBe('plan.select[0].expr.kind');
    expect(e.problem).toMatch(/"column".*"aggregate"/);
  });

  // Regression: a plan node's own missing or unknown field was reported as a wrong `kind`
  // listing every other kind, because each union branch reported and the kind errors won.
  it("reports a plan node's missing or unknown field at that field, not as a wrong kind", () => {
    const missing = formatError(GOOD.replace('from: { table: Artist }', 'from: { alias: a }'));
    expect(missing.field).toBe('plan.from.table');
    expect(missing.problem).toBe("missing required field 'table'");
    const unknown = formatError(
      GOOD.replace('{ kind: aggregate, func: count }', '{ kind: aggregate, func: count, over: x }'),
    );
    expect(unknown.field).toBe('plan.select[0].expr.over');
    expect(unknown.problem).toBe("unknown field 'over'");
    expect(unknown.line).toBe(21);
    const column = formatError(
      GOOD.replace('{ kind: aggregate, func: count }', '{ kind: column, column: Name }'),
    );
    expect(column.field).toBe('plan.select[0].expr.table');
    expect(column.problem).toBe("missing required field 'table'");
  });

  it('says a plan node kind that is not a string must be one, and a missing one is missing', () => {
    const number = formatError(
      GOOD.replace('kind: aggregate, func: count', 'kind: 7, func: count'),
    );
    expect(number.field).toBe('plan.select[0].expr.kind');
    expect(number.problem).toBe('must be string');
    const none = formatError(GOOD.replace('kind: aggregate, func: count', 'func: count'));
    expect(none.field).toBe('plan.select[0].expr.kind');
    expect(none.problem).toBe("missing required field 'kind'");
  });

  it('reports an outcome outside allowed/refused/unanswerable', () => {
    const e = formatError(GOOD.replace('admin: allowed', 'admin: maybe'));
    expect(e.field).toBe('outcome.admin');
    expect(e.line).toBe(12);
    expect(e.problem).toMatch(/"allowed", "refused", "unanswerable"/);
  });

  it('refuses rows without sql', () => {
    const e = formatError(`${GOOD}    rows:\n      - [ 1 ]\n`);
    expect(e.caseId).toBe('c2');
    expect(e.problem).toBe("'rows' needs 'sql'");
  });

  it('reports YAML syntax errors with their line and no case', () => {
    const e = formatError(GOOD.replace('    tables: [ Artist ]', '    tables: [ Artist'));
    expect(e.code).toBe('SUITE_YAML');
    expect(e.line).toBeGreaterThanOrEqual(13);
    expect(e.caseId).toBeUndefined();
  });

  it('reports duplicate keys as YAML errors', () => {
    const e = formatError(
      GOOD.replace(
        '    source: hand\n    approved: true\n    tags: [ single',
        '    source: hand\n    source: hand\n    approved: true\n    tags: [ single',
      ),
    );
    expect(e.code).toBe('SUITE_YAML');
    expect(e.line).toBe(8);
  });

  it('uses the case position when the case has no id', () => {
    const e = formatError(GOOD.replace('  - id: c2\n', '  - ids: c2\n'));
    expect(e.caseId).toBe('#2');
  });

  it('never shows a stack trace', () => {
    const e = formatError(GOOD.replace('version: 1', 'version: 2'));
    expect(e.stack).toBe(`SuiteFormatError: ${e.message}`);
    expect(e.message).toBe('suites/demo.yaml:2, field version: must be 1');
  });
});

/** The 1-based line of the first `needle` in `text`. */
const lineOf = (text: string, needle: string): number =>
  text.slice(0, text.indexOf(needle)).split('\n').length;

async function loadError(path: string, options = {}): Promise<SuiteFormatError> {
  try {
    await loadSuite(path, options);
  } catch (error) {
    if (error instanceof SuiteFormatError) return error;
    throw error;
  }
  throw new Error('expected a SuiteFormatError');
}

describe('YAML a suite may not use', () => {
  // Regression: an alias crashed the loader with `ReferenceError: Alias resolution is disabled`.
  const anchored = GOOD.replace('tables: [ Artist ]', 'tables: &t [ Artist ]');
  const places: Array<[string, string]> = [
    ['a sequence', anchored.replace('    tables: []\n', '    tables: *t\n')],
    [
      'a scalar',
      GOOD.replace('datasource: chinook', 'datasource: &d chinook').replace(
        'datasource: chinook',
        'datasource: *d',
      ),
    ],
    [
      'a merge key',
      GOOD.replace('outcome:\n      admin: allowed', 'outcome: &o\n      admin: allowed').replace(
        'outcome:\n      admin: unanswerable',
        'outcome:\n      <<: *o',
      ),
    ],
  ];
  for (const [what, text] of places) {
    it(`refuses an alias to ${what} with its line, as a SuiteFormatError`, () => {
      const error = formatError(text);
      expect(error.code).toBe('SUITE_YAML');
      expect(error.line).toBe(text.slice(0, text.search(/\*[a-z]/)).split('\n').length);
      expect(error.message).toMatch(/^suites\/demo\.yaml:\d+: YAML alias \*[a-z]+ is not allowed/);
    });
  }

  it('accepts an anchor nobody refers to', () => {
    expect(parseSuite(anchored, 'demo.yaml').cases[0]?.tables).toEqual(['Artist']);
  });
});

describe('the suite size limit', () => {
  it('refuses text over the limit before parsing it', () => {
    const error = (() => {
      try {
        parseSuite(`${GOOD}# ${'x'.repeat(200)}\n`, 'big.yaml', { maxBytes: 100 });
      } catch (e) {
        return e as SuiteFormatError;
      }
    })();
    expect(error?.code).toBe('SUITE_TOO_LARGE');
    expect(error?.message).toMatch(/^big\.yaml: the suite is 0\.0 MiB, above the 0\.0 MiB limit/);
  });

  it('refuses a file over the limit from its size alone (a sparse 200 MiB file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'suite-size-'));
    const file = join(dir, 'huge.yaml');
    await writeFile(file, GOOD);
    await truncate(file, 200 * 1024 * 1024);
    const started = performance.now();
    const error = await loadError(file);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.code).toBe('SUITE_TOO_LARGE');
    expect(error.message).toContain('the suite is 200.0 MiB, above the 128.0 MiB limit');
    expect(error.message).toContain('about 10 bytes per byte');
    expect(SUITE_MAX_BYTES).toBe(128 * 1024 * 1024);
  });

  it('loads a file at the limit and refuses one byte more', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'suite-size-'));
    const file = join(dir, 'demo.yaml');
    await writeFile(file, GOOD);
    const bytes = Buffer.byteLength(GOOD);
    expect((await loadSuite(file, { maxBytes: bytes })).cases).toHaveLength(2);
    expect((await loadError(file, { maxBytes: bytes - 1 })).code).toBe('SUITE_TOO_LARGE');
  });

  it('refuses a directory as unreadable, not as a crash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'suite-dir-'));
    const error = await loadError(dir);
    expect(error.code).toBe('SUITE_READ');
    expect(error.message).toBe(`${dir}: cannot read the suite: it is a directory`);
  });
});

describe('case locations', () => {
  it('remembers the line of each case and of each of its keys', () => {
    const suite = parseSuite(GOOD, 'demo.yaml');
    const [c1, c2] = suite.cases;
    const at = (needle: string) => lineOf(GOOD, needle);
    expect(sourceLocation(c1 as object)).toEqual({
      file: 'demo.yaml',
      line: at('- id: c1'),
      fields: {
        id: at('- id: c1'),
        question: at('question: How many'),
        datasource: at('datasource:'),
        source: at(' source:'),
        approved: at('approved:'),
        tags: at('tags:'),
        order_matters: at('order_matters:'),
        outcome: at('outcome:'),
        tables: at('tables:'),
        columns: at('columns:'),
        sql: at('sql:'),
        rows: at('rows:'),
        plan: at('plan:'),
      },
    });
    expect(sourceLocation(c2 as object)?.line).toBe(at('- id: c2'));
  });

  it('finds every case at the line its text starts, whatever comes before it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 6 }), (blanks) => {
        // Cases separated by varying numbers of blank and comment lines.
        const one = GOOD.slice(GOOD.indexOf('  - id: c2'));
        let text = GOOD.slice(0, GOOD.indexOf('  - id: c1'));
        const starts: number[] = [];
        blanks.forEach((n, i) => {
          text += '\n'.repeat(n) + '  # a comment\n'.repeat(i % 2);
          starts.push(text.split('\n').length);
          text += one.replace('id: c2', `id: c${i}`);
        });
        const suite = parseSuite(text, 'x.yaml');
        expect(suite.cases.map((c) => sourceLocation(c)?.line)).toEqual(starts);
      }),
      { numRuns: 50 },
    );
  });

  it('knows no place for a case built in code', () => {
    expect(sourceLocation({ id: 'x' })).toBeUndefined();
  });
});

describe('the two readers', () => {
  // reparseMaxBytes 0: nothing is re-read with positions, so what loads was read fast.
  const fastOnly = { reparseMaxBytes: 0 };

  it('read the Chinook suite alike, every case at the same place', async () => {
    const text = await readFile(CHINOOK_SUITE_PATH, 'utf8');
    const fast = parseSuite(text, 'chinook.yaml', fastOnly);
    const positional = readYamlWithPositions(text, 'chinook.yaml');
    expect(fast).toEqual(positional.data);
    expect(fast.cases.map((c) => sourceLocation(c))).toEqual(
      positional.places('cases', 'chinook.yaml'),
    );
    expect(fast.plan_notes?.map((n) => sourceLocation(n))).toEqual(
      positional.places('plan_notes', 'chinook.yaml'),
    );
  });

  it('re-read a suite with a problem with positions up to 32 MiB', () => {
    expect(SUITE_REPARSE_MAX_BYTES).toBe(32 * 1024 * 1024);
    const bad = GOOD.replace('func: count', 'func: median');
    expect(formatError(bad).line).toBe(21);
    expect(formatError(bad, { reparseMaxBytes: Buffer.byteLength(bad) }).line).toBe(21);
    // One byte over: placed by the fast reader, at the case's `plan:` line (19).
    expect(formatError(bad, { reparseMaxBytes: Buffer.byteLength(bad) - 1 }).line).toBe(19);
  });
});

describe('a problem in a suite too large to re-read with positions', () => {
  const big = { reparseMaxBytes: 0 };
  const lineOf = (text: string, needle: string): number =>
    text.slice(0, text.indexOf(needle)).split('\n').length;

  it('is placed at the line of the case field that holds it', () => {
    const e = formatError(GOOD.replace('func: count', 'func: median'), big);
    expect(e.code).toBe('SUITE_SCHEMA');
    expect(e.message).toBe(
      `suites/demo.yaml:${lineOf(GOOD, 'plan:')}, case c1, field plan.select[0].expr.func: must be one of "count", "sum", "avg", "min", "max"`,
    );
  });

  it('names an unknown field at its own line and a missing one at the case', () => {
    const unknown = GOOD.replace(
      '    approved: true\n    tags: [ unanswerable ]',
      '    approved: true\n    colour: red\n    tags: [ unanswerable ]',
    );
    expect(formatError(unknown, big)).toMatchObject({
      line: lineOf(unknown, 'colour'),
      caseId: 'c2',
      field: 'colour',
    });
    const missing = GOOD.replace(
      '    order_matters: false\n    outcome:\n      admin: unanswerable',
      '    outcome:\n      admin: unanswerable',
    );
    expect(formatError(missing, big)).toMatchObject({
      line: lineOf(missing, '- id: c2'),
      caseId: 'c2',
      field: 'order_matters',
    });
    expect(formatError(GOOD.replace('version: 1', 'version: 2'), big).message).toBe(
      'suites/demo.yaml:2, field version: must be 1',
    );
  });

  it('explains the first case that is wrong, at its own place', () => {
    const both = GOOD.replace('func: count', 'func: median').replace(
      '    tags: [ unanswerable ]',
      '    tags: [ un answerable ]',
    );
    expect(formatError(both, big)).toMatchObject({
      caseId: 'c1',
      field: 'plan.select[0].expr.func',
    });
    const second = GOOD.replace('    tags: [ unanswerable ]', '    tags: [ un answerable ]');
    expect(formatError(second, big)).toMatchObject({
      caseId: 'c2',
      field: 'tags[0]',
      line: lineOf(second, 'un answerable'),
    });
  });

  it("reports YAML errors at the fast reader's line, duplicate keys included", () => {
    const e = formatError(GOOD.replace('    tables: [ Artist ]', '    tables: [ Artist'), big);
    expect(e.code).toBe('SUITE_YAML');
    expect(e.line).toBeGreaterThanOrEqual(13);
    const dup = formatError(
      GOOD.replace(
        '    source: hand\n    approved: true\n    tags: [ single',
        '    source: hand\n    source: hand\n    approved: true\n    tags: [ single',
      ),
      big,
    );
    expect(dup).toMatchObject({ code: 'SUITE_YAML', line: 8 });
    expect(dup.problem).toMatch(/duplicated mapping key/);
  });

  it('refuses YAML only the positional reader takes, saying why and where', () => {
    const text = GOOD.replace('tables: [ Artist ]', 'tables: &t [ Artist ]').replace(
      '    tables: []\n',
      '    tables: *t\n',
    );
    const e = formatError(text, big);
    expect(e.code).toBe('SUITE_YAML');
    expect(e.line).toBe(lineOf(text, '&t'));
    expect(e.problem).toMatch(
      /^an anchor \(&t\) needs the positional YAML reader, which reads suites up to 0\.0 MiB/,
    );
  });
});
