// One case's efficiency against its gold (001 §5.3; BIRD's VES, Mini-Dev's R-VES): both
// queries run on the same datasource, warm-up runs first (untimed), then `repeats` timed
// rounds that alternate which query goes first, so drift and cache effects fall on both.
// Each round gives one ratio time(gold) / time(prediction); outliers beyond 3 standard
// deviations are dropped and the rest averaged, as BIRD does. The time of a run is the
// datasource's `elapsedMs`: time on the connection, not time waiting for one.
// See decisions/efficiency-ves.md for every rule and where it differs from BIRD's script.
import type { Datasource } from '@nl2sql/datasource';
import { DatasourceError } from '@nl2sql/datasource';
import { type EfficiencyStatus, type RvesReward, rvesReward, vesReward } from '@nl2sql/diagnostics';
import { EfficiencyError } from './efficiency-error.js';
import { trimOutliers } from './outlier-trim.js';

export const DEFAULT_REPEATS = 20;
export const DEFAULT_WARMUP = 2;
export const DEFAULT_TRIM_SIGMAS = 3;
/** A run is never taken as shorter than this (ms), so a ratio is always finite. */
export const MIN_RUN_MS = 0.001;

export interface MeasureEfficiencyOptions {
  /** Where both queries run. Give it to this measurement alone (e.g. a pool of one connection), so both run on the same connection with nothing else in between. */
  datasource: Pick<Datasource, 'execute'>;
  goldSql: string;
  predSql: string;
  /** Whether the prediction's rows matched the gold's (the run's verdict). Incorrect predictions are not timed. */
  correct: boolean;
  /** Timed rounds, each running both queries once (default 20). */
  repeats?: number;
  /** Untimed runs of each query before timing (default 2). */
  warmup?: number;
  /** Outlier bound in standard deviations, above 1 (default 3, BIRD's). */
  trimSigmas?: number;
  /** Per execution; passed to the datasource. */
  timeoutMs?: number;
  /** Per execution; a result cut at this cap cannot be timed fairly and makes the case `error`. */
  maxRows?: number;
  signal?: AbortSignal;
}

export interface TimedRound {
  goldMs: number;
  predMs: number;
  /** goldMs / predMs. */
  ratio: number;
  /** Which query ran first in this round. */
  first: 'gold' | 'prediction';
  /** Dropped by the outlier rule. */
  outlier: boolean;
}

export interface QueryTimes {
  medianMs: number;
  meanMs: number;
  minMs: number;
}

export interface EfficiencyMeasurement {
  status: EfficiencyStatus;
  /** Mean of the kept per-round ratios time(gold) / time(prediction); 0 unless measured. */
  timeRatio: number;
  /** Median of all per-round ratios (a robust second opinion); null unless measured. */
  medianRatio: number | null;
  /** VES's R(n) = sqrt(timeRatio); 0 unless measured. */
  ves: number;
  /** R-VES's reward bucket of timeRatio; 0 unless measured. */
  reward: RvesReward;
  rounds: TimedRound[];
  /** Rounds dropped as outliers. */
  outliers: number;
  gold: QueryTimes | null;
  prediction: QueryTimes | null;
  repeats: number;
  warmup: number;
  /** Why the case is `timeout` or `error`. */
  error?: { side: 'gold' | 'prediction'; code: string; message: string };
}

function checkOption(name: string, value: number, ok: boolean): void {
  if (!ok) throw new EfficiencyError('invalid_option', `measureEfficiency: ${name} is ${value}`);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function times(xs: readonly number[]): QueryTimes {
  return {
    medianMs: median(xs),
    meanMs: xs.reduce((a, b) => a + b, 0) / xs.length,
    minMs: Math.min(...xs),
  };
}

class RunFailure extends Error {
  constructor(
    readonly side: 'gold' | 'prediction',
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Time one case's prediction against its gold. One call per case; it never throws for SQL that fails (only for bad options or a cancelled signal). */
export async function measureEfficiency(
  options: MeasureEfficiencyOptions,
): Promise<EfficiencyMeasurement> {
  const repeats = options.repeats ?? DEFAULT_REPEATS;
  const warmup = options.warmup ?? DEFAULT_WARMUP;
  const sigmas = options.trimSigmas ?? DEFAULT_TRIM_SIGMAS;
  checkOption('repeats', repeats, Number.isInteger(repeats) && repeats >= 1 && repeats <= 10_000);
  checkOption('warmup', warmup, Number.isInteger(warmup) && warmup >= 0 && warmup <= 1000);
  // above 1, Chebyshev's inequality guarantees some ratio is kept
  checkOption('trimSigmas', sigmas, sigmas > 1);
  const empty = {
    timeRatio: 0,
    medianRatio: null,
    ves: 0,
    reward: 0 as RvesReward,
    outliers: 0,
    gold: null,
    prediction: null,
    repeats,
    warmup,
  };
  if (!options.correct) return { status: 'incorrect', rounds: [], ...empty };

  const execOptions = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRows !== undefined ? { maxRows: options.maxRows } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const run = async (side: 'gold' | 'prediction'): Promise<number> => {
    const sql = side === 'gold' ? options.goldSql : options.predSql;
    let result: Awaited<ReturnType<Datasource['execute']>>;
    try {
      result = await options.datasource.execute(sql, execOptions);
    } catch (error) {
      if (error instanceof DatasourceError) {
        if (error.code === 'CANCELLED' && options.signal?.aborted) throw error;
        throw new RunFailure(side, error.code, error.message);
      }
      throw new RunFailure(
        side,
        'EXECUTION',
        error instanceof Error ? error.message : String(error),
      );
    }
    if (result.truncated) {
      throw new RunFailure(
        side,
        'TRUNCATED',
        `the ${side === 'gold' ? 'gold' : 'prediction'} returned more rows than the row cap; raise maxRows to time it`,
      );
    }
    return Math.max(result.elapsedMs, MIN_RUN_MS);
  };

  const rounds: TimedRound[] = [];
  try {
    for (let i = 0; i < warmup; i++) {
      await run(i % 2 === 0 ? 'prediction' : 'gold');
      await run(i % 2 === 0 ? 'gold' : 'prediction');
    }
    for (let i = 0; i < repeats; i++) {
      const first = i % 2 === 0 ? 'prediction' : 'gold';
      let predMs: number;
      let goldMs: number;
      if (first === 'prediction') {
        predMs = await run('prediction');
        goldMs = await run('gold');
      } else {
        goldMs = await run('gold');
        predMs = await run('prediction');
      }
      rounds.push({ goldMs, predMs, ratio: goldMs / predMs, first, outlier: false });
    }
  } catch (error) {
    if (!(error instanceof RunFailure)) throw error;
    const timedOut = error.side === 'prediction' && error.code === 'TIMEOUT';
    return {
      status: timedOut ? 'timeout' : 'error',
      rounds,
      ...empty,
      error: { side: error.side, code: error.code, message: error.message },
    };
  }

  const trimmed = trimOutliers(
    rounds.map((r) => r.ratio),
    sigmas,
  );
  for (const i of trimmed.dropped) rounds[i]!.outlier = true;
  const timeRatio = trimmed.kept.reduce((a, b) => a + b, 0) / trimmed.kept.length;
  return {
    status: 'measured',
    timeRatio,
    medianRatio: median(rounds.map((r) => r.ratio)),
    ves: vesReward(timeRatio),
    reward: rvesReward(timeRatio),
    rounds,
    outliers: trimmed.dropped.length,
    gold: times(rounds.map((r) => r.goldMs)),
    prediction: times(rounds.map((r) => r.predMs)),
    repeats,
    warmup,
  };
}
