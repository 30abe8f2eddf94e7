import { coord, percent } from './display-format.js';
import type { HistoryPanel, HistoryPoint, HistorySeries } from './history-series.js';
import { escapeHtml } from './html-escape.js';

/** Line colours, one per series in order; distinguishable in colour-blind palettes (Okabe-Ito). */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'];

export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 250;
const LEFT = 46;
const RIGHT = 150;
const TOP = 30;
const BOTTOM = 34;
const MAX_DATE_LABELS = 8;

const MODE_NAMES: Readonly<Record<string, string>> = {
  plans: 'Mode plans',
  full: 'Mode full',
  retrieval: 'Mode retrieval',
};

/** The panel's heading: `Mode plans, chinook: strict accuracy`. */
export function panelTitle(panel: HistoryPanel): string {
  const measure = panel.measure === 'recall' ? 'schema retrieval recall' : 'strict accuracy';
  return `${MODE_NAMES[panel.mode] ?? `Mode ${panel.mode}`}, ${panel.database}: ${measure}`;
}

/**
 * One history panel as SVG elements (a `<g>` translated to `top`), styled by attributes
 * alone so it reads the same inline in the page and in a standalone file. Accuracy is drawn
 * on a fixed 0-100% axis (a zoomed axis makes small moves look large), each config a line
 * with its Wilson band and a point per record whose title gives the date, the commit and
 * the figures; lenient accuracy is the dashed line. A record that starts a new series (the
 * suite or schema changed) breaks its line and is marked with a dashed rule.
 */
export function historyChart(panel: HistoryPanel, top = 0): string {
  const plotW = CHART_WIDTH - LEFT - RIGHT;
  const plotH = CHART_HEIGHT - TOP - BOTTOM;
  const n = panel.slots.length;
  const x = (slot: number) => LEFT + (n <= 1 ? plotW / 2 : (slot / (n - 1)) * plotW);
  const y = (v: number) => TOP + (1 - Math.min(1, Math.max(0, v))) * plotH;
  const out: string[] = [
    `<g class="history-panel" data-mode="${escapeHtml(panel.mode)}" data-database="${escapeHtml(panel.database)}" transform="translate(0 ${coord(top)})">`,
    `<text x="${LEFT}" y="18" font-size="14" font-weight="600" fill="#1f2937">${escapeHtml(panelTitle(panel))}</text>`,
  ];
  for (const g of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(
      `<line x1="${LEFT}" y1="${coord(y(g))}" x2="${LEFT + plotW}" y2="${coord(y(g))}" stroke="#e5e7eb" stroke-width="1"/>`,
      `<text x="${LEFT - 6}" y="${coord(y(g) + 4)}" font-size="11" text-anchor="end" fill="#6b7280">${g * 100}%</text>`,
    );
  }
  const every = Math.max(1, Math.ceil(n / MAX_DATE_LABELS));
  panel.slots.forEach((date, slot) => {
    if (slot % every !== 0 && slot !== n - 1) return;
    out.push(
      `<text x="${coord(x(slot))}" y="${coord(TOP + plotH + 18)}" font-size="11" text-anchor="middle" fill="#6b7280">${escapeHtml(date)}</text>`,
    );
  });
  const breaks = new Set<number>();
  for (const s of panel.series) for (const p of s.points) if (p.breaksSeries) breaks.add(p.slot);
  for (const slot of [...breaks].sort((a, b) => a - b)) {
    const bx = coord(x(slot) - (n <= 1 ? 0 : plotW / (n - 1) / 2));
    out.push(
      `<line class="series-break" x1="${bx}" y1="${TOP}" x2="${bx}" y2="${TOP + plotH}" stroke="#9ca3af" stroke-dasharray="4 3"><title>new series: the suite, schema or settings changed, so runs on either side are not comparable</title></line>`,
    );
  }
  panel.series.forEach((series, i) => {
    out.push(seriesMarks(series, SERIES_COLOURS[i % SERIES_COLOURS.length]!, x, y, panel));
  });
  panel.series.forEach((series, i) => {
    const ly = TOP + 8 + i * 18;
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
    out.push(
      `<rect x="${LEFT + plotW + 16}" y="${ly - 6}" width="12" height="12" rx="2" fill="${colour}"/>`,
      `<text x="${LEFT + plotW + 34}" y="${ly + 4}" font-size="12" fill="#1f2937">${escapeHtml(clip(series.name, 16))}<title>${escapeHtml(series.name)}</title></text>`,
    );
  });
  if (panel.measure === 'accuracy') {
    const ly = TOP + 8 + panel.series.length * 18 + 6;
    out.push(
      `<line x1="${LEFT + plotW + 16}" y1="${ly}" x2="${LEFT + plotW + 28}" y2="${ly}" stroke="#6b7280" stroke-width="1.5" stroke-dasharray="3 2"/>`,
      `<text x="${LEFT + plotW + 34}" y="${ly + 4}" font-size="11" fill="#6b7280">lenient</text>`,
      `<rect x="${LEFT + plotW + 16}" y="${ly + 12}" width="12" height="8" fill="#6b7280" fill-opacity="0.18"/>`,
      `<text x="${LEFT + plotW + 34}" y="${ly + 20}" font-size="11" fill="#6b7280">95% Wilson</text>`,
    );
  }
  out.push('</g>');
  return out.join('');
}

