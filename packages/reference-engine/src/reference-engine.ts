// The reference engine: resolver -> (curated answer | decomposer -> retriever -> planner) ->
// validator (schema + RBAC) -> generator -> safety check -> executor, with a bounded refiner
// loop on a failure the plan may be at fault for, then the answer synthesizer. Every ask
// returns a response (never throws): failures are typed error values, and a trace. Every
// option is fixed at construction: an engine answers the same way whoever runs it.

import { type AccessPolicy, roleTables } from '@nl2sql/access-policy';
import { type DatabaseSchema, type Datasource, DatasourceError } from '@nl2sql/datasource';
import {
  type AskRequest,
  type AskResponse,
  type Engine,
  type EngineDescription,
  EngineError,
  type ErrorCode,
  errorAnswer,
  GENERIC_REFUSAL,
  type ResultSet,
  type RetrieveRequest,
  type RetrieveResponse,
} from '@nl2sql/engine';
import { describeConfig, type LlmConfig, LlmError } from '@nl2sql/llm';
import { type Dialect, PlanCompileError, type PlanModel } from '@nl2sql/plan';
import type { DeclaredRelationship, RoleScope } from '@nl2sql/schema-selection';
import { type CuratedAnswer, CuratedAnswers } from './curated-answers.js';
import { rankDatasources } from './datasource-ranking.js';
import { decompose, retrievalQuery, type SubQuery } from './decomposer.js';
import { executeSql } from './executor.js';
import { generateSql, planDialect } from './generator.js';
import type { LlmCaller } from './llm-caller.js';
import { REFERENCE_ENGINE_PACKAGE } from './package-info.js';
import { PlanCache } from './plan-cache.js';
import { planQuestion } from './planner.js';
import { refinePlan } from './refiner.js';
import { resolveDatasources } from './resolver.js';
import { retrievalScope } from './role-scope.js';
import { safetyCheck } from './safety-check.js';
import type { SchemaDescriptions } from './schema-index.js';
import { schemaPrompt } from './schema-prompt.js';
import { RETRIEVER_DEFAULTS, type RetrieverOptions, SchemaRetriever } from './schema-retriever.js';
import { synthesizeAnswer } from './synthesizer.js';
import { TraceRecorder } from './trace-recorder.js';
import { describePlanErrors, refusalMessage, validateLogical } from './validator.js';

/** The row cap when the options set none: at most this many rows are read and returned. */
export const DEFAULT_MAX_ROWS = 1000;

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

interface Prepared {
  entry: EngineDatasource;
  schema: DatabaseSchema;
  fingerprint: string;
  dialect: Dialect;
  retriever: SchemaRetriever;
}

/** A failure the refiner may repair. */
interface Attempt {
  code: ErrorCode;
  message: string;
}

function failure(
  code: string,
  message: string,
  rec: TraceRecorder,
  sql: string | null,
): AskResponse {
  return errorAnswer(code, message, { sql, usage: rec.usage, trace: rec.trace() });
}

function llmCode(error: LlmError): ErrorCode {
  if (error.code === 'TIMEOUT') return 'TIMEOUT';
  if (error.code === 'CANCELLED') return 'CANCELLED';
  return 'LLM_ERROR';
}

/** Where a role's query runs: its own login when the datasource has one per role. */
function roleDatasource(datasource: Datasource, role: string): Datasource {
  if (datasource.forRole && (datasource.roles?.length ?? 0) > 0) return datasource.forRole(role);
  return datasource;
}

export class ReferenceEngine implements Engine {
  readonly #options: ReferenceEngineOptions;
  readonly #entries = new Map<string, EngineDatasource>();
  readonly #prepared = new Map<string, Promise<Prepared>>();
  readonly curated: CuratedAnswers;
  readonly planCache = new PlanCache();
  readonly #useCurated: boolean;
  readonly #usePlanCache: boolean;
  readonly #revealRefusedTable: boolean;

