import type { GateCheck } from '@nl2sql/gate';
import { escapeHtml as h } from './html-escape.js';
import type { ComparisonView, FlipsView } from './report-data.js';

/** Case refs listed before a list folds. */
const LISTED = 6;

/** Config against config and run against baseline: flips, McNemar's p and the gate. */
export function comparisonSection(comparisons: readonly ComparisonView[]): string {
  if (comparisons.length === 0) return '';
  return `<section id="comparison"><h2>Comparison</h2>${comparisons.map(comparison).join('')}</section>`;
}

function comparison(c: ComparisonView): string {
  const verdict = c.gate
    ? `<span class="verdict ${c.gate.pass ? 'pass' : 'fail'}">gate ${c.gate.pass ? 'passes' : 'fails'}</span>`
    : '<span class="verdict fail">not compared</span>';
  const body = c.error
    ? `<p>${h(c.error)}</p>`
    : `<table><thead><tr><th>config</th><th>score</th><th>compared</th><th>pass → fail</th><th>fail → pass</th><th>both pass / both fail</th><th>McNemar p</th></tr></thead><tbody>${c.flips.map(flipsRow).join('')}</tbody></table>` +
      (c.gate ? `<ul class="checks">${c.gate.checks.map(check).join('')}</ul>` : '');
  return (
    `<div class="comparison"><h3>${h(c.title)} ${verdict}</h3>` +
    `<p class="meta">baseline <code>${h(c.baseline)}</code>, current <code>${h(c.current)}</code></p>${body}</div>`
  );
}

function flipsRow(f: FlipsView): string {
  const list = (refs: readonly string[]) => {
    if (refs.length <= LISTED)
      return refs.length === 0 ? '0' : `${refs.length}: ${refs.map(h).join(', ')}`;
    // Long lists fold (a <details> opens without JavaScript too).
    return `<details><summary>${refs.length}: ${refs.slice(0, LISTED).map(h).join(', ')} …</summary>${refs.slice(LISTED).map(h).join(', ')}</details>`;
  };
  const unpaired =
    f.onlyInBaseline + f.onlyInCurrent > 0
      ? ` (+${f.onlyInBaseline} only in baseline, ${f.onlyInCurrent} only in current)`
      : '';
  return (
    `<tr><td>${h(f.config)}</td><td>${h(f.score)}</td><td>${f.paired}${unpaired}</td>` +
    `<td class="cases">${list(f.lost)}</td><td class="cases">${list(f.gained)}</td>` +
    `<td class="n">${f.bothPassed} / ${f.bothFailed}</td><td class="n">${formatP(f.pValue)}</td></tr>`
  );
}

function check(c: GateCheck): string {
  return `<li class="${c.pass ? 'pass' : 'fail'}"><b>${c.pass ? 'ok' : 'FAIL'}</b> <code>${h(c.name)}</code>: ${h(c.explanation)}</li>`;
}

function formatP(p: number): string {
  return p >= 0.001 ? p.toFixed(3) : p.toExponential(1);
}
