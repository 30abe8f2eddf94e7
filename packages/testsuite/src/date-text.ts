// Dates stored as ISO-8601 text, the way SQLite applications store them. Only three shapes are
// recognised (date, date and time with a space or a T); anything else is ordinary text.

export type DateShape = 'date' | 'datetime' | 'datetime-t';

const SHAPES: readonly [DateShape, RegExp][] = [
  ['date', /^(\d{4})-(\d{2})-(\d{2})$/],
  ['datetime', /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/],
  ['datetime-t', /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/],
];

/** The shape of a date text, or undefined when it is not one of the three or not a real date. */
export function dateShape(text: string): DateShape | undefined {
  for (const [shape, pattern] of SHAPES)
    if (pattern.test(text) && parseDate(text) !== undefined) return shape;
  return undefined;
}

/** Seconds since 1970-01-01 (UTC) of a date text of a known shape. */
export function parseDate(text: string): number | undefined {
  for (const [, pattern] of SHAPES) {
    const m = pattern.exec(text);
    if (!m) continue;
    const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const back = new Date(ms);
    // Reject 2025-02-30 and 25:00:00 instead of letting Date roll them over.
    if (back.getUTCDate() !== Number(d) || back.getUTCHours() !== Number(h)) return undefined;
    return ms / 1000;
  }
  return undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Format seconds since 1970 in a shape. */
export function formatDate(seconds: number, shape: DateShape): string {
  const d = new Date(seconds * 1000);
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (shape === 'date') return day;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${day}${shape === 'datetime' ? ' ' : 'T'}${time}`;
}

/** The same date text moved by whole years (Feb 29 falls back to Feb 28). */
export function shiftYears(text: string, years: number): string | undefined {
  const seconds = parseDate(text);
  const shape = dateShape(text);
  if (seconds === undefined || shape === undefined) return undefined;
  const d = new Date(seconds * 1000);
  const target = new Date(d);
  target.setUTCFullYear(d.getUTCFullYear() + years);
  if (target.getUTCMonth() !== d.getUTCMonth()) target.setUTCDate(0);
  return formatDate(target.getTime() / 1000, shape);
}

export const DAY = 86_400;
