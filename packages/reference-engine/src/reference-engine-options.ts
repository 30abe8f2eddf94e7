// What a reference engine is built with, and the same with every default applied: the
// settings the pipeline reads. Both are fixed at construction (an engine answers the same
// way whoever runs it), so a default is applied here once, not at each ask.

import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Datasource } from '@nl2sql/datasource';
import { GENERIC_REFUSAL } from '@nl2sql/engine';
import type { DeclaredRelationship } from '@nl2sql/schema-selection';
import type { CuratedAnswer, CuratedAnswers } from './curated-answers.js';
import type { LlmCaller } from './llm-caller.js';
import type { SchemaDescriptions } from './schema-index.js';
import type { RetrieverOptions } from './schema-retriever.js';

/** The row cap when the options set none: at most this many rows are read and returned. */
export const DEFAULT_MAX_ROWS = 1000;
/** The statement timeout when the options set none. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;
/** Refinement rounds after a failure when the options set none. */
export const DEFAULT_MAX_REFINEMENTS = 1;

export interface EngineDatasource {
  /** The id cases and the resolver use (e.g. `chinook`). */
  id: string;
  datasource: Datasource;
  /** What it holds, for the resolver. */
  description?: string;
  /** Table and column prose for the retriever's index. */
  descriptions?: SchemaDescriptions;
  /** Joins declared by hand (approved or not) beside the foreign keys, for path completion. */
  relationships?: readonly DeclaredRelationship[];
}

/** Everything the engine is built with; none of it changes after construction. */
export interface ReferenceEngineOptions {
  /** The LLM client (an @nl2sql/llm LlmClient, or anything with its `call`). */
  readonly llm: LlmCaller;
  readonly datasources: readonly EngineDatasource[];
  /** Which tables each role may read; without one every role reads everything. */
  readonly policy?: AccessPolicy;
  /** Name the refused table in a SECURITY_VIOLATION (the demo playground). Default false. */
  readonly revealRefusedTable?: boolean;
  /**
   * What a refusal says (a project's `policy.refusal_message`). Default the protocol's
   * GENERIC_REFUSAL. It names no table unless revealRefusedTable is on.
   */
  readonly refusalMessage?: string;
  /** The verified question -> SQL bank. */
  readonly curated?: CuratedAnswers | readonly CuratedAnswer[];
  /** Answer from the curated bank when it has the question. Default true. */
  readonly useCurated?: boolean;
  /** Reuse validated plans for a question asked again. Default true. */
  readonly usePlanCache?: boolean;
  /** Refinement rounds after a failure. Default 1. */
  readonly maxRefinements?: number;
  /** Statement timeout. Default 5000 ms. */
  readonly statementTimeoutMs?: number;
  /** Row cap: at most this many rows are read and returned. Default 1000. */
  readonly maxRows?: number;
  /** Time limit for a whole ask (TIMEOUT when passed). Default none. */
  readonly askTimeoutMs?: number;
  /** Retriever settings (k, MMR, full-snapshot limit, embedder). */
  readonly retrieval?: Omit<RetrieverOptions, 'descriptions' | 'relationships'>;
}

/** The options an ask reads, every default applied. */
export interface ReferenceSettings {
  readonly llm: LlmCaller;
  readonly policy: AccessPolicy | undefined;
  readonly revealRefusedTable: boolean;
  readonly refusalMessage: string;
  readonly useCurated: boolean;
  readonly usePlanCache: boolean;
  readonly maxRefinements: number;
  readonly statementTimeoutMs: number;
  readonly maxRows: number;
}

export function referenceSettings(options: ReferenceEngineOptions): ReferenceSettings {
  return {
    llm: options.llm,
    policy: options.policy,
    revealRefusedTable: options.revealRefusedTable ?? false,
    refusalMessage: options.refusalMessage ?? GENERIC_REFUSAL,
    useCurated: options.useCurated ?? true,
    usePlanCache: options.usePlanCache ?? true,
    maxRefinements: options.maxRefinements ?? DEFAULT_MAX_REFINEMENTS,
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
  };
}
