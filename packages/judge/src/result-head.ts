// The first rows of a result as the judge sees them: a header line, one JSON array per row,
// each cell cut to a bounded length, and how many rows there were in all. Heads let the judge
// see what a query does to the data (an all-NULL column, a count of 1 where 0 was meant, a
// truncated number) without paying for whole results.
import type { JudgedResult } from './judge.js';

export interface HeadOptions {
  /** Rows shown (default 10). */
  rows?: number;
  /** Characters per cell before it is cut (default 120). */
  cellChars?: number;
}

/** A cell as JSON can show it; only text is cut, so a number's digits are never lost. */
function cell(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}...` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `<${value.byteLength} bytes>`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value ?? null;
}

/** Text for one result (or `error: ...`), at most `rows` rows. */
export function renderResultHead(
  result: JudgedResult | undefined,
  options: HeadOptions = {},
): string {
  if (result === undefined) return 'not run';
  if ('error' in result) return `error: ${result.error}`;
  const limit = options.rows ?? 10;
  const max = options.cellChars ?? 120;
  const total = result.rows.length;
  const shown = result.rows.slice(0, limit);
  const count =
    result.truncated === true
      ? `more than ${total} rows (the result was cut), first ${shown.length} shown`
      : `${total} row${total === 1 ? '' : 's'}${total > shown.length ? `, first ${shown.length} shown` : ''}`;
  const lines = [`columns: ${JSON.stringify(result.columns)}`, count];
  for (const row of shown) lines.push(JSON.stringify(row.map((v) => cell(v, max))));
  return lines.join('\n');
}
