// Every lint rule, classified: which run modes it matters to, and whether it blocks a run
// (error: a score on such a suite cannot be trusted, or the case cannot be scored at all) or
// only reports (warning: bookkeeping that changes no verdict). `eval run` refuses a suite
// with an error for its mode; `suite lint` reports both. Reasons: decisions/suite-lint-rules.md.

import type { EvalSuite } from './case.js';

/**
 * The kinds of run a suite can be checked for:
 * - plans: the reference engine on the gold-plan fake LLM (needs every plan);
 * - full: the reference engine on real models;
 * - engine: an external engine over HTTP (`--engine URL`), which sees no plan;
 * - retrieval: schema retrieval recall against `tables` and `columns` (no rows scored).
 */
export const SUITE_MODES = ['plans', 'full', 'engine', 'retrieval'] as const;
export type SuiteMode = (typeof SUITE_MODES)[number];

export type LintSeverity = 'error' | 'warning';

export type LintRule =
  | 'duplicate-id'
  | 'unknown-datasource'
  | 'not-approved'
  | 'source'
  | 'datasource'
  | 'tag-vocabulary'
  | 'paraphrase-target'
  | 'paraphrase-rows'
  | 'unknown-table'
  | 'unknown-column'
  | 'sql-unparsed'
  | 'tables-mismatch'
  | 'columns-mismatch'
  | 'unknown-role'
  | 'outcome-mismatch'
  | 'outcome-roles'
  | 'rbac-denial-tag'
  | 'unanswerable-tag'
  | 'clarify-reason'
  | 'rows-missing'
  | 'rows-width'
  | 'sql-fails'
  | 'plan-missing'
  | 'plan-unexpected'
  | 'plan-invalid'
  | 'plan-tables'
  | 'plan-width'
  | 'plan-note'
  | 'alt-rows-missing'
  | 'alt-unparsed'
  | 'alt-table'
  | 'alt-reads-mismatch'
  | 'alt-same-tables'
  | 'alt-no-role'
  | 'alt-row-count'
  | 'alt-repeats-gold';

export interface LintRuleInfo {
  readonly severity: LintSeverity;
  /** The run modes the rule matters to; it is not reported for a lint of other modes. */
  readonly modes: readonly SuiteMode[];
  /** The case key a finding points at (its line), when there is one. */
  readonly field?: string;
  /** What the rule checks, one line. */
  readonly checks: string;
}

const ALL = SUITE_MODES;
/** The modes that compare result rows with the gold rows. */
const ROWS: readonly SuiteMode[] = ['plans', 'full', 'engine'];
const PLANS: readonly SuiteMode[] = ['plans'];

