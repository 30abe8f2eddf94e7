import { millis, percent, shortDigest } from './display-format.js';
import { escapeHtml as h } from './html-escape.js';
import { intervalBar } from './interval-bar.js';
import type { BoardRow, BoardView, RunView } from './report-data.js';

/** The boards: per run, what was run, then a card per config with its figures. */
export function boardSection(runs: readonly RunView[]): string {
  return `<section id="board"><h2>Board</h2>${runs.map(runBoard).join('')}</section>`;
}

function runBoard(run: RunView, r: number): string {
  const facts = [
    // An external engine's mode is only the rules it was scored by: its identity leads.
    run.engine
      ? `<b>${h(run.engine)}</b>, scored by mode ${h(run.mode)}'s rules`
      : `mode <b>${h(run.mode)}</b>`,
    `suite <code>${h(run.suite)}</code> (<code>${h(shortDigest(run.suiteDigest))}</code>)`,
    run.database ? `database ${h(run.database)}` : '',
    run.roles.length > 0 ? `roles ${h(run.roles.join(', '))}` : '',
    run.passes !== null ? `${run.passes} pass${run.passes === 1 ? '' : 'es'}` : '',
    run.curated !== null ? `curated answers ${run.curated ? 'on' : 'off'}` : '',
    `${run.completedCases} of ${run.plannedCases} case runs`,
    run.stopped ? `<b>stopped: ${h(run.stopped)}</b>` : '',
    run.startedAt ? `started ${h(run.startedAt)}` : '',
    run.wallMs !== null ? `took ${h(millis(run.wallMs))}` : '',
  ].filter((f) => f !== '');
  return (
    `<div class="run-board" data-run="${r}"><h3>${h(run.label)}</h3>` +
    `<p class="meta">${facts.join(' · ')}</p>` +
    `<div class="cards">${run.boards.map(configCard).join('')}</div></div>`
  );
}

function configCard(board: BoardView): string {
  const nodes = Object.entries(board.nodes)
    .map(([node, model]) => `${h(node)}: <code>${h(model)}</code>`)
    .join(', ');
  const what = board.engine
    ? `<div class="nodes">${h(board.engine)}</div>`
    : nodes
      ? `<div class="nodes">${nodes}</div>`
      : '<div class="nodes">no LLM nodes</div>';
  return (
    `<div class="card" data-config="${h(board.config)}"><h3>config ${h(board.config)}</h3>` +
    what +
    `<table class="board"><tbody>${board.rows.map(boardLine).join('')}</tbody></table>` +
    diagnosticsPart(board) +
    '</div>'
  );
}

/** The diagnostics, folded (they are never part of the gate), and the EX false positives. */
function diagnosticsPart(board: BoardView): string {
  if (board.diagnostics.length === 0 && board.falsePositives.length === 0) return '';
  const reviews =
    board.reviews.length === 0
      ? ''
      : `<h4>Proposed alternative golds, for review (${board.reviews.length})</h4>` +
        `<ul class="reviews">${board.reviews.map((r) => `<li>${h(r)}</li>`).join('')}</ul>`;
  const falsePositives =
    board.falsePositives.length === 0
      ? ''
      : `<h4>EX false positives: pass EX, fail the test suite (${board.falsePositives.length})</h4>` +
        `<ul class="false-positives">${board.falsePositives.map((f) => `<li>${h(f)}</li>`).join('')}</ul>`;
  return (
    '<details class="diagnostics" open><summary>Diagnostics (never part of the gate)</summary>' +
    `<table class="board"><tbody>${board.diagnostics.map(boardLine).join('')}</tbody></table>` +
    `${falsePositives}${reviews}</details>`
  );
}

function boardLine(row: BoardRow): string {
  if (row.kind === 'text') {
    return `<tr><td class="label">${h(row.label)}</td><td class="value text" colspan="3">${h(row.text)}</td></tr>`;
  }
  return (
    `<tr><td class="label">${h(row.label)}</td>` +
    `<td class="value">${row.count}/${row.total} <b>${percent(row.rate)}</b></td>` +
    `<td>${intervalBar(row, row.label)}</td>` +
    `<td class="range">${percent(row.lower)} to ${percent(row.upper)}</td></tr>`
  );
}
