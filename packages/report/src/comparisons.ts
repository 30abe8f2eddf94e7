import {
  type CaseRef,
  caseKey,
  configFlips,
  type Flips,
  type GateThresholds,
  gate,
  type RunSummary,
} from '@nl2sql/gate';
import {
  gateThresholds,
  isMode,
  newestComparableBaseline,
  type RunRecord,
  type StoredRecord,
  toRunSummary,
} from '@nl2sql/records';
import type { ComparisonView, FlipsView } from './report-data.js';
import type { SavedRun } from './saved-run.js';

/**
 * Every comparison the page shows, computed by @nl2sql/gate:
 * - within a run of two or more configs, each config against the first: flips, McNemar's
 *   p and the gate's verdict on switching from the first config to it;
 * - each run against its baseline: the newest earlier run given on the command line that
 *   it is comparable with, else the newest comparable record under benchmarks/ per config.
 * Runs the gate cannot compare (another suite, schema, roles) say why instead of a verdict.
 */
export function comparisons(
  runs: readonly SavedRun[],
  labels: readonly string[],
  stored: readonly StoredRecord[],
): ComparisonView[] {
  const out: ComparisonView[] = [];
  runs.forEach((run, r) => {
    const summary = summaryOf(run);
    if (summary === null) return;
    const names = Object.keys(summary.configs);
    const first = names[0];
    if (first !== undefined) {
      for (const other of names.slice(1)) {
        out.push(configComparison(summary, first, other, labels[r]!));
      }
    }
    const baseline = givenBaseline(runs, r) ?? storedBaseline(run, stored);
    if (baseline) {
      out.push(runComparison(baseline.summary, summary, baseline.label, labels[r]!, baseline.from));
    }
  });
  return out;
}

/**
 * The limits a comparison of runs of this mode is held to: the gate takes them explicitly,
 * and @nl2sql/records has each mode's (a summary made from records is of a known mode).
 */
function limitsOf(summary: RunSummary): GateThresholds {
  if (!isMode(summary.mode)) throw new Error(`runs of mode ${summary.mode} have no gate limits`);
  return gateThresholds(summary.mode);
}

function summaryOf(run: SavedRun): RunSummary | null {
  return run.records.length === 0 ? null : toRunSummary(run.records);
}

function configComparison(
  summary: RunSummary,
  first: string,
  other: string,
  label: string,
): ComparisonView {
  const before = summary.configs[first] ?? [];
  const after = summary.configs[other] ?? [];
  const base = {
    title: `${label}: config ${other} against config ${first}`,
    baseline: first,
    current: other,
  };
  try {
    const flips = configFlips(before, after, { config: other });
    // The gate compares configs by name: ask it about switching from `first` to `other`.
    const verdict = gate(
      { ...summary, configs: { [other]: before } },
      { ...summary, configs: { [other]: after } },
      limitsOf(summary),
    );
    const scored = verdict.flips.length > 0 ? verdict.flips : [flips];
    return {
      ...base,
      flips: scored.map(flipsView),
      gate: { pass: verdict.pass, checks: verdict.checks },
      error: null,
    };
  } catch (error) {
    return { ...base, flips: [], gate: null, error: (error as Error).message };
  }
}

function runComparison(
  baseline: RunSummary,
  current: RunSummary,
  baselineLabel: string,
  currentLabel: string,
  from: string,
): ComparisonView {
  const base = {
    title: `${currentLabel} against its baseline (${from})`,
    baseline: baselineLabel,
    current: currentLabel,
  };
  try {
    const verdict = gate(baseline, current, limitsOf(current));
    return {
      ...base,
      flips: verdict.flips.map(flipsView),
      gate: { pass: verdict.pass, checks: verdict.checks },
      error: null,
    };
  } catch (error) {
    return { ...base, flips: [], gate: null, error: (error as Error).message };
  }
}

interface Baseline {
  readonly summary: RunSummary;
  readonly label: string;
  readonly from: string;
}

/** The newest run given before this one (by start time) that the gate can compare with it. */
function givenBaseline(runs: readonly SavedRun[], r: number): Baseline | undefined {
  const current = runs[r]!;
  const summary = summaryOf(current);
  const started = Date.parse(current.started_at ?? '');
  if (summary === null || Number.isNaN(started)) return undefined;
  let best: { run: SavedRun; time: number } | undefined;
  runs.forEach((run, i) => {
    if (i === r || run.records.length === 0) return;
    const time = Date.parse(run.started_at ?? '');
    if (Number.isNaN(time) || time >= started) return;
    const candidate = summaryOf(run)!;
    if (!sameIdentity(candidate, summary)) return;
    if (!Object.keys(candidate.configs).some((c) => c in summary.configs)) return;
    if (best === undefined || time > best.time) best = { run, time };
  });
  if (best === undefined) return undefined;
  return { summary: summaryOf(best.run)!, label: best.run.file, from: 'an earlier report given' };
}

/** Per config, the newest comparable record under benchmarks/ recorded before this run. */
function storedBaseline(run: SavedRun, stored: readonly StoredRecord[]): Baseline | undefined {
  const found: RunRecord[] = [];
  const paths: string[] = [];
  for (const record of run.records) {
    const baseline = newestComparableBaseline(stored, record);
    if (baseline) {
      found.push(baseline.record);
      paths.push(baseline.path);
    }
  }
  if (found.length === 0) return undefined;
  let summary: RunSummary;
  try {
    summary = toRunSummary(found);
  } catch {
    return undefined;
  }
  return {
    summary,
    label: paths.join(', '),
    from: found.length === 1 ? 'the newest comparable record' : 'the newest comparable records',
  };
}

function sameIdentity(a: RunSummary, b: RunSummary): boolean {
  return (
    a.mode === b.mode &&
    a.suiteDigest === b.suiteDigest &&
    a.schemaFingerprint === b.schemaFingerprint
  );
}

function flipsView(flips: Flips): FlipsView {
  const key = (ref: CaseRef) => caseKey(ref);
  return {
    config: flips.config,
    score: flips.score,
    paired: flips.paired,
    lost: flips.lost.map(key),
    gained: flips.gained.map(key),
    bothPassed: flips.bothPassed,
    bothFailed: flips.bothFailed,
    onlyInBaseline: flips.onlyInBaseline.length,
    onlyInCurrent: flips.onlyInCurrent.length,
    pValue: flips.pValue,
  };
}
