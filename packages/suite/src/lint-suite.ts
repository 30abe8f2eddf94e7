// lintSuite: every check of a suite that needs no model, as data. Each finding names the
// case, the rule and what is wrong, so the CLI can list them and a test can require none.

import { type AccessPolicy, hasRole } from '@nl2sql/access-policy';
import type { Datasource } from '@nl2sql/datasource';
import { planReads, validatePlan } from '@nl2sql/plan';
import { readSet, type SchemaLike } from '@nl2sql/sqlcheck';
import {
  type EvalCase,
  type EvalSuite,
  isApproved,
  type Outcome,
  type PlanNote,
  type Row,
  type SourceKind,
  sourceKind,
} from './case.js';
import { canonicalJson } from './digest.js';
import { goldRowsFor, goldSqlFor } from './gold-for-engine.js';
import {
  declaredModes,
  LINT_RULES,
  type LintRule,
  type LintSeverity,
  rulesFor,
  type SuiteMode,
} from './lint-rules.js';
import { type RoleScope, roleOutcome } from './role-outcome.js';
import { formatPlace, sourceLocation } from './source-location.js';

export interface LintOptions {
  /** The database the cases ask about; table, column, SQL-read and plan checks need it. */
  schema?: SchemaLike;
  /** The access policy outcomes must follow. */
  policy?: AccessPolicy;
  /** Requirements every case must meet, e.g. `{ approved: true, source: 'hand', datasource: 'chinook' }`. */
  require?: { approved?: boolean; source?: SourceKind; datasource?: string };
  /** SQL dialect of `sql` and `alt_sql` (default sqlite). */
  dialect?: string;
  /** Report only the rules that matter to these modes (default: declaredModes(suite)). */
  modes?: readonly SuiteMode[];
  /** The datasource ids the run knows; a case naming another is `unknown-datasource`. */
  datasources?: readonly string[];
  /** The roles the run asks as; a case whose outcome lacks one is `outcome-roles`. */
  roles?: readonly string[];
  /**
   * The database itself: each gold sql is run (one row kept) to learn its column count for
   * `rows-width`, and `sql-fails` reports one that does not run. On a PostgreSQL datasource
   * (`engine`) the gold is the case's PostgreSQL SQL (goldSqlFor) and the rows its
   * goldRowsFor. Without it, rows are only checked against each other.
   */
  datasource?: Pick<Datasource, 'execute'> & Partial<Pick<Datasource, 'engine'>>;
  /**
   * Time limit of each of those gold queries (default GOLD_TIMEOUT_MS). Generous on purpose:
   * a gold query that is merely slow on a loaded machine is not a broken one.
   */
  goldTimeoutMs?: number;
}

/** The default time a gold query may take when lint runs it: a minute. */
export const GOLD_TIMEOUT_MS = 60_000;

export type { LintRule } from './lint-rules.js';

export interface LintFinding {
  /** The suite file, when the suite was loaded from one. */
  file: string | undefined;
  /** 1-based line of the field at fault (or of the case), when known. */
  line: number | undefined;
  /** The case at fault; undefined for a suite-level finding. */
  caseId: string | undefined;
  rule: LintRule;
  severity: LintSeverity;
  message: string;
}

/** Alternatives must be answers a person can read: between these many rows. */
export const ALT_MIN_ROWS = 1;
export const ALT_MAX_ROWS = 25;

const list = (xs: readonly string[]): string => (xs.length === 0 ? '(none)' : xs.join(', '));
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Rows as a comparable key: in order when order matters, else as a sorted multiset. */
function rowsKey(rows: readonly Row[], ordered: boolean): string {
  const keys = rows.map((r) => canonicalJson(r));
  return JSON.stringify(ordered ? keys : keys.sort());
}

/**
 * The outcome the policy gives a role for a case (the engine's access rule; role-outcome.ts).
 * `scope` is the role's tables, or its RoleScope when the policy also names columns.
 */
export function expectedOutcome(c: EvalCase, scope: readonly string[] | RoleScope): Outcome {
  if (c.sql === undefined) return 'unanswerable';
  return roleOutcome(isTableList(scope) ? { tables: scope } : scope, c);
}

function isTableList(scope: readonly string[] | RoleScope): scope is readonly string[] {
  return Array.isArray(scope);
}

function normaliseSql(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim()
    .toLowerCase();
}

