// The redactor the client masks its errors with, for the runner and CLI to mask what they
// store or print (it lives in @nl2sql/redact so the engine protocol can use it too).
export { Redactor, redact, type SecretValue } from '@nl2sql/redact';
export { ANTHROPIC_VERSION, anthropicMessagesWire } from './anthropic-messages-wire.js';
export { assertPriced, priceForModel } from './assert-priced.js';
export { chatCompletionsWire } from './chat-completions-wire.js';
export { ConcurrencyLimiter } from './concurrency-limiter.js';
export { configSecrets } from './config-secrets.js';
export {
  EMBEDDINGS_PATH,
  type EmbeddingsReply,
  embeddingsUsage,
  parseEmbeddings,
} from './embeddings-wire.js';
export {
  DEFAULT_FAKE_USAGE,
  FAKE_EMBEDDING_DIMENSIONS,
  type FakeAnswer,
  type FakeFault,
  FakeLLMServer,
  type FakeLLMServerOptions,
  type FakeRequest,
  type FakeUsage,
  fakeEmbedding,
} from './fake-llm-server.js';
export { LlmClient, type LlmClientOptions } from './llm-client.js';
export {
  configNodes,
  declaredNodes,
  describeConfig,
  type LlmConfig,
  LlmConfigError,
  modelConfig,
  type NodeConfig,
  type ProviderSettings,
  resolveModel,
} from './llm-config.js';
export {
  LlmError,
  type LlmErrorCode,
  type LlmErrorDetails,
} from './llm-error.js';
export {
  interpolateEnv,
  type LoadLlmOptions,
  loadLlmFile,
  loadPreset,
  PRESETS,
  PRESETS_DIR,
  parseLlmSection,
} from './llm-file.js';
export { type LlmOptionContext, resolveLlmOption } from './llm-option.js';
export type { EmbedOptions, LlmMessage, LlmRequest, StructuredOutput } from './llm-request.js';
export type { EmbeddingResult, LlmResult } from './llm-result.js';
export { checkOutput, type OutputCheck } from './output-validator.js';
export { type BilledTokens, callCost, PRICES, type Price, priceTable } from './prices.js';
export {
  isProviderName,
  PROVIDERS,
  type ProviderInfo,
  type ProviderName,
  type Wire,
} from './providers.js';
export { responsesWire } from './responses-wire.js';
export { REDACTED, Secret } from './secret.js';
export { UnknownPriceError } from './unknown-price-error.js';
export {
  anthropicUsage,
  chatUsage,
  responsesUsage,
  sumUsage,
  type TokenCounts,
  type UsageRecord,
} from './usage.js';
export { VERIFIED_MODELS, type VerifiedModel } from './verified-models.js';
export type { Correction, WireAdapter, WireReply } from './wire-adapter.js';
