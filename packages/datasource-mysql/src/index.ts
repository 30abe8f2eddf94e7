// Shared with the other adapters; still exported here, where they were first defined.
export { isPermissionDenied, PERMISSION_DENIED_MESSAGE } from '@nl2sql/datasource';
export {
  applyMysqlGrants,
  grantStatements,
} from './apply-mysql-grants.js';
export {
  type LoadChinookMysqlOptions,
  type LoadedChinookMysql,
  loadChinookMysql,
} from './load-chinook-mysql.js';
export { type MariadbServer, type MariadbServerOptions, startMariadb } from './mariadb-server.js';
export { cellBytes, cellReader, DRIVER_VALUE_OPTIONS } from './mysql-cells.js';
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_ROWS,
  DEFAULT_MAX_VALUE_BYTES,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUT_MS,
  MysqlDatasource,
  type MysqlOptions,
  openMysql,
} from './mysql-datasource.js';
export { mysqlError, mysqlErrorCode } from './mysql-error.js';
export {
  type MariadbForTests,
  type MariadbForTestsOptions,
  mariadbForTests,
} from './mysql-for-tests.js';
export {
  type MysqlGrantsOptions,
  type MysqlGrantsPolicy,
  MysqlGrantsPolicyError,
  type MysqlRoleLogin,
  mysqlGrantsSql,
  quoteMysqlIdentifier,
  quoteMysqlString,
} from './mysql-grants-sql.js';
export { declaredType, introspectMysql, quoteMysqlName } from './mysql-introspect.js';
export { type MysqlLogin, parseMysqlUrl, redactMysqlUrl } from './mysql-login.js';
export { checkMysqlQuery, type MysqlQueryCheck, maskMysqlSql } from './mysql-query-check.js';
export { limitsStatement, type MysqlFlavor } from './mysql-session.js';
