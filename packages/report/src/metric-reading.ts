// Reading a saved board's figures: the metrics are JSON as saved, read field by field, so a
// figure a report does not carry is left out, never invented.

import { wilson } from '@nl2sql/gate';
import { percent } from './display-format.js';
import type { BoardRow } from './report-data.js';

export type Json = Readonly<Record<string, unknown>>;

/**
 * A share as a board line with its Wilson interval: the saved interval where the figure has
 * one, else the gate's on the saved counts. Counts that cannot be a share add nothing.
 */
export function pushInterval(rows: BoardRow[], label: string, rate: Json | null): void {
  const count = num(rate?.count);
  const total = num(rate?.total);
  if (count === null || total === null) return;
  if (!Number.isInteger(count) || !Number.isInteger(total) || count < 0 || count > total) return;
  if (total === 0) {
    rows.push({ kind: 'text', label, text: 'no case runs scored' });
    return;
  }
  const saved = { lower: num(rate?.lower), upper: num(rate?.upper) };
  const interval =
    saved.lower !== null && saved.upper !== null
      ? { lower: saved.lower, upper: saved.upper }
      : wilson(count, total);
  rows.push({
    kind: 'interval',
    label,
    count,
    total,
    rate: count / total,
    lower: interval.lower,
    upper: interval.upper,
  });
}

/** `3 of 4 (75.0%)`, or `-` when the counts are missing. */
export function rateText(rate: Json | null): string {
  const count = num(rate?.count);
  const total = num(rate?.total);
  if (count === null || total === null) return '-';
  return `${count} of ${total}${total > 0 ? ` (${percent(count / total)})` : ''}`;
}

export function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
