export type { AstSimilarity } from './ast-similarity.js';
export { astSimilarity } from './ast-similarity.js';
export type { SchemaColumn, SchemaLike, SchemaTable } from './catalog.js';
export type { Component, ComponentF1, ComponentItems, ComponentScores } from './component-f1.js';
export { COMPONENTS, componentF1 } from './component-f1.js';
export type { ConstantQuery } from './constant-query.js';
export { constantQuery } from './constant-query.js';
export type { CaseDiagnostics, DiagnoseCaseInput, DiagnoseOptions } from './diagnose-case.js';
export { diagnoseCase } from './diagnose-case.js';
export type { SqlDialect } from './dialect.js';
export { SQL_DIALECTS, toDialect, UnsupportedDialectError } from './dialect.js';
export type { Difficulty, DifficultyLevel } from './difficulty.js';
export { difficulty } from './difficulty.js';
export type {
  ErrorClass,
  ErrorClassInput,
  ErrorClassification,
  FailureVerdict,
} from './error-class.js';
export { ERROR_CLASSES, errorClass } from './error-class.js';
export { extractSql } from './extract-sql.js';
export type { FilterLiteral, FilterMatch } from './filter-literals.js';
export { filterLiterals, filterValuesMatch } from './filter-literals.js';
export type { FilterValue, FilterValueAccuracy, ValueShare } from './filter-value-accuracy.js';
export { filterValueAccuracy } from './filter-value-accuracy.js';
export { frozenToday } from './frozen-today.js';
export { DENIED_FUNCTIONS, deniedFunctions, vettedFunctions } from './function-policy.js';
export type { KeyedSchemaLike, KeyedSchemaTable } from './keyed-schema.js';
export type { LoadInfo, PolyglotSdk } from './load.js';
export { loadSqlcheck, loadSqlParser, SqlcheckLoadError } from './load.js';
export type { NormalizedMatch } from './normalized-match.js';
export { canonicalSql, normalizedMatch } from './normalized-match.js';
export type { ReadSet, ReadSetOptions } from './read-set.js';
export { readSet } from './read-set.js';
export type {
  CheckDiagnostic,
  CheckReport,
  LevelVerdict,
  RunChecksOptions,
} from './run-checks.js';
export { runChecks } from './run-checks.js';
export type { SafetyOptions } from './safety.js';
export { checkSafety, DEFAULT_MAX_LIMIT } from './safety.js';
export { checkSchema } from './schema-check.js';
export { DEFAULT_MAX_SQL_BYTES, sqlBytes, sqlSizeViolation } from './sql-size.js';
export type { LexicalProblem, StatementScan, StatementScanOptions } from './statement-scan.js';
export { scanStatements } from './statement-scan.js';
export type { SyntaxVerdict } from './syntax.js';
export { checkSyntax } from './syntax.js';
export type { TableReference } from './table-references.js';
export { tableReferences } from './table-references.js';
export { TIE_RANK_COLUMN, type TieRankQuery, tieRankQuery } from './tie-rank-query.js';
export { TranspileError, type TranspileOptions, transpileSql } from './transpile.js';
export { DEFAULT_MAX_VALUE_BYTES } from './value-size.js';
export type { Verdict, Violation } from './verdict.js';
