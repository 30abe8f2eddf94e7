// What lintSuite is told about the run a suite is checked for: the database's schema and
// the database itself, the policy, the datasources and roles the run knows, requirements
// every case must meet, and which modes' rules apply.

import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Datasource } from '@nl2sql/datasource';
import type { SourceKind } from './case.js';
import type { SuiteMode } from './lint-rules.js';
import type { SchemaLike } from './schema-like.js';

export interface LintOptions {
  /** The database the cases ask about; table, column, SQL-read and plan checks need it. */
  schema?: SchemaLike;
  /** The access policy outcomes must follow. */
  policy?: AccessPolicy;
  /**
   * Requirements every case must meet, e.g. `{ approved: true, source: 'hand', datasource:
   * 'chinook' }`. `alt_same_tables`: no alternative reads a table outside its case's `tables`
   * (Chinook's rule; by default an alternative may declare its own in `alt_reads`).
   */
  require?: {
    approved?: boolean;
    source?: SourceKind;
    datasource?: string;
    alt_same_tables?: boolean;
    /** Every tag from CASE_TAGS (the Chinook suite); a user's suite may use its own. */
    fixed_tags?: boolean;
  };
  /** SQL dialect of `sql` and `alt_sql` (default sqlite). */
  dialect?: string;
  /** Report only the rules that matter to these modes (default: declaredModes(suite)). */
  modes?: readonly SuiteMode[];
  /** The datasource ids the run knows; a case naming another is `unknown-datasource`. */
  datasources?: readonly string[];
  /** The roles the run asks as; a case whose outcome lacks one is `outcome-roles`. */
  roles?: readonly string[];
  /**
   * The database itself: each gold sql is compiled there (`columns`; without it, run keeping
   * one row) to learn its column count for `rows-width`, and `sql-fails` reports one the
   * database rejects (decisions/lint-gold-compiles.md). On a PostgreSQL datasource
   * (`engine`) the gold is the case's PostgreSQL SQL (goldSqlFor) and the rows its
   * goldRowsFor. Without it, rows are only checked against each other.
   */
  datasource?: Pick<Datasource, 'execute'> & Partial<Pick<Datasource, 'engine' | 'columns'>>;
  /**
   * Time limit of each of those gold queries (default GOLD_TIMEOUT_MS). Generous on purpose:
   * a gold query that is merely slow on a loaded machine is not a broken one (a compile is
   * seldom slow; a datasource that runs the query instead needs it).
   */
  goldTimeoutMs?: number;
  /**
   * Only these cases (by id) get their own checks, the ones that read the database among them;
   * the suite's own rules (ids, references between cases, plan notes) still read every case.
   * For a run that asks some cases only (decisions/admission-asked-cases.md). Default: all.
   */
  cases?: readonly string[];
  /** Cases checked at once (default LINT_CONCURRENCY); findings keep case order either way. */
  concurrency?: number;
}

/**
 * Cases lint checks at once: the default pool of the SQLite and PostgreSQL datasources, so
 * the gold queries of four cases run side by side rather than one after another.
 */
export const LINT_CONCURRENCY = 4;

/** The default time a gold query may take when lint runs it: a minute. */
export const GOLD_TIMEOUT_MS = 60_000;
