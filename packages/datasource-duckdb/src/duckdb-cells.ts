import {
  DuckDBBlobValue,
  DuckDBDecimalValue,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { CellValue } from '@nl2sql/datasource';

/** Turns one DuckDB value of a known column type into a cell (null stays null). */
export type CellConverter = (value: DuckDBValue) => CellValue;

/** An integer as a number when exact, else as a bigint (as the SQLite adapter returns INTEGER). */
function integer(value: bigint | number): number | bigint {
  if (typeof value === 'number') return value;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

const asInteger: CellConverter = (v) => (v === null ? null : integer(v as bigint | number));
const asNumber: CellConverter = (v) => (v === null ? null : Number(v));
const asBoolean: CellConverter = (v) => (v === null ? null : v ? 1 : 0);
const asText: CellConverter = (v) => (v === null ? null : typeof v === 'string' ? v : String(v));

/**
 * DECIMAL as the PostgreSQL adapter returns numeric: a double, parsed from DuckDB's exact
 * text so it is the nearest double; a scale of 0 is an integer (bigint beyond ±2^53).
 */
const asDecimal: CellConverter = (v) => {
  if (v === null) return null;
  if (!(v instanceof DuckDBDecimalValue)) return Number(v);
  return v.scale === 0 ? integer(v.value) : Number(v.toString());
};

const asBlob: CellConverter = (v) => {
  if (v === null) return null;
  if (v instanceof DuckDBBlobValue) return Buffer.from(v.bytes);
  return asText(v);
};

const INTEGERS = new Set([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

/**
 * How a column's values become cells, so rows compare with the other adapters': integers are
 * numbers (exact bigint beyond ±2^53), FLOAT and DOUBLE numbers, DECIMAL a double (integral
 * ones exact), BOOLEAN 1 and 0, BLOB a Buffer, and everything else DuckDB's own text: DATE as
 * `2009-01-01`, TIMESTAMP as `2009-01-01 00:00:00` (what Chinook's SQLite file stores), time
 * zones, intervals, UUIDs, lists and structs as DuckDB prints them.
 */
export function cellConverter(type: DuckDBType): CellConverter {
  const id = type.typeId;
  if (INTEGERS.has(id)) return asInteger;
  if (id === DuckDBTypeId.FLOAT || id === DuckDBTypeId.DOUBLE) return asNumber;
  if (id === DuckDBTypeId.DECIMAL) return asDecimal;
  if (id === DuckDBTypeId.BOOLEAN) return asBoolean;
  if (id === DuckDBTypeId.BLOB) return asBlob;
  return asText;
}

/** Bytes a cell counts for against maxResultBytes and maxValueBytes (8 for a number). */
export function cellBytes(cell: CellValue): number {
  if (cell === null) return 1;
  if (typeof cell === 'string') return Buffer.byteLength(cell, 'utf8');
  if (Buffer.isBuffer(cell)) return cell.length;
  return 8;
}
