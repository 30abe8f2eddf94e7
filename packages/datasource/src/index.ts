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
export {
  checkByteCap,
  checkFinitePositive,
  checkMaxRows,
  checkTimeoutMs,
} from './limit-checks.js';
export { readyOrClosed } from './ready-or-closed.js';
export { type RoleLogin, roleView, unknownRoleError } from './role-view.js';
export { canonicalSchema, schemaFingerprint } from './schema-fingerprint.js';
export {
  isPermissionDenied,
  PERMISSION_DENIED_MESSAGE,
  type ServerFailure,
  serverError,
} from './server-error.js';
export { checkSingleQuery, type SingleQueryCheck } from './single-query.js';
export { type SqlToken, sqlTokens } from './sql-tokens.js';
