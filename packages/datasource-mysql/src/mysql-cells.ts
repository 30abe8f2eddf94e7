import type { CellValue } from '@nl2sql/datasource';

/**
 * Driver options that leave every value as the server sent it where JavaScript would lose
 * something: BIGINT and DECIMAL as text (converted by {@link cellReader}), dates and times as
 * the server's text (`2021-01-01 00:00:00`, what Chinook's SQLite file stores), JSON as text.
 */
export const DRIVER_VALUE_OPTIONS = {
  supportBigNumbers: true,
  bigNumberStrings: true,
  decimalNumbers: false,
  dateStrings: true,
  jsonStrings: true,
} as const;

// MySQL protocol column types (mysql2's Types): the ones that arrive as numeric text.
const LONGLONG = 8;
const DECIMAL = 0;
const NEWDECIMAL = 246;

/** An integer's text as a number when exact, else a bigint. */
function integer(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/**
 * How one column's values become cells, as the SQLite and PostgreSQL adapters return them:
 * integers are numbers (exact `bigint` beyond ±2^53), DECIMAL is a double (integral values
 * beyond 2^53 an exact `bigint`), FLOAT and DOUBLE numbers, binary strings and BIT a `Buffer`,
 * everything else text.
 */
export function cellReader(columnType: number): (value: unknown) => CellValue {
  if (columnType === LONGLONG)
    return (v) => (typeof v === 'string' ? integer(v) : (v as CellValue));
  if (columnType === DECIMAL || columnType === NEWDECIMAL) {
    return (v) => {
      if (typeof v !== 'string') return v as CellValue;
      return /^-?\d+$/.test(v) ? integer(v) : Number(v);
    };
  }
  return (v) => (v === undefined ? null : (v as CellValue));
}

/** Bytes a cell takes, for the value cap (numbers count as 8). */
export function cellBytes(value: CellValue): number {
  if (typeof value === 'string') return value.length > 0 ? Buffer.byteLength(value, 'utf8') : 0;
  if (Buffer.isBuffer(value)) return value.length;
  return 8;
}
