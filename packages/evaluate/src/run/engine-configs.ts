// The configs `nl2sql eval run` hands the runner, from the engine chosen: an --engine URL or
// an HTTP engine of evals.yaml (kind engine), a process engine of evals.yaml, or the
// reference engine (mode plans' and retrieval's gold-plan rig, mode full's LLM configs).
import { EngineError, HttpEngine } from '@nl2sql/engine';
import {
  assertPriced,
  type LlmConfig,
  LlmConfigError,
  PROVIDERS,
  resolveLlmOption,
  UnknownPriceError,
} from '@nl2sql/llm';
import {
  type EngineConfig,
  type Project,
  ProjectError,
  projectEngine,
  projectLine,
} from '@nl2sql/project';
import type { Mode } from '@nl2sql/records';
import {
  plansEngine,
  REFERENCE_NODES,
  type ReferenceNode,
  type ReferenceSetup,
  referenceConfig,
} from '@nl2sql/reference-engine';
import type { EvalConfig } from '@nl2sql/runner';
import { isEngineUrl } from '../engine-url.js';
import { configError, usageError } from '../evaluate-error.js';
import type { EvaluateOptions } from '../evaluate-options.js';
import type { Io } from '../io.js';
import { kSweep, sweepConfigName } from './k-sweep.js';
import { listFlag } from './list-flag.js';
import { processEngineConfig } from './process-engine-config.js';
import type { RunSetup } from './run-setup.js';
import { methodConfigs, selectionMethods } from './selection-methods.js';

/** Every provider a config uses that needs a key must have one before the run starts. */
function assertKeys(
  config: LlmConfig<ReferenceNode>,
  env: Record<string, string | undefined>,
): void {
  for (const [node, settings] of Object.entries(config.nodes)) {
    const info = PROVIDERS[settings.provider];
    if (!info.needsKey) continue;
    const key =
      config.providers[settings.provider]?.apiKey ?? (info.keyEnv ? env[info.keyEnv] : undefined);
    if (!key) {
      throw configError(
        `config ${config.name}: no API key for provider ${settings.provider} (node ${node}); set ${info.keyEnv ?? 'api_key in the llm section'}`,
      );
    }
  }
}

/** What `--engine` chose: a URL given on the command line, or an engine of the project. */
export type EngineChoice = { readonly kind: 'url'; readonly url: string } | EngineConfig;

export function chooseEngine(project: Project, flag: string | undefined): EngineChoice {
  if (typeof flag === 'string' && isEngineUrl(flag)) return { kind: 'url', url: flag };
  try {
    return projectEngine(project, typeof flag === 'string' ? flag : undefined);
  } catch (error) {
    // A variable the engine reads that is not set is evals.yaml's to fix, not the flag's.
    if (error instanceof ProjectError && error.code === 'PROJECT_ENV')
      throw configError(error.message);
    if (error instanceof ProjectError) throw configError(`--engine: ${error.message}`);
    throw error;
  }
}

/** `evals.yaml:LINE: engines.NAME:`, where a problem with a configured engine is told. */
function enginePlace(project: Project, name: string): string {
  const line = project.file === null ? undefined : projectLine(project, ['engines', name]);
  return `${project.file ?? 'the built-in project'}${line === undefined ? '' : `:${line}`}: engines.${name}:`;
}

/**
 * The options that only some engines take, checked against the engine chosen (exit 2). Needs
 * no database, so `eval run` checks them before it looks for one.
 */
export function checkEngineFlags(mode: Mode, options: EvaluateOptions, choice: EngineChoice): void {
  // The sweep's own rules (mode retrieval, not with --top-k), before the engine's.
  kSweep(options, mode);
  selectionMethods(options, mode);
  if (choice.kind !== 'reference' && options.methods !== undefined) {
    throw usageError(
      "--methods compares the reference engine's retriever with and without path completion; an --engine URL or an external engine of evals.yaml has its own",
    );
  }
  if (choice.kind !== 'reference' && options.k !== undefined) {
    throw usageError(
      "--k sweeps the reference engine's retriever; an --engine URL or an external engine of evals.yaml has its own",
    );
  }
  if (choice.kind !== 'reference' && options.topK !== undefined) {
    throw usageError(
      "--top-k sets the reference engine's retriever; an --engine URL or an external engine of evals.yaml has its own",
    );
  }
  if (choice.kind !== 'reference') return;
  if (options.name !== undefined)
    throw usageError(
      '--name names an --engine URL or an external engine of evals.yaml; the reference engine is named by its mode or llm config',
    );
  if ((mode === 'plans' || mode === 'retrieval') && options.llm !== undefined)
    throw usageError(`--llm applies to mode full, not mode ${mode}`);
}

/**
 * Mode full's LLM configs for the reference engine: --llm (read from the working directory),
 * else the engine's llm list in evals.yaml (from its folder); each provider that needs a key
 * has one, and every model has a price. None for another mode or engine. Reads files and the
 * environment, no database.
 */
