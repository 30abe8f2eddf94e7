export { Bm25, type Bm25Options } from './bm25.js';
export { type CuratedAnswer, CuratedAnswers } from './curated-answers.js';
export { type RankedIndex, rankDatasources } from './datasource-ranking.js';
export {
  DECOMPOSER_SCHEMA,
  DECOMPOSER_SCHEMA_NAME,
  type Decomposition,
  decompose,
  retrievalQuery,
  type SubQuery,
} from './decomposer.js';
export {
  dot,
  type Embedder,
  type EmbeddingCaller,
  llmEmbedder,
  normalise,
} from './embedder.js';
export { executeSql, toResultCell } from './executor.js';
export { generateSql, planDialect } from './generator.js';
export {
  clarifyQuestion,
  type GoldCase,
  goldAnswer,
  goldPlanResponder,
  KEEP_SAME_PLAN,
} from './gold-plan-responder.js';
export { LlmCallFeed, type LlmCallListener } from './llm-call-feed.js';
export type { LlmCaller } from './llm-caller.js';
export { type MmrOptions, mmr } from './mmr.js';
export { REFERENCE_ENGINE_PACKAGE } from './package-info.js';
export { PlanCache } from './plan-cache.js';
export { withPlan } from './plan-output-schema.js';
export {
  PLANNER_SCHEMA,
  PLANNER_SCHEMA_NAME,
  PLANNER_SYSTEM,
  type PlannerResult,
  planQuestion,
} from './planner.js';
export { type PlansEngine, plansEngine } from './plans-rig.js';
export { QUESTION_PREFIX, questionFromPrompt, questionLine } from './prompt-question.js';
export { questionKey } from './question-key.js';
export { type ReferenceConfig, type ReferenceSetup, referenceConfig } from './reference-config.js';
export { ReferenceEngine } from './reference-engine.js';
export {
  DEFAULT_MAX_ROWS,
  type EngineDatasource,
  type ReferenceEngineOptions,
} from './reference-engine-options.js';
export { EMBEDDER_NODE, REFERENCE_NODES, type ReferenceNode } from './reference-nodes.js';
export {
  REFINER_SCHEMA,
  REFINER_SCHEMA_NAME,
  type RefinerResult,
  refinePlan,
} from './refiner.js';
export {
  type DatasourceSummary,
  RESOLVER_SCHEMA,
  RESOLVER_SCHEMA_NAME,
  type Resolution,
  resolveDatasources,
} from './resolver.js';
export { retrievalScope } from './role-scope.js';
export { type SafetyOutcome, safetyCheck } from './safety-check.js';
export { type SchemaDescriptions, type SchemaEntry, schemaEntries } from './schema-index.js';
export { schemaPrompt } from './schema-prompt.js';
export {
  RETRIEVER_DEFAULTS,
  type Retrieval,
  type RetrieveOptions,
  type RetrieverOptions,
  type RetrieverSettings,
  SchemaRetriever,
} from './schema-retriever.js';
export { schemaTokens } from './schema-tokens.js';
export { fillNulls } from './strict-fill.js';
export {
  SYNTHESIZER_SCHEMA,
  SYNTHESIZER_SCHEMA_NAME,
  type SynthesizerResult,
  synthesizeAnswer,
} from './synthesizer.js';
export { TraceRecorder } from './trace-recorder.js';
export {
  describePlanErrors,
  refusalMessage,
  type Validation,
  type ValidatorOptions,
  validateLogical,
} from './validator.js';
