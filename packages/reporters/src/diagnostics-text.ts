import type { DiagnosticsMetrics, RecordAccuracy } from '@nl2sql/records';
import { isRetrievalMetrics } from '@nl2sql/records';
import type { ConfigReport } from '@nl2sql/runner';
import { renderTable } from './table.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function accuracyCell(a: RecordAccuracy): string {
  if (a.total === 0) return '0/0';
  return `${a.count}/${a.total}  ${pct(a.rate)}  (Wilson 95% ${pct(a.lower)}-${pct(a.upper)})`;
}

function diagnosticsOf(board: ConfigReport): DiagnosticsMetrics | undefined {
  return isRetrievalMetrics(board.metrics) ? undefined : board.metrics.diagnostics;
}

/**
 * The board rows every run shows when it has them: test-suite accuracy beside EX (where the
 * suite has a test suite) and the three-tier verdict with the tier that decided each case run.
 */
export function evaluationRows(board: ConfigReport): string[][] {
  const d = diagnosticsOf(board);
  if (!d) return [];
  const rows: string[][] = [];
  if (d.test_suite) {
    const ts = d.test_suite;
    rows.push(['test-suite strict', accuracyCell(ts.strict)]);
    rows.push(['test-suite lenient', accuracyCell(ts.lenient)]);
    rows.push([
      'test suite',
      `${ts.databases} databases (the original and ${ts.databases - 1} variants), ${ts.mutants_killed}/${ts.mutants_semantic} differing mutants killed`,
    ]);
  }
  if (d.verdict) {
    const v = d.verdict;
    const tiers = `ast ${v.by_tier.ast}, execution ${v.by_tier.execution}, judge ${v.by_tier.judge}`;
    const judge =
      v.judge_wanted === 0
        ? ''
        : `; judge wanted ${v.judge_wanted}, asked ${v.judge_asked} ($${v.judge_cost_usd.toFixed(4)}), review ${v.review}`;
    rows.push(['verdict (3 tiers)', `${accuracyCell(v.accuracy)}  decided by ${tiers}${judge}`]);
  }
  if (d.efficiency) {
    const e = d.efficiency;
    const fmt = (x: number | null) => (x === null ? '-' : x.toFixed(3));
    rows.push([
      'efficiency',
      `VES ${fmt(e.ves)}, R-VES ${fmt(e.rves)} over ${e.measured} measured (${e.incorrect} incorrect, ${e.timeouts} timeouts, ${e.unmeasured} unmeasured); ${e.added_full_scans} add a full scan of a large table`,
    ]);
    const b = e.budget;
    if (b) {
      const limit = [
        ...(b.budget_x !== null ? [`${b.budget_x}x the gold's cost`] : []),
        ...(b.budget_max !== null ? [`at most ${b.budget_max}`] : []),
      ].join(' and ');
      const cases = b.over_budget_cases.length > 0 ? `: ${b.over_budget_cases.join(', ')}` : '';
      const unsized = b.unbudgeted > 0 ? ` (${b.unbudgeted} correct not sized: no plan)` : '';
      rows.push([
        'over budget',
        `${b.over_budget} of ${b.budgeted} correct over ${limit || 'the budget'}${unsized}${cases}`,
      ]);
    }
  }
  return rows;
}

/**
 * The case runs that pass EX but fail the test suite, each named with the database that told
 * it apart, or why the suite could not judge it.
 */
export function falsePositiveLines(board: ConfigReport): string[] {
  const d = diagnosticsOf(board);
  return (d?.test_suite?.false_positives ?? []).map((f) => {
    const who = `${f.case_id}${f.role === null ? '' : ` as ${f.role}`}${f.pass > 1 ? ` (pass ${f.pass})` : ''}`;
    return f.distinguished_by !== null
      ? `  ${who}: told apart from the gold by ${f.distinguished_by}`
      : `  ${who}: not judged: ${f.error ?? 'no test-suite verdict'}`;
  });
}

/** Judged-equivalent disagreements proposed as alternative golds (outcome review). */
export function reviewLines(board: ConfigReport): string[] {
  return board.cases.flatMap((r) => {
    const v = r.diagnostics?.verdict;
    if (v?.outcome !== 'review' || !v.proposal) return [];
    return [`  ${r.caseId}${r.role === null ? '' : ` as ${r.role}`}: ${v.proposal.alt_sql}`];
  });
}

/** `--diagnostics`: accuracy by difficulty and tag, failures by error class, empty matches. */
export function diagnosticsSection(board: ConfigReport): string[] {
  const d = diagnosticsOf(board);
  if (!d) return [];
  const rows: string[][] = [];
  for (const [level, a] of Object.entries(d.by_difficulty)) {
    if (a.total > 0) rows.push([`difficulty ${level}`, accuracyCell(a)]);
  }
  for (const [tag, a] of Object.entries(d.by_tag)) rows.push([`tag ${tag}`, accuracyCell(a)]);
  rows.push([
    'empty-vs-empty passes',
    `${d.empty_matches.passes}; accuracy without them ${accuracyCell(d.empty_matches.accuracy_without)}`,
  ]);
  const sim = d.sql_similarity;
  if (sim) {
    const share = `${sim.normalized_match}/${sim.compared}  ${pct(sim.compared === 0 ? 0 : sim.normalized_match / sim.compared)}`;
    rows.push(['normalized exact match', share]);
    const parts = Object.entries(sim.component_f1).map(([part, f1]) => `${part} ${f1.toFixed(3)}`);
    rows.push(['component F1 (mean)', parts.length === 0 ? '-' : parts.join(', ')]);
    rows.push([
      'AST similarity (mean)',
      sim.ast_similarity === null ? '-' : sim.ast_similarity.toFixed(3),
    ]);
  }
  if (d.soft_f1) {
    const { scored, mean } = d.soft_f1;
    rows.push([
      'Soft-F1 (BIRD mini-dev, mean; row order counts)',
      mean === null ? '-' : `${mean.toFixed(3)} over ${scored} case run(s)`,
    ]);
  }
  rows.push(['filter-value accuracy', accuracyCell(d.filter_value_accuracy)]);
  rows.push(['ID accuracy', accuracyCell(d.id_accuracy)]);
  const classes = Object.entries(d.error_classes).filter(([, c]) => c.count > 0);
  rows.push([
    'failures by error class',
    d.failures === 0
      ? 'no failures'
      : classes.map(([name, c]) => `${name} ${c.count} (${pct(c.share)})`).join(', '),
  ]);
  if (d.verdict) {
    rows.push([
      'verdict outcomes',
      Object.entries(d.verdict.by_outcome)
        .map(([outcome, n]) => `${outcome} ${n}`)
        .join(', '),
    ]);
  }
  return ['', 'Diagnostics (never part of the gate):', renderTable(['measure', 'value'], rows)];
}
