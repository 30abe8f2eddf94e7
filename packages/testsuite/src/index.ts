export {
  BUILD_TIMEOUT_MS,
  type BuildTestSuiteOptions,
  type BuiltTestSuite,
  buildTestSuite,
  DEFAULT_CANDIDATES,
  DEFAULT_MAX_VARIANTS,
  DEFAULT_SEED,
  type EvaluatedMutant,
  type MutantStatus,
} from './build-test-suite.js';
export { type ColumnProfile, profileColumns, type ValueKind } from './column-profile.js';
export { type Distilled, distill } from './distill.js';
export { type GeneratedVariant, generateVariant } from './generate-variant.js';
export {
  analyzeGold,
  type ColumnLiteral,
  type GoldAnalysis,
  type SchemaShape,
} from './gold-analysis.js';
export { type GoldQuery, goldsDigest, sqlDigest } from './gold-query.js';
export {
  formatManifest,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestDatabase,
  type ManifestMutant,
  type ManifestSummary,
  readManifest,
  variantFile,
  variantId,
} from './manifest.js';
export { matchesAnyGold, type TestSuitePolicy } from './match-policy.js';
export {
  generateMutants,
  MUTATION_OPERATORS,
  type Mutant,
  type MutantOptions,
  type MutantSet,
  type MutationOperator,
} from './mutants.js';
export {
  type OpenTestSuiteOptions,
  openTestSuite,
  type SuiteDatabase,
  TestSuite,
} from './open-test-suite.js';
export { type RegenerateTestSuiteOptions, regenerateTestSuite } from './regenerate-test-suite.js';
export { deriveSeed } from './seeded-random.js';
export { suiteGolds, testSuiteDir } from './suite-golds.js';
export {
  type DatabaseVerdict,
  type TestSuiteMatchInput,
  type TestSuiteVerdict,
  testSuiteMatch,
} from './test-suite-match.js';
export { TestSuiteError, type TestSuiteErrorCode } from './testsuite-error.js';
export { buildVariantContext, type VariantContext } from './variant-context.js';
export type { VariantKnobs } from './variant-knobs.js';
