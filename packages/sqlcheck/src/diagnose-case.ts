// Every SQL diagnostic of one case run in one call, for the runner's case record (001 §4, 004
// A.1, D.11, §4.5): normalised exact match, component F1, AST similarity, filter-value (ID)
// accuracy, the gold's difficulty and the error class of a failure. Diagnostics only: none of
// them changes a case's status. The result is plain JSON.

import { astSimilarityScore } from './ast-similarity.js';
import type { ComponentScores } from './component-f1.js';
import { componentF1 } from './component-f1.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import type { DifficultyLevel } from './difficulty.js';
import { difficulty } from './difficulty.js';
import type { ErrorClass, FailureVerdict } from './error-class.js';
import { errorClass } from './error-class.js';
import type { FilterValue, ValueShare } from './filter-value-accuracy.js';
import { filterValueAccuracy } from './filter-value-accuracy.js';
import type { KeyedSchemaLike } from './keyed-schema.js';
import { normalizedMatch } from './normalized-match.js';
import { forgetParses } from './query-parse.js';

export interface DiagnoseCaseInput {
  goldSql: string;
  /** Alternative gold queries: normalised exact match accepts any of them. */
  altSql?: readonly string[];
  predSql: string | null | undefined;
  dialect: SqlDialect | string;
  verdict: FailureVerdict;
  schema?: KeyedSchemaLike;
  lookupTables?: readonly string[];
}

export interface CaseDiagnostics {
  /** The prediction's canonical form equals the gold's (or an alternative's). */
  normalizedMatch: boolean;
  /** Per-clause F1 against the gold; null when either side is not one query. */
  componentF1: ComponentScores | null;
  astSimilarity: number | null;
  /** Filter-value accuracy against the gold; null when either side is not one query. */
  filterValues:
    | (ValueShare & { missing: FilterValue[]; extra: FilterValue[]; ids: ValueShare })
    | null;
  /** The gold's difficulty (004 A.1); null when the gold is not one query. */
  difficulty: { level: DifficultyLevel; joins: number; hasCte: boolean } | null;
  /** Null when the case passed. */
  errorClass: ErrorClass | null;
  errorClasses: ErrorClass[];
  errorEvidence: string[];
}

/** All diagnostics of one case run. The gold must be one query; a broken prediction is fine. */
export async function diagnoseCase(
  input: DiagnoseCaseInput,
  options: DiagnoseOptions = {},
): Promise<CaseDiagnostics> {
  try {
    return await diagnose(input, options.signal);
  } finally {
    // the parses shared by this case run's diagnostics (parse-memo.ts) are not needed again
    forgetParses(toDialect(input.dialect), [
      input.goldSql,
      ...(input.altSql ?? []),
      input.predSql ?? '',
    ]);
  }
}

/** How a case run's diagnostics may be stopped. */
export interface DiagnoseOptions {
  /**
   * Stops the diagnostics between two of them (the promise rejects with its reason). Each
   * metric is the CPU's work; between them the event loop takes a turn, so the signal that
   * aborts (a SIGINT) is seen: a long SQL's diagnostics take seconds, each metric a fraction.
   */
  readonly signal?: AbortSignal;
}

/** A turn of the event loop, then the abort check. */
async function between(signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}

async function diagnose(input: DiagnoseCaseInput, signal?: AbortSignal): Promise<CaseDiagnostics> {
  const pred = input.predSql ?? '';
  const hasSql = pred.trim() !== '';
  // One metric at a time, a turn of the event loop between them when the caller can stop it.
  const step = async <T>(work: () => T | Promise<T>): Promise<T> => {
    await between(signal);
    return await work();
  };
  const match = hasSql
    ? await step(() =>
        normalizedMatch(pred, [input.goldSql, ...(input.altSql ?? [])], input.dialect),
      )
    : undefined;
  const f1 = hasSql ? await step(() => componentF1(input.goldSql, pred, input.dialect)) : undefined;
  const ast = hasSql
    ? await step(() => astSimilarityScore(input.goldSql, pred, input.dialect))
    : undefined;
  const values = hasSql
    ? await step(() => filterValueAccuracy(input.goldSql, pred, input.dialect))
    : undefined;
  const level = await step(() => difficulty(input.goldSql, input.dialect));
  const classification = await step(() =>
    errorClass({
      goldSql: input.goldSql,
      predSql: input.predSql,
      dialect: input.dialect,
      verdict: input.verdict,
      ...(input.schema ? { schema: input.schema } : {}),
      ...(input.lookupTables ? { lookupTables: input.lookupTables } : {}),
    }),
  );
  return {
    normalizedMatch: match?.match ?? false,
    componentF1: f1?.scores ?? null,
    astSimilarity: ast ?? null,
    filterValues: values
      ? {
          total: values.total,
          present: values.present,
          accuracy: values.accuracy,
          allPresent: values.allPresent,
          missing: values.missing,
          extra: values.extra,
          ids: values.ids,
        }
      : null,
    difficulty: level ?? null,
    errorClass: classification.errorClass,
    errorClasses: classification.applicable,
    errorEvidence: classification.evidence,
  };
}
