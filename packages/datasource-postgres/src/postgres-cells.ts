import type { CellValue } from '@nl2sql/datasource';
import pg from 'pg';

// Type OIDs from pg_type.dat; stable across PostgreSQL versions.
const BOOL = 16;
const BYTEA = 17;
const INT8 = 20;
const INT2 = 21;
const INT4 = 23;
const OID = 26;
const FLOAT4 = 700;
const FLOAT8 = 701;
const NUMERIC = 1700;

/** An integer's text as a number when it is exact, else as a bigint. */
function integer(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/**
 * numeric as the SQLite adapter returns REAL: a double. Integral values beyond 2^53 stay exact
 * as bigint, like SQLite's INTEGER. 'NaN' and '±Infinity' become the doubles of that name.
 */
function numeric(text: string): number | bigint {
  if (/^-?\d+$/.test(text)) return integer(text);
  return Number(text);
}

const byteaParser = pg.types.getTypeParser(BYTEA, 'text') as (text: string) => Buffer;

const PARSERS: ReadonlyMap<number, (text: string) => CellValue> = new Map<
  number,
  (text: string) => CellValue
>([
  [BOOL, (text) => (text === 't' ? 1 : 0)],
  [BYTEA, byteaParser],
  [INT2, Number],
  [INT4, Number],
  [OID, Number],
  [INT8, integer],
  [FLOAT4, Number],
  [FLOAT8, Number],
  [NUMERIC, numeric],
]);

const asText = (text: string): CellValue => text;

/**
 * How the adapter turns PostgreSQL's text-format values into cells, so rows compare with the
 * SQLite adapter's: integers are numbers (bigint beyond ±2^53), reals and numerics are doubles,
 * booleans are 1 and 0, bytea is a Buffer, and everything else (text, dates and timestamps as
 * PostgreSQL prints them, json, uuid, arrays, intervals) is the server's text.
 */
export const CELL_TYPES = {
  getTypeParser(oid: number, format?: string): (text: string) => CellValue {
    if (format === 'binary') throw new Error('the adapter reads text-format values only');
    return PARSERS.get(oid) ?? asText;
  },
};

/** Convert one text-format value of type `oid` (null stays null). */
export function parseCell(oid: number, text: string | null): CellValue {
  return text === null ? null : CELL_TYPES.getTypeParser(oid)(text);
}
