// One place that calls the parser, so every check sees the same statements and the same
// error shape. The SDK reports errors as values; a wasm trap would throw, and is turned
// into a parse error too, so no input can make a check throw.

import type * as Polyglot from '@polyglot-sql/sdk';
import { dropCommentNodes } from './comment-nodes.js';
import type { SqlDialect } from './dialect.js';
import type { PolyglotSdk } from './load.js';
import type { Json } from './node.js';

export type Parsed =
  | { ok: true; statements: Json[] }
  | { ok: false; message: string; line?: number; column?: number };

export function parseSql(sdk: PolyglotSdk, sql: string, dialect: SqlDialect): Parsed {
  try {
    const r = sdk.parse(sql, sdkDialectOf(sdk, dialect));
    if (!r.success) {
      return {
        ok: false,
        message: r.error ?? 'parse error',
        ...(r.errorLine !== undefined ? { line: r.errorLine } : {}),
        ...(r.errorColumn !== undefined ? { column: r.errorColumn } : {}),
      };
    }
    const statements = dropCommentNodes(
      ((r.ast ?? []) as unknown as Json[]).filter((s) => s !== null),
    );
    return { ok: true, statements };
  } catch (e) {
    return { ok: false, message: `parser failure: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** @internal The SDK's enum value for a dialect. */
export function sdkDialectOf(sdk: PolyglotSdk, dialect: SqlDialect): Polyglot.Dialect {
  switch (dialect) {
    case 'sqlite':
      return sdk.Dialect.SQLite;
    case 'postgres':
      return sdk.Dialect.PostgreSQL;
    case 'mysql':
      return sdk.Dialect.MySQL;
    case 'duckdb':
      return sdk.Dialect.DuckDB;
  }
}