/** Checks a suite; an empty list means every check passed for the modes checked. */
export async function lintSuite(
  suite: EvalSuite,
  options: LintOptions = {},
): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  const active = rulesFor(options.modes ?? declaredModes(suite));
  const add = (item: EvalCase | PlanNote | undefined, rule: LintRule, message: string) => {
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
  const { policy, require = {} } = options;
  const dialect = { dialect: options.dialect ?? 'sqlite' };
  // The gold SQL is SQLite's, which names no schema: a PostgreSQL database's tables (schema
  // `public`) are read as SQLite would see them, each in the dialect's default schema.
  const schema =
    options.schema && dialect.dialect === 'sqlite'
      ? { tables: options.schema.tables.map(({ schema: _, ...table }) => table) }
      : options.schema;
  const names = schema
    ? schema.tables.flatMap((t) => [t.name, ...t.columns.map((c) => c.name)])
    : [];
  const knownDatasources = options.datasources ? new Set(options.datasources) : undefined;

  const byId = new Map<string, EvalCase>();
  for (const c of suite.cases) {
    const first = byId.get(c.id);
    if (first === undefined) {
      byId.set(c.id, c);
      continue;
    }
    const here = sourceLocation(c);
    const there = sourceLocation(first);
    add(
      c,
      'duplicate-id',
      here && there
        ? `id ${c.id} is used by the cases at lines ${there.line} and ${here.line}`
        : `id ${c.id} is used by more than one case`,
    );
  }

  const tableColumns = new Map<string, Set<string>>();
  for (const t of schema?.tables ?? [])
    tableColumns.set(t.name.toLowerCase(), new Set(t.columns.map((col) => col.name.toLowerCase())));

  for (const c of suite.cases) {
    if (require.approved && !isApproved(c)) add(c, 'not-approved', 'the case is not approved');
    if (require.source !== undefined && sourceKind(c) !== require.source)
      add(c, 'source', `source is ${sourceKind(c)}, expected ${require.source}`);
    if (require.datasource !== undefined && c.datasource !== require.datasource)
      add(c, 'datasource', `datasource is ${c.datasource}, expected ${require.datasource}`);
    if (knownDatasources && !knownDatasources.has(c.datasource))
      add(
        c,
        'unknown-datasource',
        `datasource ${c.datasource} is not one this run knows (${list([...knownDatasources])})`,
      );
    const missingRoles = (options.roles ?? []).filter((r) => !(r in c.outcome));
    if (missingRoles.length > 0)
      add(
        c,
        'outcome-roles',
        `outcome has no ${list(missingRoles)}, so the case would not be asked as ${missingRoles.length === 1 ? 'that role' : 'those roles'}`,
      );

    if (c.paraphrase_of !== undefined) {
      const target = byId.get(c.paraphrase_of);
      if (!target || target === c)
        add(
          c,
          'paraphrase-target',
          `paraphrase_of names ${c.paraphrase_of}, which is not another case`,
        );
      else if (
        rowsKey(c.rows ?? [], c.order_matters && target.order_matters) !==
        rowsKey(target.rows ?? [], c.order_matters && target.order_matters)
      )
        add(
          c,
          'paraphrase-rows',
          `rows differ from ${target.id}'s; a paraphrase group shares one result`,
        );
    }

    const answerable = c.sql !== undefined;
    const denied = Object.values(c.outcome).includes('refused');
    if (c.tags.includes('rbac-denial') !== denied)
      add(
        c,
        'rbac-denial-tag',
        denied
          ? 'some role is refused but the case lacks the rbac-denial tag'
          : 'tagged rbac-denial but no role is refused',
      );
    if (c.tags.includes('unanswerable') === answerable)
      add(
        c,
        'unanswerable-tag',
        answerable
          ? 'tagged unanswerable but has sql'
          : 'has no sql but lacks the unanswerable tag',
      );
    if (!answerable) {
      for (const [role, outcome] of Object.entries(c.outcome))
        if (outcome !== 'unanswerable')
          add(
            c,
            'outcome-mismatch',
            `role ${role}: ${outcome}, but a case without sql is unanswerable for every role`,
          );
    }

    if (policy) {
      for (const [role, outcome] of Object.entries(c.outcome)) {
        const scope = hasRole(policy, role) ? policy.roles[role] : undefined;
        if (!scope) {
          add(
            c,
            'unknown-role',
            `role ${role} is not in the policy (${list(Object.keys(policy.roles))})`,
          );
          continue;
        }
        const expected = expectedOutcome(c, scope);
        if (answerable && outcome !== expected)
          add(c, 'outcome-mismatch', `role ${role}: ${outcome}, but the policy gives ${expected}`);
      }
    }

    if (schema) {
      for (const t of c.tables)
        if (!tableColumns.has(t.toLowerCase()))
          add(c, 'unknown-table', `table ${t} is not in the database`);
      for (const col of c.columns) {
        const dot = col.lastIndexOf('.');
        const cols = tableColumns.get(col.slice(0, dot).toLowerCase());
        if (!cols?.has(col.slice(dot + 1).toLowerCase()))
          add(c, 'unknown-column', `column ${col} is not in the database`);
      }
    }

    if (!answerable) {
      if (c.plan !== undefined) add(c, 'plan-unexpected', 'an unanswerable case has no plan');
      continue;
    }
    const sql = c.sql as string;
    if (c.rows === undefined)
      add(c, 'rows-missing', 'no rows: write them with regenerate (nl2sql suite regenerate)');
    else if (active.has('rows-width') || active.has('sql-fails')) {
      // The gold as the datasource's engine runs it (PostgreSQL: its own or transpiled SQL).
      const engine = options.datasource?.engine ?? 'sqlite';
      const gold = await goldSqlFor(c, engine, names).catch((error: Error) => error);
      if (gold instanceof Error) add(c, 'sql-fails', gold.message);
      else
        await checkWidth(
          c,
          goldRowsFor(c, engine) ?? c.rows,
          gold?.sql ?? sql,
          options.datasource,
          options.goldTimeoutMs ?? GOLD_TIMEOUT_MS,
          add,
        );
    }

    if (schema) {
      const reads = await readSet(sql, schema, dialect);
      if (!reads) add(c, 'sql-unparsed', 'sql is not one parsable query');
      else {
        if (!sameList(reads.tables, c.tables))
          add(
            c,
            'tables-mismatch',
            `tables lists ${list(c.tables)}, sql reads ${list(reads.tables)}`,
          );
        if (!sameList(reads.columns, c.columns))
          add(
            c,
            'columns-mismatch',
            `columns lists ${list(c.columns)}, sql reads ${list(reads.columns)}`,
          );
      }
    }

    if (c.plan === undefined) add(c, 'plan-missing', 'an answerable case needs a gold plan');
    else {
      if (schema) {
        for (const e of validatePlan(c.plan, schema))
          add(c, 'plan-invalid', `plan${e.path === '' ? '' : ` at ${e.path}`}: ${e.message}`);
      }
      const planTables = planReads(c.plan).tables;
      if (!sameList(planTables, c.tables))
        add(c, 'plan-tables', `the plan reads ${list(planTables)}, tables lists ${list(c.tables)}`);
      const width = c.rows?.[0]?.length;
      if (width !== undefined && c.plan.select.length !== width)
        add(
          c,
          'plan-width',
          `the plan selects ${c.plan.select.length} column(s), rows have ${width}`,
        );
    }

    const alts = c.alt_sql ?? [];
    if (alts.length !== (c.alt_rows ?? []).length)
      add(
        c,
        'alt-rows-missing',
        `${alts.length} alt_sql but ${(c.alt_rows ?? []).length} alt_rows: run regenerate`,
      );
    for (const [i, alt] of alts.entries()) {
      if (normaliseSql(alt) === normaliseSql(sql))
        add(c, 'alt-repeats-gold', `alt_sql[${i}] is the gold sql written again`);
      const altRows = c.alt_rows?.[i];
      if (altRows) {
        if (altRows.length < ALT_MIN_ROWS || altRows.length > ALT_MAX_ROWS)
          add(
            c,
            'alt-row-count',
            `alt_sql[${i}] returns ${altRows.length} rows (allowed ${ALT_MIN_ROWS}-${ALT_MAX_ROWS})`,
          );
        if (c.rows && rowsKey(altRows, c.order_matters) === rowsKey(c.rows, c.order_matters))
          add(c, 'alt-repeats-gold', `alt_sql[${i}] returns the gold rows unchanged`);
      }
      if (schema) {
        const reads = await readSet(alt, schema, dialect);
        if (!reads) add(c, 'alt-unparsed', `alt_sql[${i}] is not one parsable query`);
        else {
          const outside = reads.tables.filter(
            (t) => !c.tables.some((x) => x.toLowerCase() === t.toLowerCase()),
          );
          if (outside.length > 0)
            add(c, 'alt-table', `alt_sql[${i}] reads ${list(outside)}, outside tables`);
        }
      }
    }
  }

  for (const note of suite.plan_notes ?? []) {
    const c = byId.get(note.case);
    if (!c?.plan)
      add(note, 'plan-note', `the header notes a plan for ${note.case}, which has none`);
  }
  return findings;
}

