import type { SchemaLike, SqlAnalysis } from './plugins.js';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

export interface SqlChecksOptions {
  /** The SQL dialect of the generated SQL. Default `sqlite`. */
  readonly dialect?: string;
  /** The schema for L2 (tables and columns exist); without it L2 is skipped. */
  readonly schema?: SchemaLike;
  /**
   * The schema of each datasource, by id, for a run whose cases ask several: L2 checks a
   * case's SQL against the schema of the datasource the case names (and is skipped for a
   * datasource not listed). Takes the place of `schema`.
   */
  readonly schemas?: Readonly<Record<string, SchemaLike>>;
  /**
   * The largest LIMIT L3 accepts. runEval sets it from the run's row cap (`maxRows + 1`,
   * see row-cap.ts); default sqlcheck's own (1000).
   */
  readonly maxLimit?: number;
  /** L3's LIMIT policy: false leaves the bound to the row cap (evals.yaml checks.require_limit). Default true. */
  readonly requireLimit?: boolean;
  /** Function names vetted beyond sqlcheck's list (evals.yaml checks.allowed_functions). */
  readonly allowedFunctions?: readonly string[];
  /**
   * The longest SQL (UTF-8 bytes) any check or diagnostic parses; a longer answer fails its
   * case run (sql_size) and is reported here unread. Default sqlcheck's (64 KiB).
   */
  readonly maxSqlBytes?: number;
}

/**
 * sql_checks: the static checks (L1 syntax, L2 schema, L3 safety) of the SQL the engine
 * ran, and sqlcheck's diagnostics (constant_query), as a diagnostic beside the scores: it
 * says why a failing case failed and flags SQL that passed by luck (a constant query makes
 * a passing case run `suspect`, see suspect.ts), but never changes a case's status.
 */
export function sqlChecksScorer(sql: SqlAnalysis, options: SqlChecksOptions = {}): Scorer {
  return {
    name: 'sql_checks',
    kind: 'diagnostic',
    async score(input): Promise<ScoreResult | null> {
      if (input.kind !== 'ask' || !input.response.sql) return null;
      const schema = options.schemas
        ? Object.hasOwn(options.schemas, input.case.datasource)
          ? options.schemas[input.case.datasource]
          : undefined
        : options.schema;
      const report = await sql.runChecks(input.response.sql, {
        dialect: options.dialect ?? 'sqlite',
        ...(schema ? { schema } : {}),
        ...(options.maxLimit !== undefined ? { maxLimit: options.maxLimit } : {}),
        ...(options.requireLimit !== undefined ? { requireLimit: options.requireLimit } : {}),
        ...(options.allowedFunctions ? { allowedFunctions: options.allowedFunctions } : {}),
        ...(options.maxSqlBytes !== undefined ? { maxSqlBytes: options.maxSqlBytes } : {}),
      });
      const failed = report.levels.filter((level) => !level.pass);
      return verdict(
        report.pass,
        failed
          .map(
            (level) =>
              `${level.level} ${level.name}: ${level.violations.map((v) => v.message).join('; ')}`,
          )
          .join(' | '),
        {
          levels: report.levels.map((level) => ({
            level: level.level,
            name: level.name,
            pass: level.pass,
            skipped: level.skipped,
            violations: level.violations.map((v) => ({ rule: v.rule, message: v.message })),
          })),
          // Findings that fail no level: constant_query (values written in the SQL's text).
          diagnostics: report.diagnostics.map((d) => ({
            rule: d.rule,
            reason: d.reason,
            message: d.message,
          })),
        },
      );
    },
  };
}
