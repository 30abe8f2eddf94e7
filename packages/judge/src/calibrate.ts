// Calibration (spec 001 section 6): run the judge on every labelled pair, count what it got
// right on each side, and report TPR and TNR with Wilson intervals and the record `eval run`
// checks. A pair the judge gave no verdict on (a failed call, an unusable answer) counts as
// wrong: a judge that cannot answer is not right. Cancellation stops calibration.
import type { TableLike } from '@nl2sql/comparator';
import { wilson } from '@nl2sql/gate';
import { LlmError, type UsageRecord } from '@nl2sql/llm';
import {
  CALIBRATION_RECORD_FORMAT,
  type CalibrationRecord,
  type PairOutcome,
  type RateInterval,
} from './calibration-record.js';
import type { CalibrationPair } from './calibration-set.js';
import {
  type CalibrationThresholds,
  resolveCalibrationThresholds,
  thresholdFailures,
} from './calibration-thresholds.js';
import type { Judge, JudgedResult, JudgeSchema } from './judge.js';
import { type LoadedCalibrationSet, loadCalibrationSet } from './load-calibration-set.js';

/** Where the pairs' queries run to show the judge their result heads, as in a real run. */
export interface CalibrationDatabase {
  execute(sql: string): Promise<TableLike & { truncated?: boolean }>;
}

export interface CalibrateOptions {
  /** The record's date (YYYY-MM-DD); the library reads no clock. */
  date: string;
  thresholds?: Partial<CalibrationThresholds>;
  /** The database's schema, shown to the judge (sliced to the tables read). */
  schema?: JudgeSchema;
  /** Run each pair's queries here and show the judge their heads. */
  database?: CalibrationDatabase;
  /** Pairs judged at once (default 4; the LLM client has its own per-provider limit too). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Confidence level of the intervals (default 0.95). */
  level?: number;
  /** Called as each pair is judged (progress). */
  onPair?: (outcome: PairOutcome, done: number, total: number) => void;
}

export interface CalibrationReport {
  record: CalibrationRecord;
  passed: boolean;
  /** Why it did not pass (empty when it did). */
  failures: string[];
  /** Every usage record of the judge's calls, for billing. */
  usage: UsageRecord[];
}

async function resultOf(
  database: CalibrationDatabase | undefined,
  sql: string,
): Promise<JudgedResult | undefined> {
  if (database === undefined) return undefined;
  try {
    const r = await database.execute(sql);
    return { columns: r.columns, rows: r.rows, ...(r.truncated ? { truncated: true } : {}) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function rate(k: number, n: number, level: number): RateInterval {
  if (n === 0) return { k, n, estimate: 0, lower: 0, upper: 1, level };
  const w = wilson(k, n, level);
  return { k, n, estimate: w.estimate, lower: w.lower, upper: w.upper, level };
}

const dateRe = /^\d{4}-\d{2}-\d{2}$/;

export async function calibrate(
  labels: LoadedCalibrationSet,
  judge: Judge,
  options: CalibrateOptions,
): Promise<CalibrationReport> {
  if (!dateRe.test(options.date))
    throw new RangeError(`date must be YYYY-MM-DD, got ${JSON.stringify(options.date)}`);
  const thresholds = resolveCalibrationThresholds(options.thresholds);
  const level = options.level ?? 0.95;
  const { set } = labels;
  const outcomes: PairOutcome[] = new Array(set.pairs.length);
  const usage: CalibrationReport['usage'] = [];
  let costUsd = 0;
  let next = 0;
  let done = 0;

  const judgeOne = async (pair: CalibrationPair): Promise<PairOutcome> => {
    const [gold, candidate] = [
      await resultOf(options.database, pair.gold),
      await resultOf(options.database, pair.candidate),
    ];
    try {
      const verdict = await judge.judge(
        {
          question: pair.question,
          dialect: set.dialect,
          ...(options.schema ? { schema: options.schema } : {}),
          orderMatters: pair.order_matters,
          gold: { sql: pair.gold, ...(gold ? { result: gold } : {}) },
          candidate: { sql: pair.candidate, ...(candidate ? { result: candidate } : {}) },
        },
        options.signal ? { signal: options.signal } : {},
      );
      usage.push(...verdict.usage);
      costUsd += verdict.costUsd;
      const said = verdict.equivalent ? 'equivalent' : 'not_equivalent';
      return {
        id: pair.id,
        category: pair.category,
        label: pair.label,
        verdict: said,
        correct: said === pair.label,
        reason: verdict.reason,
      };
    } catch (error) {
      if (error instanceof LlmError) {
        usage.push(...error.usage);
        costUsd += judge.cost(error.usage);
      }
      if (options.signal?.aborted || (error instanceof LlmError && error.code === 'CANCELLED'))
        throw error;
      return {
        id: pair.id,
        category: pair.category,
        label: pair.label,
        verdict: null,
        correct: false,
        reason: '',
        error: error instanceof Error ? error.message : String(error),
      };
    }
  };

  const worker = async () => {
    while (next < set.pairs.length) {
      const index = next++;
      const outcome = await judgeOne(set.pairs[index]!);
      outcomes[index] = outcome;
      done++;
      options.onPair?.(outcome, done, set.pairs.length);
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, set.pairs.length));
  await Promise.all(Array.from({ length: concurrency }, worker));

  const equivalent = outcomes.filter((o) => o.label === 'equivalent');
  const notEquivalent = outcomes.filter((o) => o.label === 'not_equivalent');
  const truePositive = equivalent.filter((o) => o.correct).length;
  const trueNegative = notEquivalent.filter((o) => o.correct).length;
  const tpr = rate(truePositive, equivalent.length, level);
  const tnr = rate(trueNegative, notEquivalent.length, level);
  const failures = thresholdFailures(
    {
      pairs: outcomes.length,
      equivalent: equivalent.length,
      notEquivalent: notEquivalent.length,
      tpr: tpr.estimate,
      tnr: tnr.estimate,
    },
    thresholds,
  );
  const record: CalibrationRecord = {
    format: CALIBRATION_RECORD_FORMAT,
    date: options.date,
    judge: { ...judge.identity },
    labels: {
      name: set.name,
      version: set.version,
      sha256: labels.sha256,
      pairs: outcomes.length,
      equivalent: equivalent.length,
      notEquivalent: notEquivalent.length,
    },
    inputs: { schema: options.schema !== undefined, resultHeads: options.database !== undefined },
    thresholds,
    counts: {
      truePositive,
      falseNegative: equivalent.length - truePositive,
      trueNegative,
      falsePositive: notEquivalent.length - trueNegative,
      errors: outcomes.filter((o) => o.verdict === null).length,
    },
    tpr,
    tnr,
    passed: failures.length === 0,
    failures,
    costUsd,
    pairs: outcomes,
  };
  return { record, passed: record.passed, failures, usage };
}

/** `nl2sql judge calibrate --labels FILE`: load the labels, then calibrate. */
export async function runCalibration(
  labelsFile: string,
  judge: Judge,
  options: CalibrateOptions,
): Promise<CalibrationReport> {
  return calibrate(await loadCalibrationSet(labelsFile), judge, options);
}
