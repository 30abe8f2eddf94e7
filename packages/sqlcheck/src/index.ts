export type {
  Catalog,
  CatalogTable,
  SchemaColumn,
  SchemaLike,
  SchemaTable,
  TableName,
} from './catalog.js';
export type { SqlDialect } from './dialect.js';
export { toDialect, UnsupportedDialectError } from './dialect.js';
export { extractSql } from './extract-sql.js';
export { DENIED_FUNCTIONS, vettedFunctions } from './function-policy.js';
export type { LoadInfo } from './load.js';
export { loadSqlcheck, SqlcheckLoadError } from './load.js';
export type { ReadSet, ReadSetOptions } from './read-set.js';
export { readSet } from './read-set.js';
export type { CheckReport, LevelVerdict, RunChecksOptions } from './run-checks.js';
export { runChecks } from './run-checks.js';
export type { SafetyOptions } from './safety.js';
export { checkSafety, DEFAULT_MAX_LIMIT } from './safety.js';
export { checkSchema } from './schema-check.js';
export type { SyntaxVerdict } from './syntax.js';
export { checkSyntax } from './syntax.js';
export type { Verdict, Violation } from './verdict.js';
