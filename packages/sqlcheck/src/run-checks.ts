// L1 + L2 + L3 in one call over a single parse, for the CLI (`nl2sql check`) and the
// engine's validator: each level is reported on its own so a caller can print all three.
import type { SchemaLike } from './catalog.js';
import type { ConstantQuery } from './constant-query.js';
import { constantOf } from './constant-query.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import { safetyOf } from './safety.js';
import { schemaOf } from './schema-check.js';
import { sharedParse } from './shared-parse.js';
import { sqlSizeViolation } from './sql-size.js';
import { syntaxOf } from './syntax.js';
import type { Verdict, Violation } from './verdict.js';

export interface RunChecksOptions {
  dialect: SqlDialect | string;
  /** Without a schema L2 is skipped (reported as `skipped: true`, pass true). */
  schema?: SchemaLike;
  maxLimit?: number;
  /** See SafetyOptions.requireLimit (default true). */
  requireLimit?: boolean;
  /**
   * Longest SQL (UTF-8 bytes) that is parsed at all; longer text fails L1 and L3 with
   * `sql-too-large` unread. Default DEFAULT_MAX_SQL_BYTES (64 KiB).
   */
  maxSqlBytes?: number;
  allowedTables?: Iterable<string>;
  allowedFunctions?: Iterable<string>;
  /** See SafetyOptions.maxValueBytes (default DEFAULT_MAX_VALUE_BYTES, 4 MiB). */
  maxValueBytes?: number;
}

export interface LevelVerdict extends Verdict {
  level: 'L1' | 'L2' | 'L3';
  name: 'syntax' | 'schema' | 'safety';
  skipped: boolean;
}

/**
 * A finding that never fails a level; the caller decides what it means. Today one kind:
 * `constant_query`, the values the query returns are written in its text (see
 * `constantQuery`), so a row comparison can pass without reading the database.
 */
export interface CheckDiagnostic {
  rule: 'constant_query';
  /** 'reads-no-table' or 'constant-values' (see ConstantQuery.reason). */
  reason: NonNullable<ConstantQuery['reason']>;
  message: string;
}

export interface CheckReport {
  /** True when every level that ran passed. Diagnostics do not count. */
  pass: boolean;
  levels: [LevelVerdict, LevelVerdict, LevelVerdict];
  statementKinds: string[];
  /** Diagnostics on the one query; empty when L1 fails. */
  diagnostics: CheckDiagnostic[];
}

export async function runChecks(sql: string, options: RunChecksOptions): Promise<CheckReport> {
  const dialect = toDialect(options.dialect);
  const tooLarge = sqlSizeViolation(sql, options.maxSqlBytes);
  if (tooLarge) return unread(tooLarge, options.schema !== undefined);
  const sdk = await loadSdk();
  const parsed = sharedParse(sdk, sql, dialect);
  const l1 = syntaxOf(parsed);
  const q = l1.query;
  let l2: LevelVerdict;
  if (!options.schema) {
    l2 = { level: 'L2', name: 'schema', skipped: true, pass: true, violations: [] };
  } else if (q === undefined) {
    l2 = {
      level: 'L2',
      name: 'schema',
      skipped: false,
      pass: false,
      violations: [{ rule: 'not-checked', message: 'schema not checked: the SQL failed L1' }],
    };
  } else {
    l2 = { level: 'L2', name: 'schema', skipped: false, ...schemaOf(q, options.schema, dialect) };
  }
  const l3: LevelVerdict = {
    level: 'L3',
    name: 'safety',
    skipped: false,
    ...safetyOf(sql, parsed, { ...options, dialect }),
  };
  const l1v: LevelVerdict = {
    level: 'L1',
    name: 'syntax',
    skipped: false,
    pass: l1.verdict.pass,
    violations: l1.verdict.violations,
  };
  const diagnostics: CheckDiagnostic[] = [];
  if (q !== undefined) {
    const c = constantOf(q, dialect);
    if (c.constant && c.reason && c.message) {
      diagnostics.push({ rule: 'constant_query', reason: c.reason, message: c.message });
    }
  }
  return {
    pass: l1v.pass && l2.pass && l3.pass,
    levels: [l1v, l2, l3],
    statementKinds: l1.verdict.statementKinds,
    diagnostics,
  };
}

/** The report on a text refused before the parse: L1 and L3 fail with the one finding. */
function unread(finding: Violation, withSchema: boolean): CheckReport {
  const l2: LevelVerdict = withSchema
    ? {
        level: 'L2',
        name: 'schema',
        skipped: false,
        pass: false,
        violations: [{ rule: 'not-checked', message: 'schema not checked: the SQL failed L1' }],
      }
    : { level: 'L2', name: 'schema', skipped: true, pass: true, violations: [] };
  return {
    pass: false,
    levels: [
      { level: 'L1', name: 'syntax', skipped: false, pass: false, violations: [finding] },
      l2,
      { level: 'L3', name: 'safety', skipped: false, pass: false, violations: [finding] },
    ],
    statementKinds: [],
    diagnostics: [],
  };
}
