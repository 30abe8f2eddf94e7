// validatePlan: shape (ajv, against PLAN_JSON_SCHEMA) then meaning (against a database
// schema). Every problem is a value with the JSON pointer of the node at fault, so a refiner
// can repair the plan and a test can say exactly what is wrong. The rules are the ones
// both dialects enforce (PostgreSQL is the stricter: no bare ungrouped columns).

import { exprKey } from './expr-key.js';
import type { PlanError, PlanErrorCode } from './plan-error.js';
import type { ColumnExpr, Condition, Expr, PlanModel } from './plan-model.js';
import { planShapeErrors } from './plan-shape.js';
import { type Clause, childExprs, clauseExprs } from './plan-walk.js';

/**
 * The tables and columns a plan may name: a structural type, so this pure package depends
 * on no adapter. @nl2sql/datasource's introspected `DatabaseSchema` fits it (a test keeps
 * the two compatible), and so does a hand-written schema.
 */
export interface PlanCatalog {
  tables: ReadonlyArray<{
    name: string;
    columns: ReadonlyArray<{ name: string; type?: string }>;
  }>;
}

interface Binding {
  /** The name columns use: the alias, or the table name when unaliased. */
  name: string;
  table: string;
  /** Column names of the table, or undefined when the table is unknown (already reported). */
  columns: ReadonlySet<string> | undefined;
  path: string;
}

const quote = (name: string): string => `'${name}'`;

function caseInsensitiveMatch(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  for (const candidate of candidates) if (candidate.toLowerCase() === lower) return candidate;
  return undefined;
}

class PlanChecker {
  readonly errors: PlanError[] = [];
  private readonly tables = new Map<string, ReadonlySet<string>>();
  private readonly bindings: Binding[] = [];

  constructor(
    private readonly plan: PlanModel,
    schema: PlanCatalog,
  ) {
    for (const table of schema.tables) {
      this.tables.set(table.name, new Set(table.columns.map((c) => c.name)));
    }
  }

  private report(path: string, code: PlanErrorCode, message: string): void {
    this.errors.push({ path, code, message });
  }

  check(): PlanError[] {
    this.checkSources();
    const aggregated = this.isAggregated();
    const grouped = new Set((this.plan.group_by ?? []).map(exprKey));
    const selectKeys = this.plan.distinct
      ? new Set(this.plan.select.map((item) => exprKey(item.expr)))
      : new Set<string>();
    for (const { clause, expr, path } of clauseExprs(this.plan)) {
      if (clause === 'join') continue; // resolved in join order by checkSources
      this.checkExpr(expr, path, clause, false);
      if ((clause === 'group_by' || clause === 'order_by') && expr.kind === 'literal') {
        this.report(
          path,
          'CONSTANT_KEY',
          'a constant cannot be a GROUP BY or ORDER BY key (SQL reads an integer there as a column position)',
        );
      }
      if (aggregated && (clause === 'select' || clause === 'having' || clause === 'order_by')) {
        this.checkGrouped(expr, path, grouped);
      }
      if (clause === 'order_by' && this.plan.distinct && !selectKeys.has(exprKey(expr))) {
        this.report(
          path,
          'ORDER_BY_NOT_SELECTED',
          'with SELECT DISTINCT, ORDER BY expressions must be select items; select it or order by an alias',
        );
      }
    }
    if (this.plan.where) this.checkCondition(this.plan.where, '/where');
    if (this.plan.having) this.checkCondition(this.plan.having, '/having');
    if (this.plan.having && (this.plan.group_by ?? []).length === 0) {
      this.report(
        '/having',
        'HAVING_WITHOUT_GROUP_BY',
        'HAVING needs a GROUP BY; filter rows with where',
      );
    }
    this.checkAliases();
    if (typeof this.plan.limit === 'number' && this.plan.limit < 0) {
      this.report('/limit', 'NEGATIVE_LIMIT', `LIMIT must be >= 0, got ${this.plan.limit}`);
    }
    if (typeof this.plan.offset === 'number' && this.plan.offset < 0) {
      this.report('/offset', 'NEGATIVE_OFFSET', `OFFSET must be >= 0, got ${this.plan.offset}`);
    }
    return this.errors;
  }

