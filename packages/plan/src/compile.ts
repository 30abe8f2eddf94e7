// PlanModel -> SQL. Output is a pure function of (plan, dialect, catalog): one clause per
// line, every identifier quoted, every literal escaped, parentheses wherever the dialects'
// operator precedences could disagree (SQLite binds || tighter than * and /, PostgreSQL
// looser than + and -). What each dialect spells its own way is in dialect-sql.ts.

import {
  castType,
  concatSql,
  datePartSql,
  isDialect,
  likeSql,
  nullsOrder,
  roundSql,
} from './dialect-sql.js';
import { NumericKinds } from './numeric-kind.js';
import { PlanCompileError } from './plan-compile-error.js';
import type {
  ArithmeticExpr,
  Condition,
  DatePartName,
  Dialect,
  Expr,
  JoinCondition,
  OrderItem,
  PlanModel,
} from './plan-model.js';
import { quoteIdentifier, quoteLiteral } from './quote.js';
import type { PlanCatalog } from './validate.js';

/** Binding strength of a rendered expression; operands weaker than their operator get parentheses. */
const Strength = { Concat: 1, Additive: 2, Multiplicative: 3, Atom: 4 } as const;
type Strength = (typeof Strength)[keyof typeof Strength];

interface Rendered {
  sql: string;
  strength: Strength;
}

const atom = (sql: string): Rendered => ({ sql, strength: Strength.Atom });
const not = (negated: boolean | null | undefined): string => (negated ? 'NOT ' : '');

function invalid(message: string, path: string): never {
  throw new PlanCompileError('INVALID_PLAN', message, path);
}

function nonEmpty<T>(
  items: readonly T[] | null | undefined,
  what: string,
  path: string,
): readonly T[] {
  if (!Array.isArray(items) || items.length === 0) invalid(`${what} must not be empty`, path);
  return items;
}

/** Re-throws quoting failures with the plan path they came from. */
function at<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof PlanCompileError && error.path === '') {
      throw new PlanCompileError(error.code, error.message, path);
    }
    throw error;
  }
}

function count(value: unknown, what: string, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    invalid(`${what} must be a non-negative integer, got ${JSON.stringify(value)}`, path);
  }
  return value;
}

class SqlWriter {
  constructor(
    private readonly dialect: Dialect,
    private readonly kinds: NumericKinds,
  ) {}

  identifier(name: string, path: string): string {
    return at(path, () => quoteIdentifier(name, this.dialect));
  }

  expr(expr: Expr, path: string): string {
    return this.render(expr, path).sql;
  }

  private wrap(rendered: Rendered, parenthesise: boolean): string {
    return parenthesise ? `(${rendered.sql})` : rendered.sql;
  }

  private render(expr: Expr, path: string): Rendered {
    switch (expr?.kind) {
      case 'column':
        return atom(
          `${this.identifier(expr.table, `${path}/table`)}.${this.identifier(expr.column, `${path}/column`)}`,
        );
      case 'literal':
        return atom(at(`${path}/value`, () => quoteLiteral(expr.value, this.dialect)));
      case 'aggregate': {
        const func = expr.func.toUpperCase();
        if (expr.arg === undefined || expr.arg === null) {
          if (expr.func !== 'count') invalid(`${func} needs an argument`, `${path}/arg`);
          if (expr.distinct)
            invalid('COUNT(DISTINCT *) is not SQL; name a column', `${path}/distinct`);
          return atom('COUNT(*)');
        }
        const arg = this.expr(expr.arg, `${path}/arg`);
        return atom(`${func}(${expr.distinct ? 'DISTINCT ' : ''}${arg})`);
      }
      case 'arithmetic': {
        const strength: Strength =
          expr.op === '+' || expr.op === '-' ? Strength.Additive : Strength.Multiplicative;
        const left = this.render(expr.left, `${path}/left`);
        const right = this.render(expr.right, `${path}/right`);
        // The right operand is parenthesised at equal strength: a - (b + c), a * (b / c).
        return {
          sql: `${this.wrap(left, left.strength < strength)} ${this.operator(expr, path)} ${this.wrap(right, right.strength <= strength)}`,
          strength,
        };
      }
      case 'round': {
        const digits =
          expr.digits === undefined || expr.digits === null
            ? 0
            : Number.isInteger(expr.digits)
              ? expr.digits
              : invalid('ROUND digits must be an integer', `${path}/digits`);
        return atom(roundSql(this.dialect, this.expr(expr.arg, `${path}/arg`), digits));
      }
      case 'date_part':
        return atom(this.datePart(expr.part, this.expr(expr.arg, `${path}/arg`), `${path}/part`));
      case 'concat': {
        const parts = nonEmpty(expr.parts, 'concat parts', `${path}/parts`).map((part, i) => {
          const rendered = this.render(part, `${path}/parts/${i}`);
          const text = part?.kind === 'literal' && typeof part.value === 'string';
          return { sql: this.wrap(rendered, rendered.strength !== Strength.Atom), text };
        });
        if (parts.length < 2) invalid('concat needs at least two parts', `${path}/parts`);
        const sql = concatSql(this.dialect, parts);
        return { sql, strength: this.dialect === 'mysql' ? Strength.Atom : Strength.Concat };
      }
      case 'case': {
        const branches = nonEmpty(expr.branches, 'CASE branches', `${path}/branches`).map(
          (branch, i) =>
            `WHEN ${this.condition(branch.when, `${path}/branches/${i}/when`)} THEN ${this.expr(branch.result, `${path}/branches/${i}/result`)}`,
        );
        const otherwise =
          expr.else === undefined || expr.else === null
            ? ''
            : ` ELSE ${this.expr(expr.else, `${path}/else`)}`;
        return atom(`CASE ${branches.join(' ')}${otherwise} END`);
      }
      case 'cast': {
        const type = castType(this.dialect, expr.to);
        if (type === undefined)
          invalid(`unknown cast type ${JSON.stringify(expr.to)}`, `${path}/to`);
        return atom(`CAST(${this.expr(expr.arg, `${path}/arg`)} AS ${type})`);
      }
      default:
        return invalid(
          `unknown expression kind ${JSON.stringify((expr as { kind?: unknown })?.kind)}`,
          `${path}/kind`,
        );
    }
  }

