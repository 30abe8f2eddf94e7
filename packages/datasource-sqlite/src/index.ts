export { ConnectionPool, type ConnectionPoolOptions } from './connection-pool.js';
export { immutableUri, type ReadOnlyTarget, readOnlyTarget } from './read-only-target.js';
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
