export { ConnectionPool } from './connection-pool.js';
export { declaredTypeComment, declaredTypeOf } from './declared-type.js';
export { type CellConverter, cellConverter } from './duckdb-cells.js';
export {
  type CopiedTable,
  type DuckdbCopy,
  DuckdbCopyError,
  writeDuckdbCopy,
} from './duckdb-copy.js';
export { DuckdbDatasource, openDuckdb } from './duckdb-datasource.js';
export { duckdbError, duckdbErrorCode } from './duckdb-error.js';
export { introspectDuckdb, quoteIdentifier } from './duckdb-introspect.js';
export {
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_MAX_VALUE_BYTES,
  DEFAULT_MEMORY_LIMIT,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUT_MS,
  type DuckdbOptions,
  MAX_STATEMENT_BYTES,
} from './duckdb-options.js';
export { READ_ONLY_SETTINGS } from './duckdb-settings.js';
export { type RowsDigest, rowsDigest } from './rows-digest.js';
