export {
  CHINOOK_BYTES,
  CHINOOK_COMMIT,
  CHINOOK_FILE,
  CHINOOK_MYSQL_FILE,
  CHINOOK_MYSQL_SHA256,
  CHINOOK_MYSQL_URL,
  CHINOOK_SHA256,
  CHINOOK_URL,
} from './chinook.js';
export { CHINOOK_CALIBRATION_PATH } from './chinook-calibration-path.js';
export {
  type ChinookForTests,
  type ChinookForTestsOptions,
  chinookForTests,
  isCi,
} from './chinook-for-tests.js';
export { ChinookLoadError, type ChinookLoadErrorCode } from './chinook-load-error.js';
export { CHINOOK_POLICIES, CHINOOK_TABLES, type ChinookRole } from './chinook-policies.js';
export { postgresType } from './chinook-postgres-ddl.js';
export { CHINOOK_QUESTIONS } from './chinook-questions.js';
export { CHINOOK_SCHEMA, type ChinookTableSchema } from './chinook-schema.js';
export { CHINOOK_CLARIFY_SUITE_PATH, CHINOOK_SUITE_PATH } from './chinook-suite-path.js';
export { DatasetError, type DatasetErrorCode } from './dataset-error.js';
export { fileSha256 } from './file-sha256.js';
export {
  CHINOOK_POSTGRES_MARKER,
  type LoadChinookOptions,
  type LoadedChinook,
  loadChinookPostgres,
} from './load-chinook-postgres.js';
export {
  type LocatedDataset,
  type LocateOptions,
  locateChinook,
  locateChinookMysql,
  resolveChinook,
  resolveChinookMysql,
} from './locate-chinook.js';
