import { DEFAULT_MAX_SQL_BYTES, sqlSizeViolation } from '@nl2sql/diagnostics';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

/**
 * sql_size: an answer whose SQL is longer than the size limit fails its case run, named, and
 * is never parsed (the parser's time grows faster than the text: a 1.3 MB answer held
 * scoring for minutes). It applies only to such an answer (null otherwise), so a run of
 * ordinary SQL records no sql_size score at all. The limit is the project's
 * (`checks.max_sql_bytes`), default sqlcheck's DEFAULT_MAX_SQL_BYTES (64 KiB).
 */
export function sqlSizeScorer(maxSqlBytes: number = DEFAULT_MAX_SQL_BYTES): Scorer {
  return {
    name: 'sql_size',
    kind: 'execution',
    score(input): ScoreResult | null {
      if (input.kind !== 'ask' || !input.response.sql) return null;
      const finding = sqlSizeViolation(input.response.sql, maxSqlBytes);
      if (finding === undefined) return null;
      return verdict(
        false,
        `${finding.message}; raise checks.max_sql_bytes in evals.yaml to check it`,
        { rule: finding.rule, max_sql_bytes: maxSqlBytes },
      );
    },
  };
}

/** Is this text over the limit (so no diagnostic may parse it)? */
export function oversized(sql: string | null | undefined, maxSqlBytes?: number): boolean {
  return typeof sql === 'string' && sqlSizeViolation(sql, maxSqlBytes) !== undefined;
}
