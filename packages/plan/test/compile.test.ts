import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Condition,
  compilePlan,
  type DatePartName,
  type Dialect,
  type Expr,
  PlanCompileError,
  type PlanModel,
} from '../src/index.js';
import { validPlan } from './arbitrary-plan.js';
import { col, lit, planOf } from './plan-builders.js';

const both = (plan: PlanModel) => ({
  sqlite: compilePlan(plan, 'sqlite'),
  postgres: compilePlan(plan, 'postgres'),
});

/** The SELECT line of a one-item plan. */
const selected = (expr: Expr, dialect: Dialect): string =>
  compilePlan(planOf(expr), dialect).split('\n')[0]!.slice('SELECT '.length);

/** The WHERE line of a plan filtering on the condition. */
const filtered = (where: Condition, dialect: Dialect): string =>
  compilePlan(planOf(col('t', 'a'), { where }), dialect)
    .split('\n')[2]!
    .slice('WHERE '.length);

const expectBoth = (
  render: (dialect: Dialect) => string,
  sqlite: string,
  postgres: string = sqlite,
): void => {
  expect({ sqlite: render('sqlite'), postgres: render('postgres') }).toEqual({ sqlite, postgres });
};

describe('compilePlan: clauses', () => {
  it('writes SELECT and FROM with every identifier quoted', () => {
    const plan: PlanModel = {
      select: [{ expr: col('Artist', 'Name') }],
      from: { table: 'Artist' },
    };
    expect(both(plan)).toEqual({
      sqlite: 'SELECT "Artist"."Name"\nFROM "Artist"',
      postgres: 'SELECT "Artist"."Name"\nFROM "Artist"',
    });
  });

  it('writes select aliases, table aliases and DISTINCT', () => {
    const plan: PlanModel = {
      distinct: true,
      select: [
        { expr: col('c', 'Country'), alias: 'country' },
        { expr: col('c', 'City'), alias: null },
      ],
      from: { table: 'Customer', alias: 'c' },
    };
    const sql = 'SELECT DISTINCT "c"."Country" AS "country", "c"."City"\nFROM "Customer" AS "c"';
    expect(both(plan)).toEqual({ sqlite: sql, postgres: sql });
  });

  it('doubles embedded double quotes in identifiers', () => {
    const plan: PlanModel = {
      select: [{ expr: col('we"ird', 'select'), alias: 'a "b"' }],
      from: { table: 'my table', alias: 'we"ird' },
    };
    expect(compilePlan(plan, 'postgres')).toBe(
      'SELECT "we""ird"."select" AS "a ""b"""\nFROM "my table" AS "we""ird"',
    );
  });

  it('writes INNER and LEFT joins with ANDed key conditions and comparison operators', () => {
    const plan: PlanModel = {
      select: [{ expr: col('t', 'Name') }],
      from: { table: 'Track', alias: 't' },
      joins: [
        {
          kind: 'inner',
          table: 'Album',
          alias: 'al',
          on: [{ left: col('al', 'AlbumId'), right: col('t', 'AlbumId') }],
        },
        {
          kind: 'left',
          table: 'Track',
          alias: 'longer',
          on: [
            { left: col('longer', 'GenreId'), op: '=', right: col('t', 'GenreId') },
            { left: col('longer', 'Milliseconds'), op: '>', right: col('t', 'Milliseconds') },
          ],
        },
      ],
      where: { kind: 'is_null', expr: col('longer', 'TrackId') },
    };
    const sql = [
      'SELECT "t"."Name"',
      'FROM "Track" AS "t"',
      'INNER JOIN "Album" AS "al" ON "al"."AlbumId" = "t"."AlbumId"',
      'LEFT JOIN "Track" AS "longer" ON "longer"."GenreId" = "t"."GenreId" AND "longer"."Milliseconds" > "t"."Milliseconds"',
      'WHERE "longer"."TrackId" IS NULL',
    ].join('\n');
    expect(both(plan)).toEqual({ sqlite: sql, postgres: sql });
  });

  it('writes GROUP BY, HAVING and ORDER BY by expression and by alias', () => {
    const plan: PlanModel = {
      select: [
        { expr: col('i', 'BillingCountry'), alias: 'country' },
        { expr: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') }, alias: 'revenue' },
      ],
      from: { table: 'Invoice', alias: 'i' },
      group_by: [col('i', 'BillingCountry')],
      having: {
        kind: 'compare',
        op: '>=',
        left: { kind: 'aggregate', func: 'count' },
        right: lit(10),
      },
      order_by: [
        { kind: 'alias', alias: 'revenue', direction: 'desc' },
        { kind: 'expr', expr: col('i', 'BillingCountry') },
      ],
    };
    const head = [
      'SELECT "i"."BillingCountry" AS "country", SUM("i"."Total") AS "revenue"',
      'FROM "Invoice" AS "i"',
      'GROUP BY "i"."BillingCountry"',
      'HAVING COUNT(*) >= 10',
    ];
    expect(both(plan)).toEqual({
      sqlite: [...head, 'ORDER BY "revenue" DESC, "i"."BillingCountry" ASC'].join('\n'),
      // PostgreSQL spells out SQLite's NULL order (smallest) so both return the same rows.
      postgres: [
        ...head,
        'ORDER BY "revenue" DESC NULLS LAST, "i"."BillingCountry" ASC NULLS FIRST',
      ].join('\n'),
    });
  });

  it('writes LIMIT and OFFSET', () => {
    expect(both(planOf(col('t', 'a'), { limit: 10, offset: 20 }))).toEqual({
      sqlite: 'SELECT "t"."a"\nFROM "T" AS "t"\nLIMIT 10\nOFFSET 20',
      postgres: 'SELECT "t"."a"\nFROM "T" AS "t"\nLIMIT 10\nOFFSET 20',
    });
    expect(both(planOf(col('t', 'a'), { limit: 0 })).postgres).toBe(
      'SELECT "t"."a"\nFROM "T" AS "t"\nLIMIT 0',
    );
  });

  it('writes OFFSET without LIMIT as LIMIT -1 on SQLite, which requires a LIMIT', () => {
    expect(both(planOf(col('t', 'a'), { offset: 5, limit: null }))).toEqual({
      sqlite: 'SELECT "t"."a"\nFROM "T" AS "t"\nLIMIT -1\nOFFSET 5',
      postgres: 'SELECT "t"."a"\nFROM "T" AS "t"\nOFFSET 5',
    });
  });

  it('treats null optional fields like absent ones', () => {
    const explicit: PlanModel = {
      select: [{ expr: col('t', 'a'), alias: null }],
      distinct: null,
      from: { table: 'T', alias: 't' },
      joins: null,
      where: null,
      group_by: null,
      having: null,
      order_by: null,
      limit: null,
      offset: null,
    };
    expect(both(explicit)).toEqual(both(planOf(col('t', 'a'))));
    expect(both(planOf(col('t', 'a'), { joins: [], group_by: [], order_by: [] }))).toEqual(
      both(planOf(col('t', 'a'))),
    );
  });
});

describe('compilePlan: literals', () => {
  it('escapes single quotes and keeps backslashes and unicode as written', () => {
    expectBoth((d) => selected(lit("O'Brien"), d), "'O''Brien'");
    expectBoth((d) => selected(lit('a\\b'), d), "'a\\b'", "E'a\\\\b'");
    expectBoth((d) => selected(lit('Żółć — 東京'), d), "'Żółć — 東京'");
    expectBoth((d) => selected(lit("'; DROP TABLE x; --"), d), "'''; DROP TABLE x; --'");
  });

  it('writes numbers, parenthesising negatives', () => {
    expectBoth((d) => selected(lit(42), d), '42');
    expectBoth((d) => selected(lit(0.99), d), '0.99');
    expectBoth((d) => selected(lit(-3), d), '(-3)');
    expectBoth((d) => selected(lit(-0), d), '0');
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '-', left: col('t', 'a'), right: lit(-1) }, d),
      '"t"."a" - (-1)',
    );
  });

  it('writes booleans as 1/0 on SQLite and TRUE/FALSE on PostgreSQL, and NULL', () => {
    expectBoth((d) => selected(lit(true), d), '1', 'TRUE');
    expectBoth((d) => selected(lit(false), d), '0', 'FALSE');
    expectBoth((d) => selected(lit(null), d), 'NULL');
  });
});