  constructor(options: ReferenceEngineOptions) {
    // A copy: a caller changing its options object afterwards changes nothing here.
    this.#options = {
      ...options,
      ...(options.retrieval ? { retrieval: { ...options.retrieval } } : {}),
    };
    for (const entry of options.datasources) {
      if (this.#entries.has(entry.id)) {
        throw new EngineError('INVALID_REQUEST', `datasource id "${entry.id}" is registered twice`);
      }
      this.#entries.set(entry.id, entry);
    }
    this.curated =
      options.curated instanceof CuratedAnswers
        ? options.curated
        : new CuratedAnswers(options.curated ?? []);
    this.#useCurated = options.useCurated ?? true;
    this.#usePlanCache = options.usePlanCache ?? true;
    this.#revealRefusedTable = options.revealRefusedTable ?? false;
  }

  // Read-only views of the construction options: there is no setter, so assigning one
  // throws (class code is strict) instead of quietly reconfiguring an engine in use.

  /** Whether curated answers answer a question they hold. Fixed at construction. */
  get useCurated(): boolean {
    return this.#useCurated;
  }

  /** Whether validated plans are reused for a question asked again. Fixed at construction. */
  get usePlanCache(): boolean {
    return this.#usePlanCache;
  }

  /** Whether a refusal names the refused table (a playground only). Fixed at construction. */
  get revealRefusedTable(): boolean {
    return this.#revealRefusedTable;
  }

  /** What a refusal says when it names no table. Fixed at construction. */
  get refusalMessage(): string {
    return this.#options.refusalMessage ?? GENERIC_REFUSAL;
  }

  get maxRows(): number {
    return this.#options.maxRows ?? DEFAULT_MAX_ROWS;
  }

  /** Introspect a datasource once and build its retriever index. */
  #prepare(id: string): Promise<Prepared> {
    let prepared = this.#prepared.get(id);
    if (!prepared) {
      const entry = this.#entries.get(id);
      if (!entry) {
        return Promise.reject(new EngineError('UNKNOWN_DATASOURCE', `unknown datasource "${id}"`));
      }
      prepared = (async () => {
        const schema = await entry.datasource.introspect({ rowCounts: false });
        return {
          entry,
          schema,
          fingerprint: await entry.datasource.fingerprint(),
          dialect: planDialect(entry.datasource.engine),
          retriever: new SchemaRetriever(schema, {
            ...this.#options.retrieval,
            ...(entry.descriptions ? { descriptions: entry.descriptions } : {}),
            ...(entry.relationships ? { relationships: entry.relationships } : {}),
          }),
        };
      })();
      // A failed introspection is retried on the next ask instead of being cached.
      prepared.catch(() => this.#prepared.delete(id));
      this.#prepared.set(id, prepared);
    }
    return prepared;
  }

  /**
   * `@nl2sql/reference-engine` at this package's version, the model per LLM node (when the
   * caller is an LlmClient, which knows its config), and every setting that changes an answer.
   */
  async describe(): Promise<EngineDescription> {
    const options = this.#options;
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
        useCurated: this.useCurated,
        curatedAnswers: this.curated.size,
        usePlanCache: this.usePlanCache,
        maxRefinements: options.maxRefinements ?? 1,
        statementTimeoutMs: options.statementTimeoutMs ?? 5000,
        maxRows: this.maxRows,
        askTimeoutMs: options.askTimeoutMs ?? null,
        revealRefusedTable: this.revealRefusedTable,
        ...(options.refusalMessage !== undefined ? { refusalMessage: options.refusalMessage } : {}),
        policy: options.policy !== undefined,
        datasources: [...this.#entries.keys()],
      },
    };
  }

  /**
   * The retriever's scope for a role. Under a policy a retrieve must name its role: with no
   * role there is no scope to apply, and the whole schema is not a safe default.
   */
  #scopeOf(role: string | undefined, prepared: Prepared): { scope?: RoleScope } {
    const policy = this.#options.policy;
    if (!policy) return {};
    if (typeof role !== 'string' || role === '') {
      throw new EngineError(
        'INVALID_REQUEST',
        'the engine has an access policy: the retrieve request needs a role',
      );
    }
    const scope = retrievalScope(policy, role, prepared.schema);
    return scope ? { scope } : {};
  }

  async retrieve(
    request: RetrieveRequest,
    options: { signal?: AbortSignal } = {},
  ): Promise<RetrieveResponse> {
    const prepared = await this.#prepare(request.datasource);
    const { record } = await prepared.retriever.retrieve(request.question, {
      ...this.#scopeOf(request.role, prepared),
      ...(request.fullSnapshotMaxTables !== undefined
        ? { fullSnapshotMaxTables: request.fullSnapshotMaxTables }
        : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // With several datasources, where the question would be routed (lexically: the
    // resolver is an LLM call, which a retrieval run does not make). With one there is
    // nothing to route, and nothing is reported.
    if (this.#entries.size < 2) return record;
    const indexes = await Promise.all([...this.#entries.keys()].map((id) => this.#prepare(id)));
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
      return await this.#run(request, rec, controller.signal, (sql) => {
        lastSql = sql;
      });
    } catch (error) {
      if (timedOut) {
        return failure('TIMEOUT', `the ask took longer than ${limit} ms`, rec, lastSql);
      }
      if (options.signal?.aborted)
        return failure('CANCELLED', 'the ask was cancelled', rec, lastSql);
      if (error instanceof EngineError) return failure(error.code, error.message, rec, lastSql);
      if (error instanceof LlmError) {
        // The calls answered before the failure were billed: the run's cost cap counts them.
        rec.addUsage(error.usage);
        return failure(llmCode(error), error.message, rec, lastSql);
      }
      if (error instanceof DatasourceError) {
        const code =
          error.code === 'TIMEOUT'
            ? 'TIMEOUT'
            : error.code === 'CANCELLED'
              ? 'CANCELLED'
              : 'EXECUTION_ERROR';
        return failure(code, error.message, rec, lastSql);
      }
      const message = error instanceof Error ? error.message : String(error);
      return failure('INTERNAL_ERROR', `reference engine: ${message}`, rec, lastSql);
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async #run(
    request: AskRequest,
    rec: TraceRecorder,
    signal: AbortSignal,
    noteSql: (sql: string) => void,
  ): Promise<AskResponse> {
    const { question, role } = request;
    if (typeof question !== 'string' || question.trim() === '') {
      throw new EngineError('INVALID_REQUEST', 'the request has no question');
    }
    if (typeof role !== 'string' || role === '') {
      throw new EngineError('INVALID_REQUEST', 'the request has no role');
    }
    if (request.datasource !== undefined && !this.#entries.has(request.datasource)) {
      throw new EngineError('UNKNOWN_DATASOURCE', `unknown datasource "${request.datasource}"`);
    }
    const llm = this.#options.llm;
    const ids = request.datasource ? [request.datasource] : [...this.#entries.keys()];
    const candidates = await rec.node('introspect', () =>
      Promise.all(ids.map((id) => this.#prepare(id))),
    );

    // Resolver: routing, and the answerability check even when the request names a datasource.
    const resolution = await rec.node('resolver', () =>
      resolveDatasources(
        llm,
        question,
        candidates.map((p) => ({
          id: p.entry.id,
          ...(p.entry.description ? { description: p.entry.description } : {}),
          tables: p.schema.tables.map((t) => t.name),
        })),
        signal,
      ),
    );
    rec.addUsage(resolution.usage);
    const chosen = resolution.datasources.find((id) => candidates.some((p) => p.entry.id === id));
    if (!chosen) {
      throw new EngineError(
        'QUESTION_NOT_ANSWERABLE',
        `No datasource can answer this question${resolution.reason ? `: ${resolution.reason}` : '.'}`,
        { node: 'resolver' },
      );
    }
    const ds = candidates.find((p) => p.entry.id === chosen) as Prepared;
    rec.datasource = ds.entry.id;
    const scope = roleTables(this.#options.policy, role);
    const maxRows = this.maxRows;
    const check = (sql: string) =>
      rec.node('safety', async () => {
        rec.sql.push(sql);
        noteSql(sql);
        return safetyCheck(sql, {
          dialect: ds.dialect,
          maxLimit: maxRows + 1,
          allowedTables: scope,
        });
      });
    const execute = (sql: string) =>
      rec.node('executor', async () => {
        try {
          return await executeSql(roleDatasource(ds.entry.datasource, role), sql, {
            timeoutMs: this.#options.statementTimeoutMs ?? 5000,
            maxRows,
            signal,
          });
        } catch (error) {
          // The database refused the role's own login (PostgreSQL's grants): the same refused
          // outcome as the validator's, with the generic message, since the database's own
          // words would name the table; no refinement can make the query allowed.
          if (error instanceof DatasourceError && error.code === 'PERMISSION_DENIED') {
            throw new EngineError('SECURITY_VIOLATION', this.refusalMessage, { node: 'executor' });
          }
          throw error;
        }
      });
    const refuse = (tables: string[] = []) =>
      new EngineError(
        'SECURITY_VIOLATION',
        refusalMessage(
          role,
          tables,
          this.revealRefusedTable && tables.length > 0,
          this.refusalMessage,
        ),
        {
          node: 'validator',
        },
      );
    const finish = async (sql: string, result: ResultSet): Promise<AskResponse> => {
      const written = await rec.node('synthesizer', () =>
        synthesizeAnswer(llm, { question, result }, signal),
      );
      rec.addUsage(written.usage);
      return {
        status: 'success',
        sql,
        results: [result],
        answer: written.answer,
        error: null,
        usage: rec.usage,
        trace: rec.trace(),
      };
    };

    // Curated answers: verified SQL, no plan.
    const hit = this.useCurated ? this.curated.lookup(question, ds.entry.id) : undefined;
    if (hit) {
      rec.curated = true;
      for (const node of ['decomposer', 'retriever', 'planner']) rec.skip(node);
      const safety = await check(hit.sql);
      if (safety.kind === 'refused')
        throw new EngineError('SECURITY_VIOLATION', this.refusalMessage, { node: 'safety' });
      if (safety.kind === 'unsafe') {
        throw new EngineError(
          'UNSAFE_SQL',
          `curated SQL failed the safety check: ${safety.message}`,
          {
            node: 'safety',
          },
        );
      }
      return finish(hit.sql, await execute(hit.sql));
    }

    // Plan: from the cache, or decomposer -> retriever -> planner.
    let plan: PlanModel | undefined = this.usePlanCache
      ? this.planCache.get(ds.entry.id, ds.fingerprint, question)
      : undefined;
    let schemaText: string;
    if (plan) {
      rec.planCached = true;
      for (const node of ['decomposer', 'retriever', 'planner']) rec.skip(node);
      schemaText = schemaPrompt(ds.schema);
    } else {
      const decomposition = await rec.node('decomposer', () => decompose(llm, question, signal));
      rec.addUsage(decomposition.usage);
      const subQueries: SubQuery[] = decomposition.sub_queries;
      const retrieval = await rec.node('retriever', () =>
        ds.retriever.retrieve(retrievalQuery(question, subQueries), {
          signal,
          ...this.#scopeOf(role, ds),
        }),
      );
      rec.addUsage(retrieval.usage);
      rec.retrieval = retrieval.record;
      // The planner is told the selection's state (an ambiguous or unauthorised join, nothing
      // matched) beside the schema, so it asks instead of guessing.
      schemaText = schemaPrompt(retrieval.schema, retrieval.selection);
      const planned = await rec.node('planner', () =>
        planQuestion(
          llm,
          { question, schema: schemaText, subQueries, dialect: ds.dialect },
          signal,
        ),
      );
      rec.addUsage(planned.usage);
      if (!planned.plan) {
        if (planned.clarification) {
          return {
            status: 'clarify',
            sql: null,
            results: [],
            answer: planned.clarification,
            error: null,
            usage: rec.usage,
            trace: rec.trace(),
          };
        }
        throw new EngineError(
          'INVALID_PLAN',
          'the planner returned neither a plan nor a clarifying question',
          {
            node: 'planner',
          },
        );
      }
      plan = planned.plan;
    }

    const maxRefinements = this.#options.maxRefinements ?? 1;
    for (let round = 0; ; round++) {
      rec.plan = plan;
      const attempt = await this.#attempt(plan, ds, rec, { role, maxRows, check, execute, refuse });
      if ('result' in attempt) {
        if (this.usePlanCache && !rec.planCached)
          this.planCache.set(ds.entry.id, ds.fingerprint, question, plan);
        return finish(attempt.sql, attempt.result);
      }
      if (round >= maxRefinements) throw new EngineError(attempt.code, attempt.message);
      const current: PlanModel = plan;
      const refined = await rec.node('refiner', () =>
        refinePlan(
          llm,
          {
            question,
            schema: schemaText,
            plan: current,
            sql: attempt.sql,
            error: `${attempt.code}: ${attempt.message}`,
            dialect: ds.dialect,
          },
          signal,
        ),
      );
      rec.addUsage(refined.usage);
      rec.refinements++;
      plan = refined.plan ?? current;
    }
  }

  /** Validate, generate, check and execute one plan; a refinable failure is returned. */
  async #attempt(
    plan: PlanModel,
    ds: Prepared,
    rec: TraceRecorder,
    io: {
      role: string;
      maxRows: number;
      check: (sql: string) => Promise<Awaited<ReturnType<typeof safetyCheck>>>;
      execute: (sql: string) => Promise<ResultSet>;
      refuse: (tables?: string[]) => EngineError;
    },
  ): Promise<{ sql: string; result: ResultSet } | (Attempt & { sql: string | null })> {
    const validation = await rec.node('validator', () =>
      validateLogical(plan, ds.schema, {
        role: io.role,
        revealRefusedTable: this.revealRefusedTable,
        refusalMessage: this.refusalMessage,
        ...(this.#options.policy ? { policy: this.#options.policy } : {}),
      }),
    );
    if (validation.kind === 'refused') throw io.refuse(validation.tables);
    if (validation.kind === 'invalid') {
      return { code: 'INVALID_PLAN', message: describePlanErrors(validation.errors), sql: null };
    }
    let sql: string;
    try {
      sql = await rec.node('generator', () => generateSql(plan, ds.dialect, io.maxRows));
    } catch (error) {
      if (error instanceof PlanCompileError)
        return { code: 'INVALID_PLAN', message: error.message, sql: null };
      throw error;
    }
    const safety = await io.check(sql);
    if (safety.kind === 'refused') throw io.refuse();
    if (safety.kind === 'unsafe') return { code: 'UNSAFE_SQL', message: safety.message, sql };
    try {
      return { sql, result: await io.execute(sql) };
    } catch (error) {
      if (!(error instanceof DatasourceError)) throw error;
      if (error.code === 'CANCELLED' || error.code === 'CONNECTION') throw error;
      const message = error.databaseMessage
        ? `${error.message} (${error.databaseMessage})`
        : error.message;
      return { code: error.code === 'TIMEOUT' ? 'TIMEOUT' : 'EXECUTION_ERROR', message, sql };
    }
  }

  /** Close the datasources. */
  async close(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((e) => e.datasource.close()));
  }
}
