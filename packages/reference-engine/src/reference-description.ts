// What a reference engine says about itself (`describe()`, the protocol's `GET /describe`):
// this package at its version, the model per LLM node when the caller is an LlmClient (which
// knows its config), and every setting that changes an answer, so two runs are comparable
// only when all of them agree.

import type { EngineDescription } from '@nl2sql/engine';
import { describeConfig, type LlmConfig } from '@nl2sql/llm';
import { REFERENCE_ENGINE_PACKAGE } from './package-info.js';
import type { ReferenceEngineOptions, ReferenceSettings } from './reference-engine-options.js';
import { RETRIEVER_DEFAULTS } from './schema-retriever.js';

export function describeReferenceEngine(
  options: ReferenceEngineOptions,
  settings: ReferenceSettings,
  state: { curatedAnswers: number; datasources: readonly string[] },
): EngineDescription {
  const { embedder, ...retrieval } = options.retrieval ?? {};
  const config = (options.llm as { config?: LlmConfig }).config;
  return {
    name: REFERENCE_ENGINE_PACKAGE.name,
    version: REFERENCE_ENGINE_PACKAGE.version,
    ...(config ? { models: describeConfig(config) } : {}),
    settings: {
      retrieval: {
        ...RETRIEVER_DEFAULTS,
        ...retrieval,
        embedder: embedder ? (embedder.model ?? 'unknown') : null,
      },
      useCurated: settings.useCurated,
      curatedAnswers: state.curatedAnswers,
      usePlanCache: settings.usePlanCache,
      maxRefinements: settings.maxRefinements,
      statementTimeoutMs: settings.statementTimeoutMs,
      maxRows: settings.maxRows,
      askTimeoutMs: options.askTimeoutMs ?? null,
      revealRefusedTable: settings.revealRefusedTable,
      ...(options.refusalMessage !== undefined ? { refusalMessage: options.refusalMessage } : {}),
      policy: options.policy !== undefined,
      datasources: [...state.datasources],
    },
  };
}
