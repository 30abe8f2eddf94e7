// The case and suite formats are defined once (TypeBox); a typed case validates, a mistyped
// one does not compile, and the published documents refer to the plan's by $id.

import { PLAN_FORMAT } from '@nl2sql/plan';
import { describe, expect, it } from 'vitest';
import {
  CASE_FORMAT,
  CASE_JSON_SCHEMA,
  type EvalCase,
  type EvalSuite,
  SUITE_FORMAT,
  SUITE_JSON_SCHEMA,
} from '../src/index.js';

const answerable: EvalCase = {
  id: 'c1',
  question: 'How many artists are there?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['aggregation', 'single-table'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['Artist'],
  columns: [],
  sql: 'SELECT COUNT(*) FROM Artist',
  rows: [[275]],
  plan: { select: [{ expr: { kind: 'aggregate', func: 'count' } }], from: { table: 'Artist' } },
};

describe('the case and suite formats', () => {
  it('accept a typed case and suite', () => {
    expect(CASE_FORMAT.issues(answerable)).toEqual([]);
    const suite: EvalSuite = { name: 'demo', version: 1, cases: [answerable] };
    expect(SUITE_FORMAT.issues(suite)).toEqual([]);
  });

  it('refuse in the schema what the type refuses', () => {
    // A tag may be any word or key:value (issue 26), but not words with spaces in them.
    expect(CASE_FORMAT.check({ ...answerable, tags: ['difficulty:hard', 'agregation'] })).toBe(
      true,
    );
    expect(CASE_FORMAT.check({ ...answerable, tags: ['two words'] })).toBe(false);
    // @ts-expect-error: an outcome other than allowed, refused, unanswerable.
    const outcome: EvalCase['outcome'] = { admin: 'maybe' };
    expect(CASE_FORMAT.check({ ...answerable, outcome })).toBe(false);
  });

  it('check a case plan by the plan format itself, referred to by its $id', () => {
    expect((CASE_JSON_SCHEMA.properties as Record<string, { $ref?: string }>).plan?.$ref).toBe(
      PLAN_FORMAT.id,
    );
    expect(JSON.stringify(SUITE_JSON_SCHEMA)).toContain(CASE_FORMAT.id);
    const bad = { ...answerable, plan: { select: [], from: { table: 'Artist' } } };
    expect(CASE_FORMAT.issues(bad).map((i) => i.path)).toEqual([['plan', 'select']]);
  });

  it('keep the rules a schema can say beyond the type: no rows without sql', () => {
    const { sql: _sql, ...noSql } = answerable;
    expect(CASE_FORMAT.issues(noSql).map((i) => i.message)).toContain("'rows' needs 'sql'");
  });
});
