/** One readable line per verdict, for the CLI to print next to a failing case. */
import type { DisplayValue, Reason, RowSample, TieNote, Verdict } from './verdict.js';

const MAX_ROW_CHARS = 80;

function formatValue(v: DisplayValue): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function formatCells(row: RowSample): string {
  const text = `[${row.values.map(formatValue).join(', ')}]`;
  return text.length > MAX_ROW_CHARS ? `${text.slice(0, MAX_ROW_CHARS - 4)}...]` : text;
}

function formatRow(row: RowSample | null): string {
  return row === null ? '(none)' : `row ${row.index + 1} ${formatCells(row)}`;
}

function formatMapping(mapping: readonly number[]): string {
  return mapping.map((j, i) => `${i + 1}->${j + 1}`).join(' ');
}

/** What the two sides of a comparison are called in a reason (default: gold and result). */
export interface ReasonNames {
  readonly gold: string;
  readonly result: string;
}

const GOLD_AND_RESULT: ReasonNames = { gold: 'gold', result: 'result' };

/**
 * One reason in words. `names` renames the sides where a row is quoted, for a comparison
 * whose sides are not a gold and a result (the rows an engine reported against its SQL's).
 */
export function formatReason(reason: Reason, names: ReasonNames = GOLD_AND_RESULT): string {
  switch (reason.code) {
    case 'row_count':
      return `row count differs: gold has ${reason.gold}, result has ${reason.result}`;
    case 'column_count':
      return `column count differs: gold has ${reason.gold}, result has ${reason.result}`;
    case 'column_cap':
      return `too many columns: result has ${reason.result}, at most ${reason.cap} allowed for ${reason.gold} gold column(s)`;
    case 'unmatched_gold_column':
      return `gold column ${reason.column + 1} (${JSON.stringify(reason.name)}) is not answered: ${reason.detail}`;
    case 'row_mismatch': {
      const more = reason.searchExhausted ? ' (column search stopped at its budget)' : '';
      const { gold, result } = names;
      if (reason.gold && reason.result) {
        return `rows differ: ${gold} ${formatRow(reason.gold)} has no match; first unmatched ${result} ${formatRow(reason.result)}${more}`;
      }
      if (reason.gold) return `rows differ: ${gold} ${formatRow(reason.gold)} has no match${more}`;
      return `rows differ: ${result} ${formatRow(reason.result)} has no match in ${gold}${more}`;
    }
    case 'order': {
      const g = reason.tieGroup;
      if (g === undefined) {
        return `same rows, wrong order: first difference at row ${reason.index + 1}, gold ${formatCells(reason.gold)} vs result ${formatCells(reason.result)}`;
      }
      if (g.rows === 1) {
        return `same rows, wrong order: row ${g.first + 1} (placed by the gold ORDER BY, no tie) holds another row than the gold's, gold ${formatCells(reason.gold)} vs result ${formatCells(reason.result)}`;
      }
      return `same rows, wrong order: rows ${g.first + 1}-${g.first + g.rows} (one tie group of the gold ORDER BY, any order within it) hold other rows than the gold's, gold ${formatRow(reason.gold)} vs result ${formatRow(reason.result)}`;
    }
  }
}

/** What the tie order did, e.g. `order up to 4 tie groups of the gold ORDER BY`. */
export function formatTies(ties: TieNote): string {
  const base = `order compared up to ${ties.groups} tie group(s) of the gold ORDER BY`;
  const c = ties.cut;
  if (c === null) return base;
  const at = c.shown === 1 ? `row ${c.first + 1}` : `rows ${c.first + 1}-${c.first + c.shown}`;
  const verdict = c.accepted
    ? "the result's rows there are rows of that group"
    : "the result's rows there are not all rows of that group";
  return `${base}; the LIMIT cuts through the last group, so any ${c.shown} of its ${c.of} tied rows are accepted at ${at}: ${verdict}`;
}

/**
 * e.g. `FAIL lenient: row count differs: gold has 5, result has 4`. A compareAny verdict
 * also says when an alternative matched: golds[0] is the rows, golds[k] alternative k.
 */
export function formatVerdict(v: Verdict & { readonly matchedGold?: number | null }): string {
  if (v.pass) {
    const identity = v.mapping === null || v.mapping.every((j, i) => j === i);
    const cols = identity || v.mapping === null ? '' : ` (columns ${formatMapping(v.mapping)})`;
    const empty = v.emptyMatch ? ' (empty match: both results have no rows)' : '';
    const which =
      typeof v.matchedGold === 'number' && v.matchedGold > 0
        ? ` (matched alternative ${v.matchedGold})`
        : '';
    const ties = v.ties ? ` (${formatTies(v.ties)})` : '';
    return `PASS ${v.score}${which}${cols}${empty}${ties}`;
  }
  const reason = v.reason ? formatReason(v.reason) : 'no reason recorded';
  const cols =
    v.mapping && !v.mapping.every((j, i) => j === i)
      ? ` [columns ${formatMapping(v.mapping)}]`
      : '';
  const ties = v.ties ? ` (${formatTies(v.ties)})` : '';
  return `FAIL ${v.score}: ${reason}${cols}${ties}`;
}
