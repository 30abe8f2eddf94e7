// What the original database's columns look like, read once through the read-only datasource:
// the storage class most values have, a spread-out sample of distinct values, and for text
// whether it is a date. Variants draw from these so that a fuzzed value looks like a real one
// (a genre name, an invoice date) and the gold filters keep selecting something.
import type { CellValue, ColumnSchema, Datasource, TableSchema } from '@nl2sql/datasource';
import { type DateShape, dateShape } from './date-text.js';

export type ValueKind = 'integer' | 'real' | 'text' | 'date' | 'blob';

export interface ColumnProfile {
  table: string;
  column: string;
  kind: ValueKind;
  /** For kind date. */
  dateShape?: DateShape;
  /** For kind date: every sampled time of day is midnight. */
  midnightOnly?: boolean;
  /** For kind real: the most decimals a sampled value has (at most 6). */
  decimals?: number;
  nullable: boolean;
  /** Up to SAMPLE_SIZE distinct values of the kind's storage class, spread over the sorted range. */
  sample: (number | string)[];
  /** Share of NULLs in the original. */
  nullShare: number;
}

export const SAMPLE_SIZE = 64;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite's column affinity from a declared type (datatype3.html, section 3.1). */
export function affinity(
  declared: string | undefined,
): 'integer' | 'text' | 'blob' | 'real' | 'numeric' {
  const t = (declared ?? '').toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text';
  if (t === '' || t.includes('BLOB')) return 'blob';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  return 'numeric';
}

function decimalsOf(n: number): number {
  const text = String(n);
  const dot = text.indexOf('.');
  return dot < 0 || text.includes('e') ? 0 : Math.min(6, text.length - dot - 1);
}

function kindWithoutData(
  column: ColumnSchema,
): Pick<ColumnProfile, 'kind' | 'dateShape' | 'decimals'> {
  const declared = (column.type ?? '').toUpperCase();
  if (declared.includes('DATE') || declared.includes('TIME')) {
    return { kind: 'date', dateShape: declared === 'DATE' ? 'date' : 'datetime' };
  }
  const a = affinity(column.type);
  if (a === 'integer') return { kind: 'integer' };
  if (a === 'real') return { kind: 'real', decimals: 2 };
  if (a === 'numeric')
    return /\(\s*\d+\s*,\s*[1-9]/.test(declared)
      ? { kind: 'real', decimals: 2 }
      : { kind: 'integer' };
  return { kind: 'text' };
}

async function profileColumn(
  source: Datasource,
  table: TableSchema,
  column: ColumnSchema,
): Promise<ColumnProfile> {
  const t = quote(table.name);
  const c = quote(column.name);
  const classes = await source.execute(
    `SELECT typeof(${c}) AS storage, count(*) AS n FROM ${t} GROUP BY storage ORDER BY n DESC, storage`,
  );
  const counts = new Map(classes.rows.map((r) => [String(r[0]), Number(r[1])]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const nullShare = total === 0 ? 0 : (counts.get('null') ?? 0) / total;
  const storage = classes.rows.map((r) => String(r[0])).find((s) => s !== 'null');
  const base = {
    table: table.name,
    column: column.name,
    nullable: column.nullable !== false,
    nullShare,
  };
  if (storage === undefined) return { ...base, ...kindWithoutData(column), sample: [] };
  // Every k-th distinct value in sorted order plus the last: a sample spread over the range.
  const sampled = await source.execute(
    `SELECT v FROM (SELECT v, row_number() OVER (ORDER BY v) AS r, count(*) OVER () AS n
       FROM (SELECT DISTINCT ${c} AS v FROM ${t} WHERE typeof(${c}) = '${storage}'))
     WHERE (r - 1) % ((n + ${SAMPLE_SIZE - 2}) / ${SAMPLE_SIZE - 1}) = 0 OR r = n ORDER BY r`,
  );
  const values = sampled.rows
    .map((r) => r[0] as CellValue)
    // Integers beyond 2^53 come back as bigint, which the driver cannot bind: leave them out.
    .filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
  if (storage === 'integer') return { ...base, kind: 'integer', sample: values };
  if (storage === 'real') {
    const decimals = Math.max(0, ...values.map((v) => decimalsOf(Number(v))));
    return { ...base, kind: 'real', decimals, sample: values };
  }
  if (storage === 'blob') return { ...base, kind: 'blob', sample: [] };
  const texts = values.map(String);
  const shapes = texts.map(dateShape);
  const shape = shapes[0];
  if (shape !== undefined && shapes.every((s) => s === shape)) {
    const midnightOnly = shape === 'date' || texts.every((v) => v.endsWith('00:00:00'));
    return { ...base, kind: 'date', dateShape: shape, midnightOnly, sample: texts };
  }
  return { ...base, kind: 'text', sample: texts };
}

/** Profiles of every column of the given tables, keyed `Table.Column`. */
export async function profileColumns(
  source: Datasource,
  tables: readonly TableSchema[],
): Promise<Map<string, ColumnProfile>> {
  const out = new Map<string, ColumnProfile>();
  for (const table of tables) {
    for (const column of table.columns) {
      out.set(`${table.name}.${column.name}`, await profileColumn(source, table, column));
    }
  }
  return out;
}
