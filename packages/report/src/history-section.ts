import { CHART_HEIGHT, CHART_WIDTH, historyChart } from './history-chart.js';
import type { HistoryPanel } from './history-series.js';

/** Accuracy and recall over time, one chart per mode and database, from the records. */
export function historySection(panels: readonly HistoryPanel[], records: number): string {
  const charts =
    panels.length === 0
      ? '<p class="muted">No records: give the records folder (benchmarks/) to see runs over time.</p>'
      : panels
          .map(
            (panel) =>
              `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" font-family="system-ui, sans-serif">${historyChart(panel)}</svg>`,
          )
          .join('');
  return (
    `<section id="history" class="history"><h2>History</h2>` +
    `<p class="meta">${records} record(s), one point each; hover a point for its date and commit. Bands are 95% Wilson intervals.</p>${charts}</section>`
  );
}
