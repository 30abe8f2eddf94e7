// A column reference resolved in its scope: a qualified name by its table or alias, an
// unqualified one by the sources that have it (enclosing scopes after), a select alias where
// the dialect allows one, and L2's findings (unknown, ambiguous, no such table in scope)
// when a catalog was given. `SELECT *` reads every column of the tables it names.
import type { JsonObject } from './node.js';
import { toIdent } from './node.js';
import {
  type AnalysisContext,
  type Clause,
  type ColumnUse,
  type Scope,
  type Source,
  SQLITE_ROWID,
} from './scope-model.js';

/** `SELECT *` or `t.*` in the select list: reads every column of the tables it names. */
export function starReads(
  ctx: AnalysisContext,
  body: JsonObject,
  scope: Scope,
  clause: Clause,
): void {
  const { out, key } = ctx;
  if (clause !== 'select') return; // COUNT(*) reads no particular column
  const q = toIdent(body.table);
  for (const s of scope.sources) {
    if (q && s.key !== key(q)) continue;
    if (!s.table?.entry) continue;
    for (const col of s.table.entry.table.columns) {
      out.columns.push({
        column: { name: col.name, quoted: false },
        clause,
        reads: [{ table: s.table, column: col.name }],
        target: 'table',
      });
    }
  }
}

/** Resolves one column reference in `scope`, recording what it reads or why it cannot. */
export function resolveColumn(
  ctx: AnalysisContext,
  body: JsonObject,
  scope: Scope,
  clause: Clause,
): void {
  const { out, key, dialect, catalog, aliasClauses } = ctx;
  const column = toIdent(body.name);
  if (!column) return;
  const qualifier = toIdent(body.table);
  const use: ColumnUse = {
    column,
    clause,
    reads: [],
    target: 'unknown',
    ...(qualifier ? { qualifier } : {}),
  };
  out.columns.push(use);
  const ck = key(column);
  const label = qualifier ? `${qualifier.name}.${column.name}` : column.name;
  const isRowid = dialect === 'sqlite' && !column.quoted && SQLITE_ROWID.has(ck);

  const read = (s: Source) => {
    if (use.target === 'unknown') use.target = s.table ? 'table' : 'derived';
    if (!s.table) return;
    const real = s.cols.open ? column.name : (s.cols.names.get(ck) ?? column.name);
    use.reads.push({ table: s.table, column: real });
  };

  if (qualifier) {
    const qk = key(qualifier);
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const src = s.sources.find((x) => x.key === qk && x.key !== '');
      if (!src) continue;
      if (src.cols.open || src.cols.names.has(ck) || isRowid) {
        read(src);
        return;
      }
      if (catalog) {
        out.violations.push({
          rule: 'unknown-column',
          message: `unknown column: ${label} (${qualifier.name} has no column ${column.name})`,
        });
      }
      return;
    }
    if (catalog) {
      out.violations.push({
        rule: 'unknown-table-reference',
        message: `column ${label}: no table or alias "${qualifier.name}" in scope`,
      });
    }
    return;
  }

  const aliasFirst = clause === 'order';
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    const aliasOk = s === scope && aliasClauses.has(clause) && s.aliases.has(ck);
    if (aliasFirst && aliasOk) {
      use.target = 'alias';
      return;
    }
    const definite = s.sources.filter((x) => !x.cols.open && x.cols.names.has(ck));
    const open = s.sources.filter((x) => x.cols.open);
    if (definite.length === 1) {
      read(definite[0]!);
      return;
    }
    if (definite.length > 1) {
      if (s.usingCols.has(ck) || s.natural) {
        for (const d of definite) read(d);
      } else if (catalog) {
        out.violations.push({
          rule: 'ambiguous-column',
          message: `ambiguous column: ${column.name} is in ${definite.length} sources (${definite.map((d) => d.key || '(subquery)').join(', ')})`,
        });
      }
      return;
    }
    if (open.length > 0 || (isRowid && s.sources.length > 0)) {
      const physical = s.sources.filter((x) => x.table);
      if (s.sources.length === 1 && physical.length === 1) read(physical[0]!);
      else if (physical.length === 0) use.target = 'derived';
      return;
    }
    if (aliasOk) {
      use.target = 'alias';
      return;
    }
  }
  // SQLite reads an unresolvable double-quoted identifier as a string literal.
  if (dialect === 'sqlite' && column.quoted) return;
  if (catalog) {
    out.violations.push({ rule: 'unknown-column', message: `unknown column: ${label}` });
  }
}
