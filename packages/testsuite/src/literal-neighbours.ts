// The values next to a literal that a plausible wrong prediction would write instead: the
// neighbours a mutant puts in place of a gold query's number, string or date.
import type { ColumnProfile } from './column-profile.js';
import { DAY, dateShape, formatDate, parseDate, shiftYears } from './date-text.js';
import type { Json } from './sql-ast.js';

/** The numbers one step of the literal's last digit away, at its precision. */
export function numberNeighbours(text: string): string[] {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return [];
  const decimals = m[3]?.length ?? 0;
  const n = Number(text);
  const step = 10 ** -decimals;
  return [n - step, n + step].map((x) => x.toFixed(decimals));
}

/**
 * A string literal's neighbours: a LIKE pattern widened or narrowed, a date a year or a day
 * away in the same shape, the column's nearest values, or the other letter case.
 */
export function stringNeighbours(
  value: string,
  like: boolean,
  column: ColumnProfile | undefined,
): string[] {
  if (like) {
    const out: string[] = [];
    if (!value.startsWith('%')) out.push(`%${value}`);
    if (value.endsWith('%') && value.length > 1) out.push(value.slice(0, -1));
    return out;
  }
  const seconds = parseDate(value);
  const shape = dateShape(value);
  if (seconds !== undefined && shape !== undefined) {
    return [
      shiftYears(value, -1),
      shiftYears(value, 1),
      formatDate(seconds - DAY, shape),
      formatDate(seconds + DAY, shape),
    ].filter((v): v is string => v !== undefined);
  }
  const others = (column?.sample ?? []).filter((v): v is string => typeof v === 'string');
  if (others.length > 0) {
    const below = others.filter((v) => v < value);
    const above = others.filter((v) => v > value);
    const out = [below.at(-1), above[0]].filter((v): v is string => v !== undefined);
    if (out.length > 0) return out;
  }
  const lower = value.toLowerCase();
  return [lower !== value ? lower : value.toUpperCase()].filter((v) => v !== value);
}

/** The AST node of a literal (a negative number is a negation, as the parser writes it). */
export function literalNode(kind: 'number' | 'string', value: string): Json {
  if (kind === 'number' && value.startsWith('-')) {
    return { neg: { this: { literal: { literal_type: 'number', value: value.slice(1) } } } };
  }
  return { literal: { literal_type: kind, value } };
}
