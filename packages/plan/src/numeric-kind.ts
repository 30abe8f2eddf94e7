// Whether an expression's value is an integer, for the one operator whose meaning depends on
// it: the plan's `/` truncates when both operands are integers (SQLite's rule), and MySQL
// and DuckDB divide integers into decimals, so they need DIV / `//` there. Column types come
// from the catalog, read with SQLite's affinity rule (a declared type containing INT is an
// integer; REAL, FLOA, DOUB, NUMERIC, DECIMAL are not).

import type { Expr, PlanModel } from './plan-model.js';
import type { PlanCatalog } from './validate.js';

export type NumericKind = 'integer' | 'real' | 'unknown';

export class NumericKinds {
  /** Binding name (alias or table) -> column name -> declared type. */
  private readonly bindings = new Map<string, Map<string, string | undefined>>();

  constructor(plan: PlanModel, catalog: PlanCatalog | undefined) {
    if (catalog === undefined) return;
    const tables = new Map(catalog.tables.map((t) => [t.name, t]));
    const sources = [plan.from, ...(plan.joins ?? [])];
    for (const source of sources) {
      if (source === null || typeof source !== 'object') continue;
      const table = tables.get(source.table);
      if (table === undefined) continue;
      const name = source.alias ?? source.table;
      this.bindings.set(name, new Map(table.columns.map((c) => [c.name, c.type])));
    }
  }

  of(expr: Expr): NumericKind {
    switch (expr?.kind) {
      case 'literal':
        if (typeof expr.value === 'number')
          return Number.isInteger(expr.value) ? 'integer' : 'real';
        return typeof expr.value === 'boolean' ? 'integer' : 'unknown';
      case 'column': {
        const type = this.bindings.get(expr.table)?.get(expr.column);
        if (type === undefined) return 'unknown';
        if (/INT/i.test(type)) return 'integer';
        return /REAL|FLOA|DOUB|NUM|DEC/i.test(type) ? 'real' : 'unknown';
      }
      case 'aggregate':
        if (expr.func === 'count') return 'integer';
        if (expr.func === 'avg') return 'real';
        return expr.arg === undefined || expr.arg === null ? 'unknown' : this.of(expr.arg);
      case 'arithmetic': {
        const left = this.of(expr.left);
        const right = this.of(expr.right);
        if (left === 'real' || right === 'real') return 'real';
        return left === 'integer' && right === 'integer' ? 'integer' : 'unknown';
      }
      case 'round':
        return 'real';
      case 'cast':
        return expr.to === 'integer' ? 'integer' : expr.to === 'real' ? 'real' : 'unknown';
      case 'date_part':
        return expr.part === 'year_month' || expr.part === 'date' ? 'unknown' : 'integer';
      default:
        return 'unknown';
    }
  }
}
