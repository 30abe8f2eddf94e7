export { type AccessPolicy, roleScope, tablesOutOfScope } from './access-policy.js';
export { Bm25, type Bm25Options } from './bm25.js';
export { type CuratedAnswer, CuratedAnswers } from './curated-answers.js';
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
  normalise,
  OpenAiEmbedder,
  type OpenAiEmbedderOptions,
} from './embedder.js';
export {
  type AskRequest,
  type AskResponse,
  type AskStatus,
  type AskTiming,
  type AskTrace,
  type AskUsage,
  type Engine,
  type EngineDescription,
  type EngineErrorInfo,
  type ResultCell,
  type ResultSet,
  type RetrievalRecord,
  type RetrieveRequest,
  type RetrieveResponse,
  type TraceNode,
  UNKNOWN_ENGINE,
} from './engine.js';
export { EngineError } from './engine-error.js';
export {
  ASK_REQUEST_JSON_SCHEMA,
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_REQUEST_JSON_SCHEMA,
  RETRIEVE_RESPONSE_JSON_SCHEMA,
} from './engine-schema.js';
export { type ServedEngine, type ServeOptions, serveEngine } from './engine-server.js';
export { errorAnswer } from './error-answer.js';
export { ERROR_CODES, type ErrorCode, GENERIC_REFUSAL, isErrorCode } from './error-codes.js';
export { executeSql, toResultCell } from './executor.js';
export { generateSql, planDialect } from './generator.js';
export {
  type GoldCase,
  goldAnswer,
  goldPlanResponder,
  KEEP_SAME_PLAN,
} from './gold-plan-responder.js';
export { DEFAULT_MAX_REPLY_BYTES, HttpEngine, type HttpEngineOptions } from './http-engine.js';
export type { LlmCaller } from './llm-caller.js';
export { type MmrOptions, mmr } from './mmr.js';
export { ENGINE_PACKAGE } from './package-info.js';
export { PlanCache } from './plan-cache.js';
export { withPlan } from './plan-output-schema.js';
export {
  PLANNER_SCHEMA,
  PLANNER_SCHEMA_NAME,
  PLANNER_SYSTEM,
  type PlannerResult,
  planQuestion,
} from './planner.js';
export { QUESTION_PREFIX, questionFromPrompt, questionLine } from './prompt-question.js';
export { questionKey } from './question-key.js';
export {
  type EngineDatasource,
  ReferenceEngine,
  type ReferenceEngineOptions,
} from './reference-engine.js';
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
export { type SafetyOutcome, safetyCheck } from './safety-check.js';
export { type SchemaDescriptions, type SchemaEntry, schemaEntries } from './schema-index.js';
export { schemaPrompt } from './schema-prompt.js';
export {
  RETRIEVER_DEFAULTS,
  type Retrieval,
  type RetrieverOptions,
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
