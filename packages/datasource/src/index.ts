export { ConnectionPool, type ConnectionPoolOptions } from './connection-pool.js';
export type {
  CellValue,
  ColumnSchema,
  DatabaseSchema,
  Datasource,
  ExecuteOptions,
  ForeignKeySchema,
  IntrospectOptions,
  QueryResult,
  TableSchema,
} from './datasource.js';
export {
  DatasourceError,
  type DatasourceErrorCode,
  type DatasourceErrorDetails,
} from './datasource-error.js';
export { type JsonCell, toJsonCell } from './json-cell.js';
export { canonicalSchema, schemaFingerprint } from './schema-fingerprint.js';
export { checkSingleQuery, type SingleQueryCheck } from './single-query.js';
export { type SqlToken, sqlTokens } from './sql-tokens.js';
export { writeSqliteCopy } from './sqlite-copy.js';
export {
  DEFAULT_MAX_ROWS,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUT_MS,
  openSqlite,
  SqliteDatasource,
  type SqliteOptions,
} from './sqlite-datasource.js';
export {
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_VALUE_BYTES,
  MAX_STATEMENT_BYTES,
} from './sqlite-limits.js';
