import type { TableLike } from '@nl2sql/comparator';

/**
 * Whether a value is shaped like a result set. The matcher checks this itself rather than
 * let the comparator read a missing `rows` as empty: an engine's whole answer passed by
 * mistake must fail, not pass against an empty gold.
 */
export function isTableLike(value: unknown): value is TableLike {
  if (value === null || typeof value !== 'object') return false;
  const { columns, rows } = value as { columns?: unknown; rows?: unknown };
  return (
    Array.isArray(columns) &&
    columns.every((c) => typeof c === 'string') &&
    Array.isArray(rows) &&
    rows.every((row) => Array.isArray(row))
  );
}

/** What a value that is not a result set is, in a few words, for a failure message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 6).join(', ');
  return `an object with keys ${shown}${keys.length > 6 ? ', ...' : ''}`;
}

/** The hint for a value that holds result sets one level down (an engine's ask response). */
export function shapeHint(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'results' in value) {
    return " (an engine's answer? pass one of its results, e.g. answer.results[0])";
  }
  return '';
}
