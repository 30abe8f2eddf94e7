import { dollars, millis } from './display-format.js';
import { escapeHtml as h } from './html-escape.js';
import type { CaseView, Facets, GoldView } from './report-data.js';

/** Longest question shown in a table cell; the drill-down shows it whole. */
const QUESTION_CHARS = 140;

/**
 * Every case run as a table row, rendered on the server so the page reads without
 * JavaScript. The filter bar starts hidden and the script shows it; each row's `data-i` is
 * its index into the embedded case runs, which the script filters and drills into.
 */
export function caseSection(
  cases: readonly CaseView[],
  gold: Readonly<Record<string, GoldView>>,
  facets: Facets,
  multiRun: boolean,
): string {
  const failing = cases.filter((c) => c.status !== 'pass').length;
  return (
    `<section id="cases"><h2>Case runs</h2>` +
    `<p class="meta">${cases.length} case run(s), ${failing} not passing (strict). Click a row for its question, SQL diff, rows and scores.</p>` +
    filterBar(facets, multiRun) +
    colgroup(multiRun) +
    `<thead><tr><th>status</th><th>case</th>${multiRun ? '<th>run</th>' : ''}<th>config</th><th>role</th><th>pass</th><th>question</th><th>outcome</th><th>tier</th><th>process</th><th>failed scorers</th><th>cost</th><th>latency</th></tr></thead>` +
    `<tbody>${cases.map((c) => caseRow(c, c.gold === null ? undefined : gold[c.gold], multiRun)).join('')}</tbody></table>` +
    '<button type="button" id="f-more" class="more" hidden></button></section>'
  );
}

/** Fixed column widths: the table lays out once, not again for every filter. */
function colgroup(multiRun: boolean): string {
  const widths = [
    '70px',
    '120px',
    ...(multiRun ? ['44px'] : []),
    '110px',
    '80px',
    '48px',
    'auto',
    '230px',
    '80px',
    '130px',
    '170px',
    '80px',
    '80px',
  ];
  return `<table class="cases" id="case-table"><colgroup>${widths.map((w) => `<col style="width:${w}">`).join('')}</colgroup>`;
}

function filterBar(f: Facets, multiRun: boolean): string {
  const select = (id: string, label: string, options: readonly string[], all = 'all') =>
    `<label for="${id}">${h(label)}<select id="${id}"><option value="">${h(all)}</option>${options.map((o) => `<option value="${h(o)}">${h(o)}</option>`).join('')}</select></label>`;
  return (
    `<form class="filters" id="filters" hidden>` +
    select('f-status', 'status', ['pass', 'fail', 'error', 'not pass']) +
    select('f-config', 'config', f.configs) +
    select('f-role', 'role', f.roles) +
    select('f-scorer', 'scorer failed', f.scorers, 'any') +
    select('f-tag', 'tag', f.tags) +
    select('f-difficulty', 'difficulty', f.difficulties) +
    // Shown only when some case run has them (older reports have none).
    (f.tiers.length > 0 ? select('f-tier', 'verdict tier', f.tiers) : '') +
    (f.process.length > 0 ? select('f-process', 'trajectory', f.process, 'any') : '') +
    (f.clarify.length > 0 ? select('f-clarify', 'clarify', f.clarify) : '') +
    (multiRun ? '<input type="hidden" id="f-multi" value="1">' : '') +
    `<label for="f-text">search<input type="search" id="f-text" placeholder="question, case id, SQL, explanation" autocomplete="off"></label>` +
    `<span class="count" id="f-count" aria-live="polite"></span></form>`
  );
}

function caseRow(c: CaseView, gold: GoldView | undefined, multiRun: boolean): string {
  const question = gold ? clip(gold.question, QUESTION_CHARS) : '';
  const got = c.error
    ? `${c.engineStatus ?? 'no reply'} (${c.error.code})`
    : (c.engineStatus ?? 'no reply');
  return (
    `<tr class="run" data-i="${c.i}" tabindex="0">` +
    `<td><span class="badge ${c.status}">${c.status}</span></td>` +
    `<td class="mono">${h(c.id)}</td>` +
    (multiRun ? `<td>${c.run + 1}</td>` : '') +
    `<td>${h(c.config)}</td><td>${h(c.role ?? '-')}</td><td>${c.pass}</td>` +
    `<td class="q">${h(question)}</td>` +
    `<td>${h(c.expected ?? '-')} → ${h(got)}</td>` +
    `<td>${h(c.tier ?? '-')}</td>` +
    `<td>${processCell(c)}</td>` +
    `<td class="why">${h(c.failed.join(', '))}</td>` +
    `<td class="num">${c.costUsd === null ? '-' : dollars(c.costUsd)}</td>` +
    `<td class="num">${c.latencyMs === null ? '-' : millis(c.latencyMs)}</td></tr>`
  );
}

/** A trajectory's length with its unsafe step, and the clarify verdict. */
function processCell(c: CaseView): string {
  const parts: string[] = [];
  if (c.trajectory) {
    const n = c.trajectory.steps.length;
    parts.push(`${n} step${n === 1 ? '' : 's'}`);
    if (c.unsafeStep !== null) parts.push(`<b class="unsafe">unsafe step ${c.unsafeStep + 1}</b>`);
    else if (c.trajectory.recovered) parts.push('recovered');
  }
  if (c.clarify) parts.push(h(c.clarify.verdict.replace('_', ' ')));
  return parts.length === 0 ? '-' : parts.join(', ');
}

/** At most `max` characters (code points, so no emoji is cut in half). */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