describe('compilePlan: expressions', () => {
  it('writes COUNT(*), COUNT(DISTINCT x) and the other aggregates', () => {
    expectBoth((d) => selected({ kind: 'aggregate', func: 'count' }, d), 'COUNT(*)');
    expectBoth(
      (d) => selected({ kind: 'aggregate', func: 'count', arg: null, distinct: false }, d),
      'COUNT(*)',
    );
    expectBoth(
      (d) => selected({ kind: 'aggregate', func: 'count', arg: col('t', 'a'), distinct: true }, d),
      'COUNT(DISTINCT "t"."a")',
    );
    for (const func of ['sum', 'avg', 'min', 'max'] as const) {
      expectBoth(
        (d) => selected({ kind: 'aggregate', func, arg: col('t', 'a') }, d),
        `${func.toUpperCase()}("t"."a")`,
      );
    }
    expectBoth(
      (d) => selected({ kind: 'aggregate', func: 'sum', arg: col('t', 'a'), distinct: true }, d),
      'SUM(DISTINCT "t"."a")',
    );
  });

  it('parenthesises arithmetic only where precedence needs it', () => {
    const a = col('t', 'a');
    const b = col('t', 'b');
    const c = col('t', 'c');
    const sum: Expr = { kind: 'arithmetic', op: '+', left: a, right: b };
    const product: Expr = { kind: 'arithmetic', op: '*', left: a, right: b };
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '*', left: sum, right: c }, d),
      '("t"."a" + "t"."b") * "t"."c"',
    );
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '+', left: product, right: c }, d),
      '"t"."a" * "t"."b" + "t"."c"',
    );
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '-', left: c, right: sum }, d),
      '"t"."c" - ("t"."a" + "t"."b")',
    );
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '-', left: sum, right: c }, d),
      '"t"."a" + "t"."b" - "t"."c"',
    );
    expectBoth(
      (d) =>
        selected(
          {
            kind: 'arithmetic',
            op: '*',
            left: c,
            right: { kind: 'arithmetic', op: '/', left: a, right: b },
          },
          d,
        ),
      '"t"."c" * ("t"."a" / "t"."b")',
    );
  });

  it('writes ROUND, casting to NUMERIC on PostgreSQL where round(double, int) does not exist', () => {
    const avg: Expr = { kind: 'aggregate', func: 'avg', arg: col('t', 'a') };
    expectBoth(
      (d) => selected({ kind: 'round', arg: avg, digits: 2 }, d),
      'ROUND(AVG("t"."a"), 2)',
      'ROUND(CAST(AVG("t"."a") AS NUMERIC), 2)',
    );
    expectBoth(
      (d) => selected({ kind: 'round', arg: col('t', 'a') }, d),
      'ROUND("t"."a", 0)',
      'ROUND(CAST("t"."a" AS NUMERIC), 0)',
    );
  });

  it('writes every date part: strftime on SQLite, EXTRACT/to_char on PostgreSQL', () => {
    const d0 = col('i', 'InvoiceDate');
    const cases: Array<[DatePartName, string, string]> = [
      [
        'year',
        `CAST(strftime('%Y', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(YEAR FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'quarter',
        `((CAST(strftime('%m', "i"."InvoiceDate") AS INTEGER) + 2) / 3)`,
        'CAST(EXTRACT(QUARTER FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'month',
        `CAST(strftime('%m', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(MONTH FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'day',
        `CAST(strftime('%d', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(DAY FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'day_of_week',
        `CAST(strftime('%w', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(DOW FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'hour',
        `CAST(strftime('%H', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(HOUR FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'minute',
        `CAST(strftime('%M', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(EXTRACT(MINUTE FROM "i"."InvoiceDate") AS INTEGER)',
      ],
      [
        'second',
        `CAST(strftime('%S', "i"."InvoiceDate") AS INTEGER)`,
        'CAST(FLOOR(EXTRACT(SECOND FROM "i"."InvoiceDate")) AS INTEGER)',
      ],
      [
        'year_month',
        `strftime('%Y-%m', "i"."InvoiceDate")`,
        `to_char("i"."InvoiceDate", 'YYYY-MM')`,
      ],
      [
        'date',
        `strftime('%Y-%m-%d', "i"."InvoiceDate")`,
        `to_char("i"."InvoiceDate", 'YYYY-MM-DD')`,
      ],
    ];
    for (const [part, sqlite, postgres] of cases) {
      expectBoth((d) => selected({ kind: 'date_part', part, arg: d0 }, d), sqlite, postgres);
    }
  });

  it('keeps quarter atomic when it is an operand', () => {
    const quarter: Expr = { kind: 'date_part', part: 'quarter', arg: col('i', 'InvoiceDate') };
    expect(selected({ kind: 'arithmetic', op: '/', left: lit(12), right: quarter }, 'sqlite')).toBe(
      `12 / ((CAST(strftime('%m', "i"."InvoiceDate") AS INTEGER) + 2) / 3)`,
    );
  });

  it('writes concatenation with ||, parenthesising arithmetic on either side', () => {
    const name: Expr = {
      kind: 'concat',
      parts: [col('c', 'FirstName'), lit(' '), col('c', 'LastName')],
    };
    expectBoth((d) => selected(name, d), `"c"."FirstName" || ' ' || "c"."LastName"`);
    const mixed: Expr = {
      kind: 'concat',
      parts: [lit('#'), { kind: 'arithmetic', op: '+', left: col('t', 'a'), right: lit(1) }],
    };
    // SQLite binds || tighter than +, PostgreSQL looser: the parentheses make both agree.
    expectBoth((d) => selected(mixed, d), `'#' || ("t"."a" + 1)`);
    expectBoth(
      (d) => selected({ kind: 'arithmetic', op: '*', left: mixed, right: lit(2) }, d),
      `('#' || ("t"."a" + 1)) * 2`,
    );
  });

  it('writes searched CASE with and without ELSE', () => {
    const size: Expr = {
      kind: 'case',
      branches: [
        {
          when: { kind: 'compare', op: '<', left: col('t', 'Milliseconds'), right: lit(180000) },
          result: lit('short'),
        },
        {
          when: { kind: 'compare', op: '<', left: col('t', 'Milliseconds'), right: lit(360000) },
          result: lit('medium'),
        },
      ],
      else: lit('long'),
    };
    expectBoth(
      (d) => selected(size, d),
      `CASE WHEN "t"."Milliseconds" < 180000 THEN 'short' WHEN "t"."Milliseconds" < 360000 THEN 'medium' ELSE 'long' END`,
    );
    expectBoth(
      (d) =>
        selected(
          {
            kind: 'case',
            branches: [{ when: { kind: 'is_null', expr: col('t', 'a') }, result: lit(1) }],
          },
          d,
        ),
      'CASE WHEN "t"."a" IS NULL THEN 1 END',
    );
  });

  it('writes casts with each dialect type name', () => {
    expectBoth(
      (d) => selected({ kind: 'cast', arg: col('t', 'a'), to: 'real' }, d),
      'CAST("t"."a" AS REAL)',
      'CAST("t"."a" AS DOUBLE PRECISION)',
    );
    expectBoth(
      (d) => selected({ kind: 'cast', arg: col('t', 'a'), to: 'integer' }, d),
      'CAST("t"."a" AS INTEGER)',
    );
    expectBoth(
      (d) => selected({ kind: 'cast', arg: col('t', 'a'), to: 'text' }, d),
      'CAST("t"."a" AS TEXT)',
    );
  });
});

describe('compilePlan: conditions', () => {
  const a = col('t', 'a');

  it('writes every comparison operator', () => {
    for (const op of ['=', '<>', '<', '<=', '>', '>='] as const) {
      expectBoth(
        (d) => filtered({ kind: 'compare', op, left: a, right: lit(1) }, d),
        `"t"."a" ${op} 1`,
      );
    }
  });

  it('writes IN and NOT IN over escaped constants', () => {
    expectBoth(
      (d) => filtered({ kind: 'in', expr: a, values: ['USA', "Côte d'Ivoire", 3] }, d),
      `"t"."a" IN ('USA', 'Côte d''Ivoire', 3)`,
    );
    expectBoth(
      (d) => filtered({ kind: 'in', expr: a, values: [1], negated: true }, d),
      '"t"."a" NOT IN (1)',
    );
  });

  it('writes BETWEEN and NOT BETWEEN', () => {
    expectBoth(
      (d) =>
        filtered(
          {
            kind: 'between',
            expr: col('i', 'InvoiceDate'),
            low: lit('2010-01-01'),
            high: lit('2010-12-31'),
          },
          d,
        ),
      `"i"."InvoiceDate" BETWEEN '2010-01-01' AND '2010-12-31'`,
    );
    expectBoth(
      (d) => filtered({ kind: 'between', expr: a, low: lit(1), high: lit(2), negated: true }, d),
      '"t"."a" NOT BETWEEN 1 AND 2',
    );
  });

  it('writes LIKE as case-insensitive on both dialects, with backslash as the escape', () => {
    // On PostgreSQL every backslash is in an E'' string: '\' would read differently with
    // standard_conforming_strings off, and the safety check refuses it (chinook_030 did).
    expectBoth(
      (d) => filtered({ kind: 'like', expr: a, pattern: '%rock%' }, d),
      `"t"."a" LIKE '%rock%' ESCAPE '\\'`,
      `"t"."a" ILIKE '%rock%' ESCAPE E'\\\\'`,
    );
    expectBoth(
      (d) => filtered({ kind: 'like', expr: a, pattern: "100\\% o'clock", negated: true }, d),
      `"t"."a" NOT LIKE '100\\% o''clock' ESCAPE '\\'`,
      `"t"."a" NOT ILIKE E'100\\\\% o''clock' ESCAPE E'\\\\'`,
    );
  });

  it('writes IS NULL and IS NOT NULL', () => {
    expectBoth((d) => filtered({ kind: 'is_null', expr: a }, d), '"t"."a" IS NULL');
    expectBoth(
      (d) => filtered({ kind: 'is_null', expr: a, negated: true }, d),
      '"t"."a" IS NOT NULL',
    );
  });

  it('writes AND/OR/NOT with visible grouping', () => {
    const p: Condition = { kind: 'compare', op: '=', left: a, right: lit(1) };
    const q: Condition = { kind: 'compare', op: '=', left: a, right: lit(2) };
    const r: Condition = { kind: 'is_null', expr: a };
    expectBoth(
      (d) => filtered({ kind: 'and', conditions: [p, { kind: 'or', conditions: [q, r] }] }, d),
      '"t"."a" = 1 AND ("t"."a" = 2 OR "t"."a" IS NULL)',
    );
    expectBoth(
      (d) => filtered({ kind: 'or', conditions: [{ kind: 'and', conditions: [p, q] }, r] }, d),
      '("t"."a" = 1 AND "t"."a" = 2) OR "t"."a" IS NULL',
    );
    expectBoth(
      (d) => filtered({ kind: 'not', condition: { kind: 'or', conditions: [p, q] } }, d),
      'NOT ("t"."a" = 1 OR "t"."a" = 2)',
    );
    expectBoth((d) => filtered({ kind: 'and', conditions: [p] }, d), '"t"."a" = 1');
    expectBoth(
      (d) => filtered({ kind: 'and', conditions: [{ kind: 'and', conditions: [p] }, q] }, d),
      '"t"."a" = 1 AND "t"."a" = 2',
    );
  });
});

describe('compilePlan: refusals', () => {
  const refuses = (plan: unknown, code: string, path: string, dialect: Dialect = 'sqlite') => {
    let caught: unknown;
    try {
      compilePlan(plan as PlanModel, dialect);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PlanCompileError);
    expect({
      code: (caught as PlanCompileError).code,
      path: (caught as PlanCompileError).path,
    }).toEqual({ code, path });
  };

  it('refuses plans it cannot write, naming the node', () => {
    refuses({ select: [], from: { table: 'T' } }, 'INVALID_PLAN', '/select');
    refuses(planOf({ kind: 'aggregate', func: 'sum' }), 'INVALID_PLAN', '/select/0/expr/arg');
    refuses(
      planOf({ kind: 'aggregate', func: 'count', distinct: true }),
      'INVALID_PLAN',
      '/select/0/expr/distinct',
    );
    refuses(planOf({ kind: 'window' } as unknown as Expr), 'INVALID_PLAN', '/select/0/expr/kind');
    refuses(
      planOf(col('t', 'a'), { where: { kind: 'in', expr: col('t', 'a'), values: [] } }),
      'INVALID_PLAN',
      '/where/values',
    );
    refuses(planOf(col('t', 'a'), { limit: -1 }), 'INVALID_PLAN', '/limit');
    refuses(planOf(col('t', 'a'), { offset: 1.5 }), 'INVALID_PLAN', '/offset');
    refuses(planOf(col('t', 'a'), { group_by: [lit(1)] }), 'INVALID_PLAN', '/group_by/0');
    refuses(
      planOf(col('t', 'a'), { order_by: [{ kind: 'expr', expr: lit(2) }] }),
      'INVALID_PLAN',
      '/order_by/0/expr',
    );
    refuses(
      {
        select: [{ expr: col('t', 'a') }],
        from: { table: 'T' },
        joins: [{ kind: 'inner', table: 'U', on: [] }],
      },
      'INVALID_PLAN',
      '/joins/0/on',
    );
  });

  it('refuses text and numbers SQL cannot carry', () => {
    refuses(planOf(lit('a\0b')), 'INVALID_LITERAL', '/select/0/expr/value');
    refuses(planOf(lit(Number.POSITIVE_INFINITY)), 'INVALID_LITERAL', '/select/0/expr/value');
    refuses(planOf(col('t', '')), 'EMPTY_IDENTIFIER', '/select/0/expr/column');
  });

  it('refuses an unknown dialect', () => {
    refuses(planOf(col('t', 'a')), 'UNSUPPORTED_DIALECT', '', 'oracle' as Dialect);
  });
});

describe('compilePlan: properties', () => {
  it('compiles every valid plan, deterministically, without touching the plan', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        const before = JSON.stringify(plan);
        for (const dialect of ['sqlite', 'postgres'] as const) {
          const sql = compilePlan(plan, dialect);
          expect(sql.startsWith('SELECT ')).toBe(true);
          expect(compilePlan(structuredClone(plan), dialect)).toBe(sql);
          expect(compilePlan(JSON.parse(before) as PlanModel, dialect)).toBe(sql);
        }
        expect(JSON.stringify(plan)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
