import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Mode } from '@nl2sql/records';
import { faithfulnessScorer } from './faithfulness-scorer.js';
import { outcomeScorer } from './outcome-scorer.js';
import { peerPoliciesScorer } from './peer-policies-scorer.js';
import type { RunnerPlugins, SqlAnalysis } from './plugins.js';
import { requireSql } from './require-plugins.js';
import { resultMatchScorer } from './result-match-scorer.js';
import { retrievalRecallScorer, type SelectionScoring } from './retrieval-recall-scorer.js';
import { routingScorer } from './routing-scorer.js';
import { DEFAULT_MAX_ROWS, rowCapLimit } from './row-cap.js';
import type { Scorer } from './scorer.js';
import { type SqlChecksOptions, sqlChecksScorer } from './sql-checks-scorer.js';
import { sqlSizeScorer } from './sql-size-scorer.js';

/** What the built-in scorers can be told (runEval's options of the same names). */
export interface ScorerOptions {
  /**
   * Static checks of the generated SQL as diagnostics; false turns them off. Default sqlite,
   * no schema (L2 skipped: pass the datasource's introspected schema to run it), and the
   * largest LIMIT the run's row cap lets the engine write.
   */
  readonly sqlChecks?: SqlChecksOptions | false;
  /** The row cap the engines of the run were built with. Default 1000. */
  readonly maxRows?: number;
  /** What a refusal must say. Default the engine's GENERIC_REFUSAL. */
  readonly refusalMessage?: string;
  /**
   * The access policy the roles were asked under: an allowed answer whose SQL reads a table
   * or column outside the role's scope fails outcome as a leak (scope-leak.ts), checked
   * against the schema and dialect of `sqlChecks`, and an alternative gold counts only for
   * a role that may read all it reads (role-golds.ts). Default: neither is checked.
   */
  readonly policy?: AccessPolicy;
  /** Numeric tolerance of the row comparison. Default 0.005. */
  readonly tolerance?: number;
  /**
   * Mode retrieval: the schema (and a restricted runner) to score each selection as spec
   * 003 does (relationships, element recall, complete strategy, state, reference-SQL match).
   * Without it only table and column recall are scored.
   */
  readonly selection?: SelectionScoring;
  /** The datasource's engine (`database.engine`), whose gold rows are compared (default sqlite). */
  readonly datasourceEngine?: string;
  /**
   * Also score each case run by the public leaderboards' rules (peer_policies, a
   * diagnostic): the board's `policies` section. Default false.
   */
  readonly peerPolicies?: boolean;
  /**
   * The plugins the run was given (runEval's `plugins`): outcome's scope check and sql_checks
   * read SQL with `plugins.sql` (MISSING_PLUGIN without it, outside mode retrieval).
   */
  readonly plugins?: RunnerPlugins;
}

/** The policy with the schema and dialect each case's SQL is read in (those of the SQL checks). */
function policyScope(
  policy: AccessPolicy,
  sql: SqlAnalysis,
  checks: SqlChecksOptions | false | undefined,
) {
  const given = checks === false ? {} : (checks ?? {});
  return {
    policy,
    sql,
    dialect: given.dialect ?? 'sqlite',
    ...(given.maxSqlBytes !== undefined ? { maxSqlBytes: given.maxSqlBytes } : {}),
    schemaOf: (datasource: string) =>
      given.schemas
        ? Object.hasOwn(given.schemas, datasource)
          ? given.schemas[datasource]
          : undefined
        : given.schema,
  };
}

/** The scorers a mode runs, in order: execution first, then quality, then diagnostics. */
export function defaultScorers(mode: Mode, options: ScorerOptions = {}): Scorer[] {
  if (mode === 'retrieval') return [retrievalRecallScorer(options.selection), routingScorer()];
  const checks = options.sqlChecks === false ? {} : (options.sqlChecks ?? {});
  const sql = requireSql(options.plugins, `the scorers of mode ${mode}`);
  const scorers: Scorer[] = [
    // first, so its explanation is the case run's: nothing after it reads the text's meaning
    sqlSizeScorer(checks.maxSqlBytes),
    outcomeScorer({
      ...(options.refusalMessage ? { refusalMessage: options.refusalMessage } : {}),
      ...(options.policy ? { scope: policyScope(options.policy, sql, options.sqlChecks) } : {}),
    }),
    resultMatchScorer({
      ...(options.tolerance !== undefined ? { tolerance: options.tolerance } : {}),
      ...(options.datasourceEngine !== undefined ? { engine: options.datasourceEngine } : {}),
      // An alternative counts only for a role that may read all it reads.
      ...(options.policy ? { policy: options.policy } : {}),
    }),
  ];
  // Mode plans' fake synthesizer writes one fixed sentence for every case: nothing to check.
  if (mode === 'full') scorers.push(faithfulnessScorer());
  scorers.push(routingScorer());
  if (options.peerPolicies === true)
    scorers.push(
      peerPoliciesScorer(
        options.datasourceEngine !== undefined ? { engine: options.datasourceEngine } : {},
      ),
    );
  if (options.sqlChecks !== false) {
    const maxLimit = rowCapLimit(options.maxRows ?? DEFAULT_MAX_ROWS);
    scorers.push(sqlChecksScorer(sql, { maxLimit, ...(options.sqlChecks ?? {}) }));
  }
  return scorers;
}