/**
 * `rows-width`: every row as wide as the first, and (with a datasource) as wide as the gold
 * sql's result. Stale rows from before the sql was edited are the usual cause. The query is
 * run keeping one row: the datasource reports the columns even of an empty result.
 */
async function checkWidth(
  c: EvalCase,
  rows: readonly Row[],
  sql: string,
  datasource: LintOptions['datasource'],
  timeoutMs: number,
  add: (c: EvalCase, rule: LintRule, message: string) => void,
): Promise<void> {
  const widths = [...new Set(rows.map((r) => r.length))];
  if (widths.length > 1) {
    add(c, 'rows-width', `rows have different widths (${widths.join(', ')} cells)`);
    return;
  }
  if (!datasource) return;
  let columns: number;
  try {
    columns = (await datasource.execute(sql, { maxRows: 1, timeoutMs })).columns.length;
  } catch (error) {
    add(c, 'sql-fails', `the gold sql fails on the database: ${(error as Error).message}`);
    return;
  }
  const width = widths[0];
  if (width !== undefined && width !== columns)
    add(
      c,
      'rows-width',
      `rows have ${width} cell(s), the gold sql returns ${columns} column(s): run regenerate`,
    );
}

/**
 * One finding as a line, located when the suite came from a file:
 * `suite.yaml:14: c1: tables-mismatch (error): tables lists Album, sql reads Artist`.
 * A suite-level finding names `(suite)` for the case.
 */
export function formatLintFinding(f: LintFinding): string {
  const place = formatPlace(f.file, f.line);
  const body = `${f.caseId ?? '(suite)'}: ${f.rule} (${f.severity}): ${f.message}`;
  return place === undefined ? body : `${place}: ${body}`;
}
