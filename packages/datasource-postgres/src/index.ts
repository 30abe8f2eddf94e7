// Shared with the other adapters; still exported here, where they were first defined.
export { isPermissionDenied, PERMISSION_DENIED_MESSAGE } from '@nl2sql/datasource';
export { applyGrants } from './apply-grants.js';
export { type CancelTarget, sendCancelRequest } from './cancel-request.js';
export { type ConnectionUrl, parseConnectionUrl, redactUrl } from './connection-url.js';
export {
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
  startEmbeddedPostgres,
} from './embedded-server.js';
export {
  DEFAULT_ROLE_SETTINGS,
  type GrantsOptions,
  type GrantsPolicy,
  GrantsPolicyError,
  grantsSql,
  quoteLiteral,
  quoteName,
  REVOKED_FUNCTIONS,
  type RoleLogin,
  type RoleSettings,
} from './grants-sql.js';
export { CELL_TYPES, parseCell } from './postgres-cells.js';
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUT_MS,
  openPostgres,
  PostgresDatasource,
  type PostgresOptions,
} from './postgres-datasource.js';
export { postgresError, postgresErrorCode } from './postgres-error.js';
export {
  type PostgresForTests,
  type PostgresForTestsOptions,
  postgresForTests,
} from './postgres-for-tests.js';
export { introspectPostgres, quoteIdentifier } from './postgres-introspect.js';
export { checkPostgresQuery, maskPostgresSql } from './postgres-query-check.js';
export { type PostgresToken, postgresTokens } from './postgres-tokens.js';