  /** FROM and JOIN tables, their names, and join conditions in the scope they see. */
  private checkSources(): void {
    const sources = [
      { ...this.plan.from, path: '/from' },
      ...(this.plan.joins ?? []).map((join, i) => ({ ...join, path: `/joins/${i}` })),
    ];
    for (const source of sources) {
      const columns = this.tables.get(source.table);
      if (!columns) {
        const hint = caseInsensitiveMatch(source.table, this.tables.keys());
        this.report(
          `${source.path}/table`,
          'UNKNOWN_TABLE',
          hint
            ? `unknown table ${quote(source.table)}; did you mean ${quote(hint)}?`
            : `unknown table ${quote(source.table)} (tables: ${[...this.tables.keys()].join(', ')})`,
        );
      }
      const name = source.alias ?? source.table;
      if (source.alias !== undefined && source.alias !== null)
        this.checkText(source.alias, `${source.path}/alias`);
      const clash = this.bindings.find((b) => b.name === name);
      if (clash) {
        this.report(
          `${source.path}/${source.alias ? 'alias' : 'table'}`,
          'DUPLICATE_TABLE_NAME',
          `${quote(name)} already names the table at ${clash.path}; give this one a different alias`,
        );
      }
      const binding: Binding = { name, table: source.table, columns, path: source.path };
      if (!('on' in source)) {
        this.bindings.push(binding);
        continue;
      }
      const earlier = [...this.bindings];
      this.bindings.push(binding);
      let equalities = 0;
      source.on.forEach((condition, j) => {
        const path = `${source.path}/on/${j}`;
        if ((condition.op ?? '=') === '=') equalities++;
        const left = this.resolveColumn(condition.left, `${path}/left`);
        const right = this.resolveColumn(condition.right, `${path}/right`);
        if (!left || !right) return;
        const links =
          (left === binding && earlier.includes(right)) ||
          (right === binding && earlier.includes(left));
        if (!links) {
          this.report(
            path,
            'JOIN_CONDITION_NOT_LINKING',
            `a join condition must compare a column of ${quote(name)} with a column of an earlier table`,
          );
        }
      });
      if (equalities === 0) {
        this.report(
          `${source.path}/on`,
          'JOIN_WITHOUT_EQUALITY',
          `join of ${quote(name)} needs at least one '=' between key columns`,
        );
      }
    }
  }

  /** The binding a column refers to, reporting unknown qualifiers and columns. */
  private resolveColumn(column: ColumnExpr, path: string): Binding | undefined {
    const binding = this.bindings.find((b) => b.name === column.table);
    if (!binding) {
      const aliased = this.bindings.find((b) => b.table === column.table);
      const later = [this.plan.from, ...(this.plan.joins ?? [])].some(
        (s) => (s.alias ?? s.table) === column.table,
      );
      const names = this.bindings.map((b) => quote(b.name)).join(', ');
      this.report(
        `${path}/table`,
        'TABLE_NOT_IN_PLAN',
        aliased
          ? `table ${quote(column.table)} is aliased as ${quote(aliased.name)} in this plan; qualify the column with ${quote(aliased.name)}`
          : later
            ? `${quote(column.table)} is joined after this condition; only ${names} are in scope here`
            : `${quote(column.table)} is not a table of this plan (in scope: ${names})`,
      );
      return undefined;
    }
    if (binding.columns && !binding.columns.has(column.column)) {
      const hint = caseInsensitiveMatch(column.column, binding.columns);
      this.report(
        `${path}/column`,
        'UNKNOWN_COLUMN',
        hint
          ? `table ${quote(binding.table)} has no column ${quote(column.column)}; did you mean ${quote(hint)}?`
          : `table ${quote(binding.table)} has no column ${quote(column.column)} (columns: ${[...binding.columns].join(', ')})`,
      );
    }
    return binding;
  }

  /** Columns, literals and aggregate placement in one expression tree. */
  private checkExpr(expr: Expr, path: string, clause: Clause, inAggregate: boolean): void {
    if (expr.kind === 'column') {
      this.resolveColumn(expr, path);
      return;
    }
    if (expr.kind === 'literal') {
      if (typeof expr.value === 'string') this.checkText(expr.value, `${path}/value`);
      return;
    }
    if (expr.kind === 'aggregate') {
      const name = expr.func.toUpperCase();
      if (clause === 'where') {
        this.report(
          path,
          'AGGREGATE_IN_WHERE',
          `${name} cannot be used in where; filter groups with having`,
        );
      } else if (clause === 'group_by') {
        this.report(path, 'AGGREGATE_IN_GROUP_BY', `${name} cannot be a GROUP BY expression`);
      } else if (inAggregate) {
        this.report(path, 'NESTED_AGGREGATE', `${name} cannot be nested inside another aggregate`);
      }
      if (!expr.arg && expr.func !== 'count') {
        this.report(`${path}/arg`, 'MISSING_AGGREGATE_ARGUMENT', `${name} needs an argument`);
      }
      if (!expr.arg && expr.func === 'count' && expr.distinct) {
        this.report(
          `${path}/arg`,
          'MISSING_AGGREGATE_ARGUMENT',
          'COUNT with distinct needs an argument',
        );
      }
    }
    if (expr.kind === 'case') {
      expr.branches.forEach((branch, i) => {
        this.checkCondition(branch.when, `${path}/branches/${i}/when`);
      });
    }
    const nested = inAggregate || expr.kind === 'aggregate';
    for (const [child, childPath] of childExprs(expr, path)) {
      this.checkExpr(child, childPath, clause, nested);
    }
  }

