import {
  addDecimals,
  type Decimal,
  decimalFromBigInt,
  decimalFromNumber,
  parseDecimal,
  shiftDecimal,
} from './decimal.js';
import { nameWords, Vocabulary } from './name-words.js';
import { PhraseMatcher } from './phrase-matcher.js';
import { SuffixAutomaton } from './suffix-automaton.js';
import { scanTextNumbers } from './text-numbers.js';
import { ValueIndex } from './value-index.js';

/** Anything shaped like a query result: column names and rows of cells. */
export interface ResultRows {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/** What an answer may rest on, indexed once per check. */
export interface Evidence {
  /** Numeric cells, the row count and the sum of each numeric column. */
  readonly values: ValueIndex;
  /** Numeric cells times 100, for percentages written from shares (0.3718 -> 37.2%). */
  readonly shares: ValueIndex;
  /** Magnitudes of the numbers inside text cells and the question. */
  readonly textNumbers: ValueIndex;
  readonly vocabulary: Vocabulary;
  /** Text cells, column names and the question, for "contains the name". */
  readonly haystack: SuffixAutomaton;
  /** Text cells, for "the name contains a cell". */
  readonly cells: PhraseMatcher;
}

// Never a word id, so no name can match across two cells.
const SEPARATOR = -1;

export function buildEvidence(result: ResultRows, question: string): Evidence {
  const values: Decimal[] = [decimalFromBigInt(BigInt(result.rows.length))];
  const shares: Decimal[] = [];
  const textNumbers: Decimal[] = [];
  const vocabulary = new Vocabulary();
  const haystack = new SuffixAutomaton();
  const cells = new PhraseMatcher();

  const addText = (text: string, isCell: boolean): void => {
    const ids = nameWords(text).map((word) => vocabulary.intern(word));
    if (ids.length === 0) return;
    for (const id of ids) haystack.extend(id);
    haystack.extend(SEPARATOR);
    if (isCell && /\p{L}/u.test(text)) cells.add(ids);
  };

  const sums = new Map<number, Decimal>();
  const nonNumericColumns = new Set<number>();
  const seenText = new Set<string>();
  for (const row of result.rows) {
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell === null || cell === undefined) continue;
      const numeric = numericValue(cell);
      if (numeric) {
        values.push(numeric);
        shares.push(shiftDecimal(numeric, 2));
        const sum = sums.get(c);
        sums.set(c, sum ? addDecimals(sum, numeric) : numeric);
        continue;
      }
      nonNumericColumns.add(c);
      const text = cellText(cell);
      if (text === undefined || seenText.has(text)) continue;
      seenText.add(text);
      textNumbers.push(...scanTextNumbers(text));
      addText(text, true);
    }
  }
  for (const [column, sum] of sums) {
    if (!nonNumericColumns.has(column)) values.push(sum);
  }
  for (const column of result.columns) addText(column, false);
  if (question) {
    textNumbers.push(...scanTextNumbers(question));
    addText(question, false);
  }
  return {
    values: new ValueIndex(values),
    shares: new ValueIndex(shares),
    textNumbers: new ValueIndex(textNumbers),
    vocabulary,
    haystack,
    cells,
  };
}

/**
 * A cell's exact numeric value. Numeric strings count: drivers return NUMERIC and DECIMAL
 * columns as strings ("4118530.00") to keep their precision.
 */
function numericValue(cell: unknown): Decimal | undefined {
  if (typeof cell === 'number') return decimalFromNumber(cell);
  if (typeof cell === 'bigint') return decimalFromBigInt(cell);
  if (typeof cell === 'string') {
    const trimmed = cell.trim();
    return trimmed.length > 0 && trimmed.length <= 60 ? parseDecimal(trimmed) : undefined;
  }
  return undefined;
}

function cellText(cell: unknown): string | undefined {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString();
  return undefined;
}