export const LINT_RULES: Readonly<Record<LintRule, LintRuleInfo>> = {
  'duplicate-id': { severity: 'error', modes: ALL, field: 'id', checks: 'each id is used once' },
  'unknown-datasource': {
    severity: 'error',
    modes: ALL,
    field: 'datasource',
    checks: 'the datasource is one the run knows',
  },
  datasource: {
    severity: 'error',
    modes: ALL,
    field: 'datasource',
    checks: 'the datasource is the required one (require.datasource)',
  },
  'not-approved': {
    severity: 'warning',
    modes: ALL,
    field: 'approved',
    checks: 'the case is approved (require.approved)',
  },
  source: {
    severity: 'warning',
    modes: ALL,
    field: 'source',
    checks: 'the source is the required one (require.source)',
  },
  'tag-vocabulary': {
    severity: 'error',
    modes: ALL,
    field: 'tags',
    checks: 'every tag is one of the fixed vocabulary (require.fixed_tags; the Chinook suite)',
  },
  'paraphrase-target': {
    severity: 'warning',
    modes: ALL,
    field: 'paraphrase_of',
    checks: 'paraphrase_of names another case',
  },
  'paraphrase-rows': {
    severity: 'error',
    modes: ROWS,
    field: 'paraphrase_of',
    checks: 'a paraphrase has the rows of the case it rephrases',
  },
  'unknown-table': {
    severity: 'error',
    modes: ALL,
    field: 'tables',
    checks: 'every table in tables is in the database',
  },
  'unknown-column': {
    severity: 'error',
    modes: ALL,
    field: 'columns',
    checks: 'every column in columns is in the database',
  },
  'sql-unparsed': {
    severity: 'warning',
    modes: ALL,
    field: 'sql',
    checks: 'the SQL parser reads the gold sql (else tables and columns go unchecked)',
  },
  'tables-mismatch': {
    severity: 'error',
    modes: ALL,
    field: 'tables',
    checks: 'tables is what the gold sql reads',
  },
  'columns-mismatch': {
    severity: 'error',
    modes: ALL,
    field: 'columns',
    checks: 'columns is what the gold sql reads',
  },
  'unknown-role': {
    severity: 'error',
    modes: ALL,
    field: 'outcome',
    checks: 'every role in outcome is in the access policy',
  },
  'outcome-mismatch': {
    severity: 'error',
    modes: ALL,
    field: 'outcome',
    checks: 'each outcome is what the policy gives the role',
  },
  'outcome-roles': {
    severity: 'error',
    modes: ALL,
    field: 'outcome',
    checks: 'outcome lists every role the run asks as (roles given)',
  },
  'rbac-denial-tag': {
    severity: 'warning',
    modes: ALL,
    field: 'tags',
    checks: 'tagged rbac-denial exactly when some role is refused',
  },
  'unanswerable-tag': {
    severity: 'warning',
    modes: ALL,
    field: 'tags',
    checks: 'tagged unanswerable exactly when there is no sql',
  },
  'clarify-reason': {
    severity: 'error',
    modes: ALL,
    field: 'clarify_reason',
    checks: 'clarify_reason is set exactly when some role expects clarify',
  },
  'rows-missing': {
    severity: 'error',
    modes: ROWS,
    checks: 'an answerable case has gold rows (written by regenerate)',
  },
  'rows-width': {
    severity: 'error',
    modes: ROWS,
    field: 'rows',
    checks: "every row has as many cells as the gold sql's result has columns",
  },
  'sql-fails': {
    severity: 'error',
    modes: ROWS,
    field: 'sql',
    checks: 'the database accepts the gold sql: it compiles there (with a datasource)',
  },
  'plan-missing': { severity: 'error', modes: PLANS, checks: 'an answerable case has a plan' },
  'plan-unexpected': {
    severity: 'error',
    modes: PLANS,
    field: 'plan',
    checks: 'an unanswerable case has no plan',
  },
  'plan-invalid': {
    severity: 'error',
    modes: PLANS,
    field: 'plan',
    checks: 'the plan is valid against the schema',
  },
  'plan-tables': {
    severity: 'error',
    modes: PLANS,
    field: 'plan',
    checks: 'the plan reads exactly tables',
  },
  'plan-width': {
    severity: 'error',
    modes: PLANS,
    field: 'plan',
    checks: 'the plan selects as many columns as rows has',
  },
  'plan-note': {
    severity: 'warning',
    modes: PLANS,
    field: 'case',
    checks: 'a plan note names a case with a plan',
  },
  'alt-rows-missing': {
    severity: 'error',
    modes: ROWS,
    field: 'alt_sql',
    checks: 'every alt_sql has its alt_rows (written by regenerate)',
  },
  'alt-unparsed': {
    severity: 'warning',
    modes: ROWS,
    field: 'alt_sql',
    checks: 'the SQL parser reads each alt_sql',
  },
  'alt-table': {
    severity: 'error',
    modes: ROWS,
    field: 'alt_sql',
    checks:
      'an alternative without alt_reads reads no table outside tables, nor a column an allowed role may not read',
  },
  'alt-reads-mismatch': {
    severity: 'error',
    modes: ROWS,
    field: 'alt_reads',
    checks: 'alt_reads has one entry per alt_sql, each what that alternative reads',
  },
  'alt-same-tables': {
    severity: 'error',
    modes: ROWS,
    field: 'alt_reads',
    checks: "an alternative reads only the case's tables (require.alt_same_tables)",
  },
  'alt-no-role': {
    severity: 'warning',
    modes: ROWS,
    field: 'alt_sql',
    checks: 'an alternative counts for at least one role the case allows (with a policy)',
  },
  'alt-row-count': {
    severity: 'error',
    modes: ROWS,
    field: 'alt_rows',
    checks: 'an alternative returns 1-25 rows',
  },
  'alt-repeats-gold': {
    severity: 'warning',
    modes: ROWS,
    field: 'alt_sql',
    checks: 'an alternative is not the gold sql or rows again',
  },
};

/** The rules that matter to at least one of `modes`. */
export function rulesFor(modes: readonly SuiteMode[]): Set<LintRule> {
  const wanted = new Set(modes);
  return new Set(
    (Object.keys(LINT_RULES) as LintRule[]).filter((rule) =>
      LINT_RULES[rule].modes.some((m) => wanted.has(m)),
    ),
  );
}

/**
 * The modes a suite is meant for. The format has no field for it, so it is read from the
 * cases: every suite can be run in modes full, engine and retrieval (they need questions,
 * rows, outcomes, tables and columns, which every case has); a suite is meant for mode
 * plans when any case has a plan (decisions/suite-lint-rules.md).
 */
export function declaredModes(suite: EvalSuite): SuiteMode[] {
  const plans = suite.cases.some((c) => c.plan !== undefined);
  return SUITE_MODES.filter((m) => m !== 'plans' || plans);
}
