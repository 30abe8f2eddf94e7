import { type CellValue, DatasourceError } from '@nl2sql/datasource';
import type { InterruptGuard } from './interrupt-guard.js';
import type { SqliteConnection, SqliteRow } from './sqlite-connection.js';
import { type SqliteErrorLimits, sqliteError } from './sqlite-error.js';
import { cellBytes } from './sqlite-limits.js';
import {
  columnOrderSql,
  columnProbeSql,
  EXACT_CHUNK,
  exactKey,
  isIndexLikeName,
  isInexactInteger,
  namedSql,
  positionalSql,
  valueKey,
} from './sqlite-wrap.js';

/** What a read needs from its datasource: the name in messages and the caps on what comes back. */
export interface ReadContext {
  label: string;
  /** Most bytes of rows one statement hands back (RESULT_TOO_LARGE past it). */
  maxResultBytes: number;
  limits: SqliteErrorLimits;
}

export interface StatementRows {
  columns: string[];
  rows: CellValue[][];
}

/** Turn a raw driver rejection into a DatasourceError that keeps SQLite's message. */
export async function driverCall<T>(
  pending: Promise<T>,
  sql: string,
  context: ReadContext,
): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw error instanceof DatasourceError
      ? error
      : sqliteError(error, context.label, sql, context.limits);
  }
}

/**
 * One statement's read on a pooled connection that has already compiled it, every driver call
 * under the statement's guard (timeout, signal): its rows by name or by position, or only its
 * column names. `text` is the statement as checked, `sql` as the caller wrote it (for messages).
 */
export class StatementRead {
  constructor(
    readonly guard: InterruptGuard,
    readonly connection: SqliteConnection,
    readonly text: string,
    private readonly sql: string,
    private readonly context: ReadContext,
  ) {}

  /**
   * The rows read by name (namedSql): one statement for most results. Undefined when some value
   * may be an integer past a double's precision, which only the positional read keeps exact.
   * Names that look like array indexes come out of the driver's objects in the wrong order, so
   * then (and for no rows, which name nothing) the order is the column probe's.
   */
  async named(limit: number | null): Promise<StatementRows | undefined> {
    const raw = await this.fetchRows(namedSql(this.text, limit));
    for (const row of raw) for (const key in row) if (isInexactInteger(row[key])) return undefined;
    const keys = raw.length > 0 ? Object.keys(raw[0]!) : [];
    const columns =
      raw.length > 0 && !(keys.length > 1 && keys.some(isIndexLikeName))
        ? keys
        : await this.columns();
    return { columns, rows: raw.map((row) => columns.map((name) => row[name] as CellValue)) };
  }

  /** The rows read by position (positionalSql), exact integers included: two statements. */
  async positional(limit: number | null): Promise<StatementRows> {
    const columns = await this.columns();
    const raw = await this.fetchRows(positionalSql(this.text, columns.length, limit));
    const rows = raw.map((row) => {
      const cells = columns.map((_, i) => row[valueKey(i)] as CellValue);
      for (let chunk = 0; chunk * EXACT_CHUNK < cells.length; chunk += 1) {
        const exact = row[exactKey(chunk)];
        if (typeof exact !== 'string') continue;
        (JSON.parse(exact) as (string | null)[]).forEach((text, i) => {
          if (text !== null) cells[chunk * EXACT_CHUNK + i] = BigInt(text);
        });
      }
      return cells;
    });
    return { columns, rows };
  }

  /**
   * The column names in select-list order (duplicates made unique), from the column probe: its
   * `LIMIT 0` lets SQLite skip the statement's work (sqlite-wrap.ts), so no row is computed.
   */
  async columns(): Promise<string[]> {
    const [probe] = await this.call(() => this.connection.all(columnProbeSql(this.text)));
    const columns = Object.keys(probe ?? {});
    // The driver fills rows by plain property writes, so a column named __proto__ sets the
    // probe's prototype (to its NULL value) instead of becoming a key.
    const protoColumn = probe !== undefined && Object.getPrototypeOf(probe) !== Object.prototype;
    if (!protoColumn && !(columns.length > 1 && columns.some(isIndexLikeName))) return columns;
    const count = columns.length + (protoColumn ? 1 : 0);
    const [order] = await this.call(() => this.connection.all(columnOrderSql(this.text, count)));
    const position = new Map(columns.map((name) => [name, Number(order?.[name])]));
    if (protoColumn) {
      // Its position is the one no named column holds.
      const taken = new Set(position.values());
      position.set('__proto__', [...Array(count).keys()].find((i) => !taken.has(i)) ?? count - 1);
    }
    return [...position.keys()].sort((a, b) => position.get(a)! - position.get(b)!);
  }

  /**
   * Read the wrapped statement's rows, counting their bytes as they arrive; past
   * `maxResultBytes` the statement is interrupted (a few more rows may already be on their way,
   * and are dropped) and the call fails with RESULT_TOO_LARGE.
   */
  private async fetchRows(wrapped: string): Promise<SqliteRow[]> {
    const { maxResultBytes, label } = this.context;
    const rows: SqliteRow[] = [];
    let bytes = 0;
    let over = false;
    try {
      await this.call(() =>
        this.connection.each(wrapped, (row) => {
          for (const key in row) bytes += cellBytes(row[key]);
          if (bytes > maxResultBytes) {
            over = true;
            return false;
          }
          rows.push(row);
          return true;
        }),
      );
    } catch (error) {
      if (!over) throw error;
    }
    if (over) {
      throw new DatasourceError(
        'RESULT_TOO_LARGE',
        `${label}: the rows passed ${maxResultBytes} bytes (maxResultBytes) after ${rows.length} rows; select fewer or smaller columns, or fewer rows`,
        { sql: this.sql },
      );
    }
    return rows;
  }

  /** One driver call, started only if the guard has not fired (InterruptGuard.step). */
  private call<T>(start: () => Promise<T>): Promise<T> {
    return this.guard.step(() => driverCall(start(), this.sql, this.context));
  }
}
