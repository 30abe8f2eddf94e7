import { describe, expect, it } from 'vitest';
import { validatePlan } from '../src/index.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';

const shape = (plan: unknown) =>
  validatePlan(plan, CHINOOK_SCHEMA).map((e) => ({ path: e.path, message: e.message }));

const base = {
  select: [{ expr: { kind: 'column', table: 'c', column: 'City' } }],
  from: { table: 'Customer', alias: 'c' },
};

describe('shape errors (ajv against PLAN_JSON_SCHEMA)', () => {
  it('rejects non-objects and names missing top-level fields', () => {
    expect(shape(null)).toEqual([{ path: '', message: 'must be object; got null' }]);
    expect(shape([])).toEqual([{ path: '', message: 'must be object; got array' }]);
    expect(shape({})).toEqual([
      { path: '/select', message: "missing required field 'select'" },
      { path: '/from', message: "missing required field 'from'" },
    ]);
  });

  it('reports only the union branch the plan chose, at the offending field', () => {
    expect(shape({ ...base, select: [{ expr: { kind: 'column', table: 'c' } }] })).toEqual([
      { path: '/select/0/expr/column', message: "missing required field 'column'" },
    ]);
    expect(
      shape({
        ...base,
        where: {
          kind: 'between',
          expr: { kind: 'column', table: 'c', column: 'City' },
          low: { kind: 'literal', value: 1 },
        },
      }),
    ).toEqual([{ path: '/where/high', message: "missing required field 'high'" }]);
  });

  it('names an unknown kind and lists the kinds allowed there', () => {
    expect(shape({ ...base, select: [{ expr: { kind: 'window', over: [] } }] })).toEqual([
      {
        path: '/select/0/expr/kind',
        message:
          'unknown kind "window" (expected one of: column, literal, aggregate, arithmetic, round, date_part, concat, case, cast)',
      },
    ]);
    expect(shape({ ...base, where: { op: '=' } })).toEqual([
      {
        path: '/where/kind',
        message:
          "missing or non-string 'kind' (expected one of: compare, in, between, like, is_null, and, or, not)",
      },
    ]);
  });

  it('refuses subqueries: unknown fields are errors at their own path', () => {
    expect(shape({ ...base, from: { table: 'Customer', subquery: { select: [] } } })).toEqual([
      { path: '/from/subquery', message: "unknown field 'subquery' (allowed: table, alias)" },
    ]);
  });

  it('checks enums, types, integer limits and emptiness', () => {
    expect(
      shape({
        ...base,
        select: [],
        order_by: [{ kind: 'alias', alias: 'x', direction: 'descending' }],
        limit: 2.5,
        distinct: 'yes',
      }),
    ).toEqual([
      { path: '/select', message: 'must NOT have fewer than 1 items' },
      { path: '/distinct', message: 'must be boolean or null; got string' },
      { path: '/order_by/0/direction', message: 'must be one of: "asc", "desc"; got "descending"' },
      { path: '/limit', message: 'must be integer or null; got number' },
    ]);
  });

  it('checks nested nullable fields and join conditions', () => {
    expect(
      shape({
        ...base,
        joins: [
          {
            kind: 'outer',
            table: 'Invoice',
            on: [
              {
                left: { kind: 'literal', value: 1 },
                right: { kind: 'column', table: 'c', column: 'CustomerId' },
              },
            ],
          },
        ],
        where: { kind: 'like', expr: { kind: 'column', table: 'c', column: 'City' }, pattern: 5 },
      }),
    ).toEqual([
      { path: '/joins/0/kind', message: 'must be one of: "inner", "left"; got "outer"' },
      { path: '/joins/0/on/0/left/table', message: "missing required field 'table'" },
      { path: '/joins/0/on/0/left/column', message: "missing required field 'column'" },
      {
        path: '/joins/0/on/0/left/value',
        message: "unknown field 'value' (allowed: kind, table, column)",
      },
      { path: '/joins/0/on/0/left/kind', message: 'must be one of: "column"; got "literal"' },
      { path: '/where/pattern', message: 'must be string; got number' },
    ]);
  });

  it('escapes invented field names in the path and reports a bad literal once', () => {
    expect(shape({ ...base, 'sub/query~': 1 })).toEqual([
      {
        path: '/sub~1query~0',
        message:
          "unknown field 'sub/query~' (allowed: select, from, distinct, joins, where, group_by, having, order_by, limit, offset)",
      },
    ]);
    expect(shape({ ...base, select: [{ expr: { kind: 'literal', value: [1] } }] })).toEqual([
      {
        path: '/select/0/expr/value',
        message: 'must be string or number or boolean or null; got array',
      },
    ]);
  });

  it('marks every shape error SHAPE', () => {
    expect(
      new Set(validatePlan({ select: 1, from: 2 }, CHINOOK_SCHEMA).map((e) => e.code)),
    ).toEqual(new Set(['SHAPE']));
  });
});
