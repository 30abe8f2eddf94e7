// The board's diagnostics as the text board shows them (the CLI's diagnostics-text.ts):
// test-suite accuracy beside EX, the three-tier verdict with the tier that decided each case
// run, efficiency (VES, R-VES, the budget) in the headline rows; accuracy by difficulty and
// tag, error classes, filter-value and ID accuracy, normalized exact match, component F1,
// AST similarity and Soft-F1 in the diagnostics rows. None of them is part of the gate but
// the budget. Read from the saved `metrics.diagnostics` field by field.

import { dollars, percent } from './display-format.js';
import { type Json, num, object, pushInterval, rateText } from './metric-reading.js';
import type { BoardRow } from './report-data.js';

/** The headline rows a board shows when its metrics have diagnostics. */
export function evaluationRows(d: Json | null): BoardRow[] {
  if (d === null) return [];
  const rows: BoardRow[] = [];
  const ts = object(d.test_suite);
  if (ts) {
    pushInterval(rows, 'Test-suite strict', object(ts.strict));
    pushInterval(rows, 'Test-suite lenient', object(ts.lenient));
    const databases = num(ts.databases) ?? 0;
    rows.push({
      kind: 'text',
      label: 'Test suite',
      text: `${databases} databases (the original and ${Math.max(0, databases - 1)} variants), ${num(ts.mutants_killed) ?? 0} of ${num(ts.mutants_semantic) ?? 0} differing mutants killed`,
    });
  }
  const v = object(d.verdict);
  if (v) {
    pushInterval(rows, 'Verdict (3 tiers)', object(v.accuracy));
    const tier = object(v.by_tier) ?? {};
    const wanted = num(v.judge_wanted) ?? 0;
    const judge =
      wanted === 0
        ? ''
        : `; judge wanted ${wanted}, asked ${num(v.judge_asked) ?? 0} (${dollars(num(v.judge_cost_usd) ?? 0)}), review ${num(v.review) ?? 0}`;
    rows.push({
      kind: 'text',
      label: 'Decided by',
      text: `ast ${num(tier.ast) ?? 0}, execution ${num(tier.execution) ?? 0}, judge ${num(tier.judge) ?? 0}${judge}`,
    });
  }
  const e = object(d.efficiency);
  if (e) {
    const fixed = (x: unknown) => (num(x) === null ? '-' : (num(x) as number).toFixed(3));
    rows.push({
      kind: 'text',
      label: 'Efficiency',
      text: `VES ${fixed(e.ves)}, R-VES ${fixed(e.rves)} over ${num(e.measured) ?? 0} measured (${num(e.incorrect) ?? 0} incorrect, ${num(e.timeouts) ?? 0} timeouts, ${num(e.unmeasured) ?? 0} unmeasured); ${num(e.added_full_scans) ?? 0} add a full scan of a large table`,
    });
    const b = object(e.budget);
    if (b) {
      const x = num(b.budget_x);
      const max = num(b.budget_max);
      const limit = [
        ...(x !== null ? [`${x}x the gold's cost`] : []),
        ...(max !== null ? [`at most ${max}`] : []),
      ].join(' and ');
      const unbudgeted = num(b.unbudgeted) ?? 0;
      const over = Array.isArray(b.over_budget_cases) ? b.over_budget_cases.map(String) : [];
      rows.push({
        kind: 'text',
        label: 'Over budget',
        text: `${num(b.over_budget) ?? 0} of ${num(b.budgeted) ?? 0} correct over ${limit || 'the budget'}${unbudgeted > 0 ? ` (${unbudgeted} correct not sized: no plan)` : ''}${over.length > 0 ? `: ${over.join(', ')}` : ''}`,
      });
    }
  }
  return rows;
}

/** The diagnostics rows (`--diagnostics` on the text board), never part of the gate. */
export function diagnosticsRows(d: Json | null): BoardRow[] {
  if (d === null) return [];
  const rows: BoardRow[] = [];
  for (const [level, a] of Object.entries(object(d.by_difficulty) ?? {})) {
    if ((num(object(a)?.total) ?? 0) > 0) pushInterval(rows, `Difficulty ${level}`, object(a));
  }
  for (const [tag, a] of Object.entries(object(d.by_tag) ?? {})) {
    pushInterval(rows, `Tag ${tag}`, object(a));
  }
  const empty = object(d.empty_matches);
  if (empty) {
    rows.push({
      kind: 'text',
      label: 'Empty-vs-empty passes',
      text: `${num(empty.passes) ?? 0}; accuracy without them ${rateText(object(empty.accuracy_without))}`,
    });
  }
  const sim = object(d.sql_similarity);
  if (sim) {
    const compared = num(sim.compared) ?? 0;
    const same = num(sim.normalized_match) ?? 0;
    rows.push({
      kind: 'text',
      label: 'Normalized exact match',
      text: `${same} of ${compared}${compared > 0 ? ` (${percent(same / compared)})` : ''}`,
    });
    const parts = Object.entries(object(sim.component_f1) ?? {}).flatMap(([part, f1]) =>
      num(f1) === null ? [] : [`${part} ${(f1 as number).toFixed(3)}`],
    );
    rows.push({
      kind: 'text',
      label: 'Component F1 (mean)',
      text: parts.length === 0 ? '-' : parts.join(', '),
    });
    const ast = num(sim.ast_similarity);
    rows.push({
      kind: 'text',
      label: 'AST similarity (mean)',
      text: ast === null ? '-' : ast.toFixed(3),
    });
  }
  const soft = object(d.soft_f1);
  if (soft) {
    const mean = num(soft.mean);
    rows.push({
      kind: 'text',
      label: 'Soft-F1 (BIRD mini-dev, mean)',
      text: mean === null ? '-' : `${mean.toFixed(3)} over ${num(soft.scored) ?? 0} case run(s)`,
    });
  }
  pushInterval(rows, 'Filter-value accuracy', object(d.filter_value_accuracy));
  pushInterval(rows, 'ID accuracy', object(d.id_accuracy));
  const failures = num(d.failures) ?? 0;
  const classes = Object.entries(object(d.error_classes) ?? {}).flatMap(([name, c]) => {
    const count = num(object(c)?.count) ?? 0;
    const share = num(object(c)?.share) ?? 0;
    return count > 0 ? [`${name} ${count} (${percent(share)})`] : [];
  });
  rows.push({
    kind: 'text',
    label: 'Failures by error class',
    text: failures === 0 ? 'no failures' : classes.join(', ') || `${failures} failures`,
  });
  const outcomes = object(object(d.verdict)?.by_outcome);
  if (outcomes) {
    rows.push({
      kind: 'text',
      label: 'Verdict outcomes',
      text: Object.entries(outcomes)
        .map(([outcome, n]) => `${outcome} ${String(n)}`)
        .join(', '),
    });
  }
  return rows;
}

/**
 * The case runs that pass EX but fail the test suite, each with the database that told it
 * apart or why the suite could not judge it.
 */
export function falsePositiveLines(d: Json | null): string[] {
  const list = object(d?.test_suite)?.false_positives;
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const f = object(item) ?? {};
    const pass = num(f.pass) ?? 1;
    const who = `${String(f.case_id)}${typeof f.role === 'string' ? ` as ${f.role}` : ''}${pass > 1 ? ` (pass ${pass})` : ''}`;
    return typeof f.distinguished_by === 'string'
      ? `${who}: told apart from the gold by ${f.distinguished_by}`
      : `${who}: not judged: ${typeof f.error === 'string' ? f.error : 'no test-suite verdict'}`;
  });
}
