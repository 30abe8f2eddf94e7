// Test helper: rows equal gold by value (numbers within 0.005), in order when it matters.

type Cell = null | number | string | boolean;

function cellsMatch(a: Cell, b: Cell): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 0.005;
  return a === b;
}

function rowKey(row: readonly Cell[]): string {
  return JSON.stringify(row.map((c) => (typeof c === 'number' ? Math.round(c * 100) / 100 : c)));
}

export function rowsMatch(
  actual: readonly (readonly Cell[])[],
  gold: readonly (readonly Cell[])[],
  orderMatters: boolean,
): boolean {
  if (actual.length !== gold.length) return false;
  if (orderMatters) {
    return actual.every(
      (row, i) =>
        row.length === gold[i]?.length && row.every((c, j) => cellsMatch(c, gold[i]?.[j] ?? null)),
    );
  }
  const a = actual.map(rowKey).sort();
  const g = gold.map(rowKey).sort();
  return a.every((k, i) => k === g[i]);
}