function seriesMarks(
  series: HistorySeries,
  colour: string,
  x: (slot: number) => number,
  y: (v: number) => number,
  panel: HistoryPanel,
): string {
  const out: string[] = [`<g class="series" data-series="${escapeHtml(series.name)}">`];
  for (const segment of segments(series.points)) {
    const banded = segment.filter((p) => p.lower !== null && p.upper !== null);
    if (banded.length > 0) {
      const upper = banded.map((p) => `${coord(x(p.slot))},${coord(y(p.upper!))}`);
      const lower = banded.map((p) => `${coord(x(p.slot))},${coord(y(p.lower!))}`).reverse();
      if (banded.length === 1) {
        const bx = x(banded[0]!.slot);
        out.push(
          `<rect class="band" x="${coord(bx - 5)}" y="${coord(y(banded[0]!.upper!))}" width="10" height="${coord(y(banded[0]!.lower!) - y(banded[0]!.upper!))}" fill="${colour}" fill-opacity="0.18"/>`,
        );
      } else {
        out.push(
          `<polygon class="band" points="${[...upper, ...lower].join(' ')}" fill="${colour}" fill-opacity="0.18"/>`,
        );
      }
    }
    if (segment.length > 1) {
      out.push(
        `<polyline points="${segment.map((p) => `${coord(x(p.slot))},${coord(y(p.value))}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`,
      );
      const lenient = segment.filter((p) => p.lenient !== null);
      if (lenient.length > 1) {
        out.push(
          `<polyline class="lenient" points="${lenient.map((p) => `${coord(x(p.slot))},${coord(y(p.lenient!))}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="1.5" stroke-dasharray="3 2"/>`,
        );
      }
    }
  }
  for (const p of series.points) {
    out.push(
      `<g class="point" data-commit="${escapeHtml(p.commit)}"><title>${escapeHtml(pointTitle(series.name, p, panel))}</title>` +
        `<circle cx="${coord(x(p.slot))}" cy="${coord(y(p.value))}" r="9" fill="${colour}" fill-opacity="0"/>` +
        `<circle cx="${coord(x(p.slot))}" cy="${coord(y(p.value))}" r="4" fill="#ffffff" stroke="${colour}" stroke-width="2"/></g>`,
    );
  }
  out.push('</g>');
  return out.join('');
}

/** What hovering a point says: date, commit, series and its figures, and the note. */
export function pointTitle(name: string, p: HistoryPoint, panel: HistoryPanel): string {
  const figures =
    panel.measure === 'recall'
      ? `${name} ${percent(p.value)}`
      : `${name}: strict ${percent(p.value)}` +
        (p.lower !== null && p.upper !== null
          ? ` (95% Wilson ${percent(p.lower)} to ${percent(p.upper)})`
          : '') +
        (p.lenient !== null ? `, lenient ${percent(p.lenient)}` : '');
  const note = p.note ? `; ${p.note}` : '';
  const series = p.breaksSeries ? '; starts a new series' : '';
  return `${p.date}, commit ${p.commit}: ${figures}${note}${series}`;
}

function segments(points: readonly HistoryPoint[]): HistoryPoint[][] {
  const out: HistoryPoint[][] = [];
  for (const p of points) {
    if (out.length === 0 || p.breaksSeries) out.push([]);
    out[out.length - 1]!.push(p);
  }
  return out;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
