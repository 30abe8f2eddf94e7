import { describe, expect, it } from 'vitest';
import { parseSuite, SuiteFormatError } from '../src/index.js';

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

function formatError(text: string): SuiteFormatError {
  try {
    parseSuite(text, 'suites/demo.yaml');
  } catch (error) {
    if (error instanceof SuiteFormatError) return error;
    throw error;
  }
  throw new Error('expected a SuiteFormatError');
}

describe('parseSuite', () => {
  it('reads a valid suite', () => {
    const suite = parseSuite(GOOD, 'suites/demo.yaml');
    expect(suite.cases.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(suite.cases[0]?.rows).toEqual([[275]]);
    expect(suite.cases[1]?.sql).toBeUndefined();
  });

  it('names file, line, case and field for a tag outside the vocabulary', () => {
    const e = formatError(
      GOOD.replace('[ single-table, aggregation ]', '[ single-table, agregation ]'),
    );
    expect(e.code).toBe('SUITE_SCHEMA');
    expect(e.file).toBe('suites/demo.yaml');
    expect(e.line).toBe(9);
    expect(e.caseId).toBe('c1');
    expect(e.field).toBe('tags[1]');
    expect(e.message).toMatch(/^suites\/demo\.yaml:9, case c1, field tags\[1\]: must be one of /);
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