  private datePart(part: DatePartName, arg: string, path: string): string {
    const sql = datePartSql(this.dialect, part, arg);
    return sql ?? invalid(`unknown date part ${JSON.stringify(part)}`, path);
  }

  /**
   * The operator of an arithmetic node. `/` of two integers truncates (SQLite's rule, kept
   * by PostgreSQL); MySQL writes that DIV and DuckDB `//`, and both need to know the
   * operands' types to choose, from the literals, casts and aggregates or the catalog.
   */
  private operator(expr: ArithmeticExpr, path: string): string {
    if (expr.op !== '/' || this.dialect === 'sqlite' || this.dialect === 'postgres') return expr.op;
    const left = this.kinds.of(expr.left);
    const right = this.kinds.of(expr.right);
    if (left === 'real' || right === 'real') return '/';
    if (left === 'integer' && right === 'integer') return this.dialect === 'mysql' ? 'DIV' : '//';
    throw new PlanCompileError(
      'UNKNOWN_TYPE',
      `${this.dialect} divides integers into decimals and SQLite truncates them: give compilePlan the catalog's column types, or cast an operand to real or integer`,
      path,
    );
  }

  /**
   * A GROUP BY or ORDER BY key. SQL reads a bare integer there as a select position and
   * PostgreSQL rejects other constants, so a literal key is refused rather than misread.
   */
  key(expr: Expr, path: string): string {
    if (expr?.kind === 'literal') {
      invalid(
        'a constant cannot be a GROUP BY or ORDER BY key (SQL reads an integer there as a column position)',
        path,
      );
    }
    return this.expr(expr, path);
  }

  condition(condition: Condition, path: string): string {
    switch (condition?.kind) {
      case 'compare':
        return `${this.expr(condition.left, `${path}/left`)} ${condition.op} ${this.expr(condition.right, `${path}/right`)}`;
      case 'in': {
        const values = nonEmpty(condition.values, 'IN values', `${path}/values`).map((value, i) =>
          at(`${path}/values/${i}`, () => quoteLiteral(value, this.dialect)),
        );
        return `${this.expr(condition.expr, `${path}/expr`)} ${not(condition.negated)}IN (${values.join(', ')})`;
      }
      case 'between':
        return `${this.expr(condition.expr, `${path}/expr`)} ${not(condition.negated)}BETWEEN ${this.expr(condition.low, `${path}/low`)} AND ${this.expr(condition.high, `${path}/high`)}`;
      case 'like': {
        const expr = this.expr(condition.expr, `${path}/expr`);
        return at(`${path}/pattern`, () =>
          likeSql(this.dialect, expr, condition.negated === true, condition.pattern, (v) =>
            quoteLiteral(v, this.dialect),
          ),
        );
      }
      case 'is_null':
        return `${this.expr(condition.expr, `${path}/expr`)} IS ${not(condition.negated)}NULL`;
      case 'and':
      case 'or': {
        const children = nonEmpty(
          condition.conditions,
          `${condition.kind.toUpperCase()} conditions`,
          `${path}/conditions`,
        );
        if (children.length === 1) return this.condition(children[0]!, `${path}/conditions/0`);
        return children
          .map((child, i) => this.operand(child, `${path}/conditions/${i}`))
          .join(condition.kind === 'and' ? ' AND ' : ' OR ');
      }
      case 'not':
        return `NOT (${this.condition(condition.condition, `${path}/condition`)})`;
      default:
        return invalid(
          `unknown condition kind ${JSON.stringify((condition as { kind?: unknown })?.kind)}`,
          `${path}/kind`,
        );
    }
  }

  /** A child of AND/OR: compound children are parenthesised so grouping is always visible. */
  private operand(condition: Condition, path: string): string {
    const sql = this.condition(condition, path);
    const compound =
      (condition.kind === 'and' || condition.kind === 'or') && condition.conditions.length > 1;
    return compound ? `(${sql})` : sql;
  }

