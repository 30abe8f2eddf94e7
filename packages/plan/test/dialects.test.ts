// MySQL and DuckDB: what the compiler writes differently from SQLite so that a plan returns
// SQLite's rows there (quoting, casts, date parts, concatenation, ROUND, LIKE, integer
// division, NULL order, OFFSET without LIMIT).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compilePlan,
  DIALECTS,
  type Dialect,
  type Expr,
  type PlanCatalog,
  PlanCompileError,
} from '../src/index.js';
import { validPlan } from './arbitrary-plan.js';
import { col, lit, planOf } from './plan-builders.js';

const CATALOG: PlanCatalog = {
  tables: [
    {
      name: 'T',
      columns: [
        { name: 'a', type: 'INTEGER' },
        { name: 'b', type: 'NUMERIC(10,2)' },
        { name: 'c', type: 'NVARCHAR(40)' },
        { name: 'd', type: 'DATETIME' },
      ],
    },
  ],
};

const selected = (expr: Expr, dialect: Dialect): string =>
  compilePlan(planOf(expr), dialect, { catalog: CATALOG }).split('\n')[0]!.slice('SELECT '.length);

describe('compilePlan for MySQL and DuckDB', () => {
  it('quotes identifiers with backticks on MySQL and double quotes on DuckDB', () => {
    const plan = planOf(col('t', 'we`ird'), { from: { table: 'T', alias: 't' } });
    expect(compilePlan(plan, 'mysql')).toBe('SELECT `t`.`we``ird`\nFROM `T` AS `t`');
    expect(compilePlan(plan, 'duckdb')).toBe('SELECT "t"."we`ird"\nFROM "T" AS "t"');
  });

  it('divides integers with DIV / // and anything real with /', () => {
    const intDiv: Expr = { kind: 'arithmetic', op: '/', left: col('t', 'a'), right: lit(3) };
    expect(selected(intDiv, 'mysql')).toBe('`t`.`a` DIV 3');
    expect(selected(intDiv, 'duckdb')).toBe('"t"."a" // 3');
    expect(selected(intDiv, 'sqlite')).toBe('"t"."a" / 3');
    const realDiv: Expr = { kind: 'arithmetic', op: '/', left: col('t', 'b'), right: lit(3) };
    expect(selected(realDiv, 'mysql')).toBe('`t`.`b` / 3');
    expect(selected(realDiv, 'duckdb')).toBe('"t"."b" / 3');
    const avgDiv: Expr = {
      kind: 'arithmetic',
      op: '/',
      left: { kind: 'aggregate', func: 'avg', arg: col('t', 'a') },
      right: lit(60000),
    };
    expect(compilePlan(planOf(avgDiv), 'mysql')).toContain('AVG(`t`.`a`) / 60000');
  });

  it('refuses a division whose operand types it cannot know (no catalog), naming the path', () => {
    const plan = planOf({ kind: 'arithmetic', op: '/', left: col('t', 'a'), right: col('t', 'a') });
    for (const dialect of ['mysql', 'duckdb'] as const) {
      expect(() => compilePlan(plan, dialect)).toThrowError(PlanCompileError);
      try {
        compilePlan(plan, dialect);
      } catch (error) {
        expect((error as PlanCompileError).code).toBe('UNKNOWN_TYPE');
        expect((error as PlanCompileError).path).toBe('/select/0/expr');
      }
    }
    // SQLite and PostgreSQL truncate integer division themselves: no catalog needed
    expect(compilePlan(plan, 'postgres')).toContain('"t"."a" / "t"."a"');
  });

  it('writes date parts, concatenation, casts and ROUND in each dialect', () => {
    const year: Expr = { kind: 'date_part', part: 'year', arg: col('t', 'd') };
    expect(selected(year, 'mysql')).toBe('YEAR(`t`.`d`)');
    expect(selected(year, 'duckdb')).toBe(
      'CAST(EXTRACT(YEAR FROM CAST("t"."d" AS TIMESTAMP)) AS BIGINT)',
    );
    const dow: Expr = { kind: 'date_part', part: 'day_of_week', arg: col('t', 'd') };
    expect(selected(dow, 'mysql')).toBe('(DAYOFWEEK(`t`.`d`) - 1)');
    const month: Expr = { kind: 'date_part', part: 'year_month', arg: col('t', 'd') };
    expect(selected(month, 'mysql')).toBe("DATE_FORMAT(`t`.`d`, '%Y-%m')");
    expect(selected(month, 'duckdb')).toBe(`strftime(CAST("t"."d" AS TIMESTAMP), '%Y-%m')`);
    const concat: Expr = { kind: 'concat', parts: [col('t', 'c'), lit(' '), col('t', 'a')] };
    expect(selected(concat, 'mysql')).toBe("CONCAT(`t`.`c`, ' ', `t`.`a`)");
    expect(selected(concat, 'duckdb')).toBe(
      `CAST("t"."c" AS VARCHAR) || ' ' || CAST("t"."a" AS VARCHAR)`,
    );
    expect(selected({ kind: 'cast', to: 'integer', arg: col('t', 'b') }, 'mysql')).toBe(
      'CAST(`t`.`b` AS SIGNED)',
    );
    expect(selected({ kind: 'round', arg: col('t', 'b'), digits: 2 }, 'duckdb')).toBe(
      'ROUND(CAST("t"."b" AS DECIMAL(38, 10)), 2)',
    );
    expect(selected(lit(true), 'mysql')).toBe('TRUE');
  });

  it('LIKE: MySQL rewrites backslash escapes to !, DuckDB uses ILIKE', () => {
    const where = { kind: 'like' as const, expr: col('t', 'c'), pattern: '50\\% off!' };
    const plan = planOf(col('t', 'c'), { where });
    expect(compilePlan(plan, 'mysql').split('\n')[2]).toBe(
      "WHERE `t`.`c` LIKE '50!% off!!' ESCAPE '!'",
    );
    expect(compilePlan(plan, 'duckdb').split('\n')[2]).toBe(
      `WHERE "t"."c" ILIKE '50\\% off!' ESCAPE '\\'`,
    );
    const plain = planOf(col('t', 'c'), { where: { ...where, pattern: 'a%' } });
    expect(compilePlan(plain, 'mysql').split('\n')[2]).toBe("WHERE `t`.`c` LIKE 'a%'");
  });

  it('refuses a MySQL string holding a backslash (sql_mode decides how it reads)', () => {
    expect(() => compilePlan(planOf(lit('a\\b')), 'mysql')).toThrowError(/NO_BACKSLASH_ESCAPES/);
    expect(compilePlan(planOf(lit('a\\b')), 'duckdb')).toBe(`SELECT 'a\\b'\nFROM "T" AS "t"`);
  });

  it("spells SQLite's NULL order on DuckDB; MySQL's default is already SQLite's", () => {
    const plan = planOf(col('t', 'a'), {
      order_by: [{ kind: 'expr', expr: col('t', 'a'), direction: 'desc' }],
    });
    expect(compilePlan(plan, 'duckdb')).toContain('ORDER BY "t"."a" DESC NULLS LAST');
    expect(compilePlan(plan, 'mysql')).toContain('ORDER BY `t`.`a` DESC');
    expect(compilePlan(plan, 'mysql')).not.toContain('NULLS');
  });

  it('OFFSET without LIMIT: MySQL needs a LIMIT, DuckDB does not', () => {
    const plan = planOf(col('t', 'a'), { offset: 5 });
    expect(compilePlan(plan, 'mysql')).toMatch(/LIMIT 18446744073709551615\nOFFSET 5$/);
    expect(compilePlan(plan, 'duckdb')).toMatch(/FROM "T" AS "t"\nOFFSET 5$/);
  });

  it('compiles every valid plan deterministically in every dialect, or refuses with a code', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        for (const dialect of DIALECTS) {
          let first: string | undefined;
          try {
            first = compilePlan(plan, dialect);
          } catch (error) {
            // only the type question and MySQL's backslash may stop a valid plan
            expect(error).toBeInstanceOf(PlanCompileError);
            expect(['UNKNOWN_TYPE', 'INVALID_LITERAL']).toContain((error as PlanCompileError).code);
            expect(dialect === 'mysql' || dialect === 'duckdb').toBe(true);
            continue;
          }
          expect(compilePlan(plan, dialect)).toBe(first);
        }
      }),
      { numRuns: 200 },
    );
  });
});
