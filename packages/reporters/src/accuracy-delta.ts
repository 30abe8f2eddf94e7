import { isRetrievalMetrics, type RunRecord } from '@nl2sql/records';
import { type Colors, deltaColor, PLAIN } from './terminal-colors.js';

/** One headline figure of a config, in its baseline and in this run. */
export interface AccuracyDelta {
  readonly config: string;
  /** `strict`, `lenient`; in mode retrieval `table recall`, `column recall`. */
  readonly measure: string;
  /** The baseline's and this run's figure, 0..1. */
  readonly before: number;
  readonly after: number;
  /** The counts behind them, when the figure is a share of case runs. */
  readonly beforeCounts: { readonly count: number; readonly total: number } | null;
  readonly afterCounts: { readonly count: number; readonly total: number } | null;
}

/**
 * How a config's headline figures moved from its baseline record to this run's: strict and
 * lenient execution accuracy, or in mode retrieval table and column recall. Records of
 * different kinds of metrics (never gated together) give none.
 */
export function accuracyDeltas(baseline: RunRecord, current: RunRecord): AccuracyDelta[] {
  const config = current.config.name;
  const b = baseline.metrics;
  const c = current.metrics;
  if (isRetrievalMetrics(b) !== isRetrievalMetrics(c)) return [];
  if (isRetrievalMetrics(b) && isRetrievalMetrics(c)) {
    return [
      recall(config, 'table recall', b.retrieval.table_recall, c.retrieval.table_recall),
      recall(config, 'column recall', b.retrieval.column_recall, c.retrieval.column_recall),
    ];
  }
  if (isRetrievalMetrics(b) || isRetrievalMetrics(c)) return [];
  return (['strict', 'lenient'] as const).map((measure) => {
    const before = b.accuracy.execution[measure];
    const after = c.accuracy.execution[measure];
    return {
      config,
      measure,
      before: before.rate,
      after: after.rate,
      beforeCounts: { count: before.count, total: before.total },
      afterCounts: { count: after.count, total: after.total },
    };
  });
}

function recall(config: string, measure: string, before: number, after: number): AccuracyDelta {
  return { config, measure, before, after, beforeCounts: null, afterCounts: null };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The change in percentage points, signed: `+1.4 pts`, `-0.7 pts`, `±0.0 pts`. */
export function pointsText(delta: AccuracyDelta): string {
  const points = 100 * (delta.after - delta.before);
  const rounded = Number(points.toFixed(1));
  if (rounded === 0) return '±0.0 pts';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)} pts`;
}

/** `140/141 99.3%`, or `99.3%` for a figure without counts. */
export function figureText(rate: number, counts: AccuracyDelta['beforeCounts']): string {
  return counts === null ? pct(rate) : `${counts.count}/${counts.total} ${pct(rate)}`;
}

/** `plans strict 141/141 100.0% -> 140/141 99.3% (-0.7 pts)`, the change coloured. */
export function deltaText(delta: AccuracyDelta, colors: Colors = PLAIN): string {
  const points = pointsText(delta);
  return `${delta.config} ${delta.measure} ${figureText(delta.before, delta.beforeCounts)} -> ${figureText(delta.after, delta.afterCounts)} (${deltaColor(colors, Number((100 * (delta.after - delta.before)).toFixed(1)), points)})`;
}