  joinCondition(condition: JoinCondition, path: string): string {
    return `${this.expr(condition.left, `${path}/left`)} ${condition.op ?? '='} ${this.expr(condition.right, `${path}/right`)}`;
  }

  orderItem(item: OrderItem, path: string): string {
    const descending = item.direction === 'desc';
    // SQLite sorts NULLs as the smallest value, PostgreSQL and DuckDB as the largest;
    // spelling out SQLite's order there makes a plan return the same rows everywhere.
    const nulls = nullsOrder(this.dialect, descending);
    const direction = (descending ? 'DESC' : 'ASC') + nulls;
    if (item.kind === 'alias')
      return `${this.identifier(item.alias, `${path}/alias`)} ${direction}`;
    if (item.kind === 'expr') return `${this.key(item.expr, `${path}/expr`)} ${direction}`;
    return invalid(
      `unknown order item kind ${JSON.stringify((item as { kind?: unknown }).kind)}`,
      `${path}/kind`,
    );
  }
}

export interface CompileOptions {
  /**
   * The tables' column types (a datasource's DatabaseSchema fits). MySQL and DuckDB need
   * them to write a division of columns (integer or not); other dialects ignore them.
   */
  catalog?: PlanCatalog;
}

/**
 * Compiles a plan to one SELECT statement for the dialect. Deterministic: the same plan
 * always gives the same bytes. Throws PlanCompileError (with the plan path) when the plan
 * cannot be written as SQL; run validatePlan first to get every problem as a value.
 */
export function compilePlan(
  plan: PlanModel,
  dialect: Dialect,
  options: CompileOptions = {},
): string {
  if (!isDialect(dialect)) {
    throw new PlanCompileError(
      'UNSUPPORTED_DIALECT',
      `unsupported dialect ${JSON.stringify(dialect)}`,
      '',
    );
  }
  if (plan === null || typeof plan !== 'object') invalid('a plan must be an object', '');
  const w = new SqlWriter(dialect, new NumericKinds(plan, options.catalog));
  const lines: string[] = [];

  const select = nonEmpty(plan.select, 'select', '/select').map((item, i) => {
    const sql = w.expr(item.expr, `/select/${i}/expr`);
    const alias =
      item.alias === undefined || item.alias === null
        ? ''
        : ` AS ${w.identifier(item.alias, `/select/${i}/alias`)}`;
    return sql + alias;
  });
  lines.push(`SELECT ${plan.distinct ? 'DISTINCT ' : ''}${select.join(', ')}`);

  if (plan.from === null || typeof plan.from !== 'object')
    invalid('from must name a table', '/from');
  lines.push(`FROM ${tableRef(w, plan.from.table, plan.from.alias, '/from')}`);

  (plan.joins ?? []).forEach((join, i) => {
    const path = `/joins/${i}`;
    const keyword =
      join.kind === 'inner'
        ? 'INNER JOIN'
        : join.kind === 'left'
          ? 'LEFT JOIN'
          : invalid(`unknown join kind ${JSON.stringify(join.kind)}`, `${path}/kind`);
    const on = nonEmpty(join.on, 'join conditions', `${path}/on`)
      .map((condition, j) => w.joinCondition(condition, `${path}/on/${j}`))
      .join(' AND ');
    lines.push(`${keyword} ${tableRef(w, join.table, join.alias, path)} ON ${on}`);
  });

  if (plan.where) lines.push(`WHERE ${w.condition(plan.where, '/where')}`);
  if (plan.group_by && plan.group_by.length > 0) {
    lines.push(`GROUP BY ${plan.group_by.map((e, i) => w.key(e, `/group_by/${i}`)).join(', ')}`);
  }
  if (plan.having) lines.push(`HAVING ${w.condition(plan.having, '/having')}`);
  if (plan.order_by && plan.order_by.length > 0) {
    lines.push(
      `ORDER BY ${plan.order_by.map((item, i) => w.orderItem(item, `/order_by/${i}`)).join(', ')}`,
    );
  }

  const hasLimit = plan.limit !== undefined && plan.limit !== null;
  const hasOffset = plan.offset !== undefined && plan.offset !== null;
  if (hasLimit) lines.push(`LIMIT ${count(plan.limit, 'LIMIT', '/limit')}`);
  // SQLite and MySQL only accept OFFSET after a LIMIT; LIMIT -1 means none on SQLite,
  // the largest unsigned 64-bit number on MySQL (its documented idiom).
  else if (hasOffset && dialect === 'sqlite') lines.push('LIMIT -1');
  else if (hasOffset && dialect === 'mysql') lines.push('LIMIT 18446744073709551615');
  if (hasOffset) lines.push(`OFFSET ${count(plan.offset, 'OFFSET', '/offset')}`);

  return lines.join('\n');
}

function tableRef(
  w: SqlWriter,
  table: string,
  alias: string | null | undefined,
  path: string,
): string {
  const name = w.identifier(table, `${path}/table`);
  if (alias === undefined || alias === null) return name;
  return `${name} AS ${w.identifier(alias, `${path}/alias`)}`;
}