  /** Condition-level rules; the expressions inside are checked by checkExpr. */
  private checkCondition(condition: Condition, path: string): void {
    switch (condition.kind) {
      case 'compare':
        for (const [side, sidePath] of [
          [condition.left, `${path}/left`],
          [condition.right, `${path}/right`],
        ] as const) {
          if (side.kind === 'literal' && side.value === null) {
            this.report(
              sidePath,
              'NULL_COMPARISON',
              `'${condition.op} NULL' is never true; use an is_null condition`,
            );
          }
        }
        return;
      case 'in':
        condition.values.forEach((value, i) => {
          if (typeof value === 'string') this.checkText(value, `${path}/values/${i}`);
        });
        return;
      case 'like':
        this.checkText(condition.pattern, `${path}/pattern`);
        return;
      case 'and':
      case 'or':
        condition.conditions.forEach((c, i) => {
          this.checkCondition(c, `${path}/conditions/${i}`);
        });
        return;
      case 'not':
        this.checkCondition(condition.condition, `${path}/condition`);
        return;
      default:
        return;
    }
  }

  /** A query aggregates when it groups or uses an aggregate outside WHERE. */
  private isAggregated(): boolean {
    if ((this.plan.group_by ?? []).length > 0) return true;
    const hasAggregate = (expr: Expr): boolean =>
      expr.kind === 'aggregate' || childExprs(expr, '').some(([child]) => hasAggregate(child));
    return clauseExprs(this.plan).some(
      ({ clause, expr }) =>
        (clause === 'select' || clause === 'having' || clause === 'order_by') && hasAggregate(expr),
    );
  }

  /** In an aggregate query every column must sit in a GROUP BY expression or an aggregate. */
  private checkGrouped(expr: Expr, path: string, grouped: ReadonlySet<string>): void {
    const visit = (node: Expr, at: string): void => {
      if (node.kind === 'aggregate' || grouped.has(exprKey(node))) return;
      if (node.kind === 'column') {
        this.report(
          at,
          'UNGROUPED_COLUMN',
          `${node.table}.${node.column} is neither in group_by nor inside an aggregate`,
        );
        return;
      }
      for (const [child, childPath] of childExprs(node, at)) visit(child, childPath);
    };
    visit(expr, path);
  }

  private checkAliases(): void {
    const aliases = new Map<string, number>();
    this.plan.select.forEach((item, i) => {
      if (item.alias === undefined || item.alias === null) return;
      this.checkText(item.alias, `/select/${i}/alias`);
      const first = aliases.get(item.alias);
      if (first !== undefined) {
        this.report(
          `/select/${i}/alias`,
          'DUPLICATE_ALIAS',
          `alias ${quote(item.alias)} is already used by /select/${first}`,
        );
      } else {
        aliases.set(item.alias, i);
      }
    });
    (this.plan.order_by ?? []).forEach((item, i) => {
      if (item.kind !== 'alias' || aliases.has(item.alias)) return;
      const known = [...aliases.keys()].map(quote).join(', ') || 'none';
      this.report(
        `/order_by/${i}/alias`,
        'UNKNOWN_ORDER_ALIAS',
        `ORDER BY alias ${quote(item.alias)} is not a select alias (aliases: ${known})`,
      );
    });
  }

  /** SQL text cannot carry NUL (PostgreSQL rejects it outright). */
  private checkText(text: string, path: string): void {
    if (text.includes('\0'))
      this.report(path, 'INVALID_TEXT', 'text must not contain a NUL character');
  }
}

/**
 * Checks a candidate plan (any JSON value, e.g. an LLM's structured output) against the
 * PlanModel schema and then against the database schema. Returns every problem found, in
 * plan order; an empty list means compilePlan will succeed and the SQL names only real
 * tables and columns. Shape errors stop the semantic pass, which needs a well-formed tree.
 */
export function validatePlan(plan: unknown, schema: PlanCatalog): PlanError[] {
  const shape = planShapeErrors(plan);
  if (shape.length > 0) return shape;
  return new PlanChecker(plan as PlanModel, schema).check();
}
