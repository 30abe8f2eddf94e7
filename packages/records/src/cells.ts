import { wilson } from '@nl2sql/gate';
import { codeSpan } from './code-span.js';
import { markdownText } from './markdown-text.js';
import type { RecordRate, RunRecord } from './record.js';

/**
 * How numbers and texts read on the published pages. Every figure is formatted with fixed
 * digits and no locale, so the same record always gives the same bytes on any machine;
 * every text from a record goes through `markdownText` or `codeSpan`.
 */

const DASH = '-';

/** `57.4% (43.3-70.5)`: the rate with its 95% Wilson interval, recomputed from the counts. */
export function accuracyCell(rate: { count: number; total: number }): string {
  if (rate.total === 0) return 'n/a (no runs)';
  const interval = wilson(rate.count, rate.total);
  return `${percent(interval.estimate)} (${fixed1(interval.lower * 100)}-${fixed1(interval.upper * 100)})`;
}

/** `45 of 47 (95.7%)`, or a dash when the record has none. */
export function rateCell(rate: RecordRate | null): string {
  if (rate === null) return DASH;
  if (rate.total === 0) return 'n/a';
  return `${rate.count} of ${rate.total} (${percent(rate.count / rate.total)})`;
}

export function percent(share: number): string {
  return `${fixed1(share * 100)}%`;
}

/** Dollars with cents, or four decimals under a dollar (a plans run costs fractions of a cent). */
export function dollarsCell(amount: number): string {
  return amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`;
}

export function millisCell(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** `abc1234`, `abc1234 (dirty)`, `abc1234 (dirty?)` or `unknown`. */
export function commitCell(record: RunRecord): string {
  if (record.git_commit === 'unknown') return 'unknown';
  const sha = codeSpan(record.git_commit.slice(0, 7));
  if (record.git_dirty === true) return `${sha} (dirty)`;
  if (record.git_dirty === 'unknown') return `${sha} (dirty?)`;
  return sha;
}

/** Completed of planned case runs, and why the run stopped if it did. */
export function casesCell(record: RunRecord): string {
  const board = record.scoreboard;
  const stopped = board.stopped === null ? '' : ` (stopped: ${markdownText(board.stopped)})`;
  return `${board.completed_cases}/${board.planned_cases}${stopped}`;
}

/** User text in a table cell (see `markdownText`), or a dash when there is none. */
export function textCell(text: string | null): string {
  const cell = text === null ? '' : markdownText(text);
  return cell === '' ? DASH : cell;
}

export function fixed1(value: number): string {
  // -0.0 would print as "-0.0"; 0 in, "0.0" out.
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
}

export function fixed2(value: number): string {
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

/** A Markdown table from a header row and body rows. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]) {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export { DASH };
