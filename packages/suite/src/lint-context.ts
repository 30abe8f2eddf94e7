// What every lint check reads: the options, the rules active for the modes checked, the
// database's schema as the gold SQL sees it, and the one way to report a finding, which
// drops a rule that is not active and places the finding on the field at fault.

import type { EvalCase, EvalSuite, PlanNote, Row } from './case.js';
import { canonicalJson } from './digest.js';
import type { LintFinding } from './lint-finding.js';
import type { LintOptions } from './lint-options.js';
import { declaredModes, LINT_RULES, type LintRule, rulesFor } from './lint-rules.js';
import type { SchemaLike } from './schema-like.js';
import { sourceLocation } from './source-location.js';

/** Reports a finding on a case, a plan note, or the suite (undefined). */
export type AddFinding = (
  item: EvalCase | PlanNote | undefined,
  rule: LintRule,
  message: string,
) => void;

export interface LintContext {
  readonly options: LintOptions;
  readonly active: ReadonlySet<LintRule>;
  readonly add: AddFinding;
  /** The schema as the gold SQL reads it (see lintContext). */
  readonly schema: SchemaLike | undefined;
  /** Every table and column name, for transpiling the gold to PostgreSQL. */
  readonly names: readonly string[];
  /** Lower-cased table name -> its lower-cased column names. */
  readonly tableColumns: ReadonlyMap<string, ReadonlySet<string>>;
  readonly dialect: { dialect: string };
}

/**
 * Reports findings of the `active` rules onto `findings`, each placed on the field at fault.
 * A case linted alongside others gets its own list, appended in case order afterwards.
 */
export function findingAdder(active: ReadonlySet<LintRule>, findings: LintFinding[]): AddFinding {
  return (item, rule, message) => {
    if (!active.has(rule)) return;
    const place = item ? sourceLocation(item) : undefined;
    const field = LINT_RULES[rule].field;
    findings.push({
      file: place?.file,
      line: (field !== undefined ? place?.fields[field] : undefined) ?? place?.line,
      caseId: item === undefined ? undefined : 'id' in item ? item.id : item.case,
      rule,
      severity: LINT_RULES[rule].severity,
      message,
    });
  };
}

/** The context for one lint of `suite`; findings are pushed onto `findings`. */
export function lintContext(
  suite: EvalSuite,
  options: LintOptions,
  findings: LintFinding[],
): LintContext {
  const active = rulesFor(options.modes ?? declaredModes(suite));
  const add = findingAdder(active, findings);
  const dialect = { dialect: options.dialect ?? 'sqlite' };
  const schema = options.schema && goldSchema(options.schema, dialect.dialect);
  const names = schema
    ? schema.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)])
    : [];
  const tableColumns = new Map<string, Set<string>>();
  for (const t of schema?.tables ?? [])
    tableColumns.set(t.name.toLowerCase(), new Set(t.columns.map((col) => col.name.toLowerCase())));
  return { options, active, add, schema, names, tableColumns, dialect };
}

/**
 * The schema as gold SQL in `dialect` reads it. SQLite's SQL names no schema: a PostgreSQL
 * database's tables (schema `public`) are read as SQLite would see them, each in the
 * dialect's default schema.
 */
export function goldSchema(schema: SchemaLike, dialect: string): SchemaLike {
  return dialect === 'sqlite'
    ? { tables: schema.tables.map(({ schema: _, ...table }) => table) }
    : schema;
}

/** A list in a message. */
export const list = (xs: readonly string[]): string => (xs.length === 0 ? '(none)' : xs.join(', '));

/** The same names, in any order. */
export const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Rows as a comparable key: in order when order matters, else as a sorted multiset. */
export function rowsKey(rows: readonly Row[], ordered: boolean): string {
  const keys = rows.map((r) => canonicalJson(r));
  return JSON.stringify(ordered ? keys : keys.sort());
}