export async function referenceLlms(
  mode: Mode,
  options: EvaluateOptions,
  choice: EngineChoice,
  projectDir: string,
  io: Pick<Io, 'env' | 'cwd'>,
): Promise<LlmConfig<ReferenceNode>[]> {
  if (choice.kind !== 'reference' || mode !== 'full') return [];
  const fromFlag = listFlag(options.llm);
  const values = fromFlag ?? choice.llm;
  const base = fromFlag ? io.cwd : projectDir;
  if (!values || values.length === 0)
    throw usageError(
      'mode full needs at least one --llm (a preset, a file or a model), or an llm list on the reference engine in evals.yaml',
    );
  const llms: LlmConfig<ReferenceNode>[] = [];
  for (const value of values) {
    let llm: LlmConfig<ReferenceNode>;
    try {
      llm = await resolveLlmOption(value, { env: io.env, cwd: base, nodes: REFERENCE_NODES });
    } catch (error) {
      if (error instanceof LlmConfigError) throw configError(error.message);
      throw error;
    }
    assertKeys(llm, io.env);
    llms.push(llm);
  }
  // The runner checks prices again before the first call; here an unpriced model is told
  // before any database is found (exit 3).
  try {
    assertPriced(llms);
  } catch (error) {
    if (error instanceof UnknownPriceError) throw configError(error.message);
    throw error;
  }
  return llms;
}

/**
 * The configs the runner is handed, over the open datasources. `llms` are referenceLlms'
 * (mode full with the reference engine); the options were checked by checkEngineFlags.
 */
export async function buildConfigs(
  mode: Mode,
  options: EvaluateOptions,
  setup: RunSetup,
  choice: EngineChoice,
  askTimeoutMs: number | undefined,
  io: Io,
  llms: readonly LlmConfig<ReferenceNode>[],
): Promise<EvalConfig[]> {
  const { env } = io;
  const { project } = setup;
  // The reference engine is built over every datasource of the project, so its resolver
  // routes between them; the routing scorer reports where it went.
  const reference: ReferenceSetup = {
    datasources: [...setup.datasources.byId].map(([id, datasource]) => ({ id, datasource })),
    ...(project.policy ? { policy: project.policy } : {}),
    ...(project.policy?.refusalMessage !== undefined
      ? { refusalMessage: project.policy.refusalMessage }
      : {}),
    ...(typeof options.topK === 'number' ? { retrieval: { kColumns: options.topK } } : {}),
  };
  if (choice.kind === 'url' || choice.kind === 'http') {
    let engine: HttpEngine;
    try {
      // A configured engine's requests carry its headers and end at the run's ask timeout;
      // an --engine URL is built as it always was. Either keeps as many sockets alive as
      // asks in flight, reused, never more.
      const connections =
        typeof options.concurrency === 'number' ? { connections: options.concurrency } : {};
      engine = new HttpEngine(
        choice.kind === 'url'
          ? { url: choice.url, ...connections }
          : {
              url: choice.url,
              ...(Object.keys(choice.headers).length > 0 ? { headers: { ...choice.headers } } : {}),
              ...(askTimeoutMs !== undefined ? { timeoutMs: askTimeoutMs } : {}),
              ...connections,
            },
      );
    } catch (error) {
      if (error instanceof EngineError)
        throw configError(
          choice.kind === 'url'
            ? `--engine: ${error.message}`
            : `${enginePlace(project, choice.name)} ${error.message}`,
        );
      throw error;
    }
    setup.closers.unshift(() => engine.close());
    // Named by --name, else by the engine's name in evals.yaml, else by the host it answers
    // on (the URL kept has no credentials).
    const name =
      typeof options.name === 'string'
        ? options.name
        : choice.kind === 'http'
          ? choice.name
          : new URL(engine.url).host;
    const trusted = choice.kind === 'http' && choice.trustReportedRows === true;
    return [
      {
        name,
        engine,
        external: true,
        endpoint: engine.url,
        ...(trusted ? { trustReportedRows: true } : {}),
      },
    ];
  }
  if (choice.kind === 'process') {
    // Started before the first ask (a command that cannot start is exit 3, located here),
    // its stderr passed through, closed with the run's closers (run end and Ctrl-C).
    const config = await processEngineConfig(choice, {
      io,
      closers: setup.closers,
      place: enginePlace(project, choice.name),
      ...(askTimeoutMs !== undefined ? { askTimeoutMs } : {}),
      secrets: project.secrets,
    });
    return [typeof options.name === 'string' ? { ...config, name: options.name } : config];
  }
  if (mode === 'plans' || mode === 'retrieval') {
    // Retrieval makes no LLM call; the gold-plan engine is a reference engine like any other.
    const methods = selectionMethods(options, mode);
    if (methods !== undefined) return methodConfigs(methods, setup, reference);
    const sweep = kSweep(options, mode);
    if (sweep !== undefined) {
      const configs: EvalConfig[] = [];
      for (const k of sweep) {
        const rig = await plansEngine(setup.suite, { ...reference, retrieval: { kColumns: k } });
        setup.closers.unshift(() => rig.close());
        configs.push({ name: sweepConfigName(k), engine: rig.engine });
      }
      return configs;
    }
    const rig = await plansEngine(setup.suite, reference);
    setup.closers.unshift(() => rig.close());
    return [{ name: mode, engine: rig.engine }];
  }
  const configs: EvalConfig[] = [];
  for (const llm of llms) {
    const config = referenceConfig(llm, reference, { env });
    setup.closers.unshift(() => config.close());
    configs.push(config);
  }
  return configs;
}
