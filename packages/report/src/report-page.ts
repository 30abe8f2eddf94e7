import { createHash } from 'node:crypto';
import { boardSection } from './board-section.js';
import { caseSection } from './case-table.js';
import { comparisonSection } from './comparison-section.js';
import { historySection } from './history-section.js';
import { escapeHtml as h, inlineJson } from './html-escape.js';
import { pageScript } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
import type { ReportData } from './report-data.js';

/**
 * The report as one self-contained HTML document: a pure function of its data (no clock,
 * no I/O beyond the package's own script files). Nothing is fetched: the style and script
 * are inline, the charts are inline SVG, fonts are the system's, and a Content Security
 * Policy forbids any other source, so the page opens from disk and works offline. The CSP
 * lets only the page's own script run, by its SHA-256 (no 'unsafe-inline'): a `<script>`
 * that got into the page past the escaping would not run.
 * The board, comparisons, case table and history are HTML (they read without JavaScript);
 * the case runs are embedded once more as JSON for the filters and the drill-downs.
 */
export function renderReportPage(data: ReportData): string {
  const multiRun = data.runs.length > 1;
  const embedded = { cases: data.cases, gold: data.gold };
  const subtitle = data.runs
    .map((r) => `${r.label}: ${r.completedCases} case runs, ${r.engine ?? `mode ${r.mode}`}`)
    .join(' · ');
  const script = pageScript();
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Inline style and the page's own script only: no network source of any kind.
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(script)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="@nl2sql/report">',
    `<title>${h(data.title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    `<header class="top"><h1>${h(data.title)}</h1><p>${h(subtitle)}</p></header>`,
    `<nav class="toc"><a href="#board">Board</a>${data.comparisons.length > 0 ? '<a href="#comparison">Comparison</a>' : ''}<a href="#cases">Case runs</a><a href="#history">History</a></nav>`,
    '<main>',
    data.notes.map((note) => `<p class="note">${h(note)}</p>`).join(''),
    boardSection(data.runs),
    comparisonSection(data.comparisons),
    caseSection(data.cases, data.gold, data.facets, multiRun),
    historySection(data.history, data.historyRecords),
    '</main>',
    '<footer>Made by <code>nl2sql eval report</code>. One self-contained file: it loads nothing from the network.</footer>',
    `<script type="application/json" id="report-data">${inlineJson(embedded)}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The page's CSP: nothing from anywhere, inline style, and the one script whose SHA-256 is
 * the page script's (decisions/report-page.md). The JSON data element is not run, so it
 * needs no entry.
 */
export function contentSecurityPolicy(script: string): string {
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:`;
}
