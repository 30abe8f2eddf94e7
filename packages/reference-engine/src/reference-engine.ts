// The reference engine: resolver -> (curated answer | decomposer -> retriever -> planner) ->
// validator (schema + RBAC) -> generator -> safety check -> executor, with a bounded refiner
// loop on a failure the plan may be at fault for, then the answer synthesizer. Every ask
// returns a response (never throws): failures are typed error values, and a trace. Every
// option is fixed at construction: an engine answers the same way whoever runs it.
//
// This file is the Engine: construction, describe(), retrieve() and the ask's time limit.
// The options are reference-engine-options.ts, the datasources datasource-catalog.ts, the
// description reference-description.ts, and an ask's stages ask-pipeline.ts.

import type {
  AskRequest,
  AskResponse,
  Engine,
  EngineDescription,
  RetrieveRequest,
  RetrieveResponse,
} from '@nl2sql/engine';
import { failure, failureOf } from './ask-failure.js';
import { runAsk } from './ask-pipeline.js';
import { CuratedAnswers } from './curated-answers.js';
import { DatasourceCatalog } from './datasource-catalog.js';
import { rankDatasources } from './datasource-ranking.js';
import { PlanCache } from './plan-cache.js';
import { describeReferenceEngine } from './reference-description.js';
import {
  type ReferenceEngineOptions,
  type ReferenceSettings,
  referenceSettings,
} from './reference-engine-options.js';
import { requestScope } from './role-scope.js';
import { TraceRecorder } from './trace-recorder.js';

export class ReferenceEngine implements Engine {
  readonly #options: ReferenceEngineOptions;
  readonly #settings: ReferenceSettings;
  readonly #catalog: DatasourceCatalog;
  readonly curated: CuratedAnswers;
  readonly planCache = new PlanCache();

  constructor(options: ReferenceEngineOptions) {
    // A copy: a caller changing its options object afterwards changes nothing here.
    this.#options = {
      ...options,
      ...(options.retrieval ? { retrieval: { ...options.retrieval } } : {}),
    };
    this.#catalog = new DatasourceCatalog(options.datasources, this.#options.retrieval);
    this.curated =
      options.curated instanceof CuratedAnswers
        ? options.curated
        : new CuratedAnswers(options.curated ?? []);
    this.#settings = referenceSettings(this.#options);
  }

  // Read-only views of the construction options: there is no setter, so assigning one
  // throws (class code is strict) instead of quietly reconfiguring an engine in use.

  /** Whether curated answers answer a question they hold. Fixed at construction. */
  get useCurated(): boolean {
    return this.#settings.useCurated;
  }

  /** Whether validated plans are reused for a question asked again. Fixed at construction. */
  get usePlanCache(): boolean {
    return this.#settings.usePlanCache;
  }

  /** Whether a refusal names the refused table (a playground only). Fixed at construction. */
  get revealRefusedTable(): boolean {
    return this.#settings.revealRefusedTable;
  }

  /** What a refusal says when it names no table. Fixed at construction. */
  get refusalMessage(): string {
    return this.#settings.refusalMessage;
  }

  get maxRows(): number {
    return this.#settings.maxRows;
  }

  /**
   * `@nl2sql/reference-engine` at this package's version, the model per LLM node (when the
   * caller is an LlmClient, which knows its config), and every setting that changes an answer.
   */
  async describe(): Promise<EngineDescription> {
    return describeReferenceEngine(this.#options, this.#settings, {
      curatedAnswers: this.curated.size,
      datasources: this.#catalog.ids,
    });
  }

  async retrieve(
    request: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    const prepared = await this.#catalog.prepare(request.datasource);
    const { record } = await prepared.retriever.retrieve(request.question, {
      ...requestScope(this.#settings.policy, request.role, prepared.schema),
      ...(request.fullSnapshotMaxTables !== undefined
        ? { fullSnapshotMaxTables: request.fullSnapshotMaxTables }
        : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // With several datasources, where the question would be routed (lexically: the
    // resolver is an LLM call, which a retrieval run does not make). With one there is
    // nothing to route, and nothing is reported.
    if (this.#catalog.size < 2) return record;
    const indexes = await Promise.all(this.#catalog.ids.map((id) => this.#catalog.prepare(id)));
    const datasources = rankDatasources(
      request.question,
      indexes.map((p) => ({ id: p.entry.id, entries: p.retriever.entries })),
    );
    return { ...record, datasources };
  }

  async ask(request: AskRequest, options: { signal?: AbortSignal } = {}): Promise<AskResponse> {
    const rec = new TraceRecorder();
    const controller = new AbortController();
    let timedOut = false;
    const limit = this.#options.askTimeoutMs;
    const timer =
      limit === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, limit);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) controller.abort();
    let lastSql: string | null = null;
    try {
      const engine = { settings: this.#settings, curated: this.curated, planCache: this.planCache };
      return await runAsk(engine, this.#catalog, request, rec, controller.signal, (sql) => {
        lastSql = sql;
      });
    } catch (error) {
      if (timedOut) {
        return failure('TIMEOUT', `the ask took longer than ${limit} ms`, rec, lastSql);
      }
      if (options.signal?.aborted)
        return failure('CANCELLED', 'the ask was cancelled', rec, lastSql);
      return failureOf(error, rec, lastSql);
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Close the datasources. */
  async close(): Promise<void> {
    await this.#catalog.close();
  }
}
