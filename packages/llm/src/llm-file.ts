// llm sections as YAML files (the shipped presets and users' own), with `${env:NAME}`
// interpolation so keys live in the environment, never in a committed file. A key is read
// into a Secret at once, so the loaded config cannot print or serialise it.

import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentPositions, locatedMessage, parseWithPositions } from '@nl2sql/format';
import { parse as parseYaml } from 'yaml';
import {
  declaredNodes,
  type LlmConfig,
  LlmConfigError,
  type NodeConfig,
  type ProviderSettings,
  resolveModel,
} from './llm-config.js';
import { type LlmNodeEntry, type LlmSection, llmSectionIssue } from './llm-file-format.js';
import type { Price } from './prices.js';
import { isProviderName, type ProviderName } from './providers.js';
import { Secret } from './secret.js';

/** The folder of shipped presets (`presets/` at the package root, beside src/ and dist/). */
export const PRESETS_DIR = fileURLToPath(new URL('../presets/', import.meta.url));

/**
 * The shipped presets' names. They are written for the reference engine's nodes (they name
 * its planner and refiner); loading one for nodes it does not fit is a located error.
 */
export const PRESETS = ['gpt-5.4', 'gpt-5.4-mini-helpers', 'claude-planner'] as const;

export interface LoadLlmOptions<N extends string = string> {
  /** The nodes the config must give a model for (the caller's own node names). */
  nodes: readonly N[];
  /** Where `${env:NAME}` is read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The config's name (default: the file name without extension). */
  name?: string;
}

const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replace every `${env:NAME}` in `text`; a variable that is unset is an error naming it. */
export function interpolateEnv(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  where: string,
): string {
  return text.replace(ENV_REF, (_, name: string) => {
    const value = env[name];
    if (value === undefined || value === '') {
      throw new LlmConfigError(`${where}: environment variable ${name} is not set`);
    }
    return value;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nodeConfig(value: LlmNodeEntry, where: string): NodeConfig {
  if (typeof value === 'string') return resolveModel(value);
  let node: NodeConfig;
  if (value.provider !== undefined) {
    if (!isProviderName(value.provider)) {
      throw new LlmConfigError(`${where}.provider: unknown provider "${value.provider}"`);
    }
    node = resolveModel(`${value.provider}/${value.model}`);
  } else {
    node = resolveModel(value.model);
  }
  if (value.temperature === null) node.temperature = null;
  else if (value.temperature !== undefined) node.temperature = value.temperature;
  if (value.wire) node.wire = value.wire;
  if (value.max_tokens != null) node.maxTokens = value.max_tokens;
  return node;
}

function providerSettings(
  value: NonNullable<LlmSection['providers']>[string],
  where: string,
  env: Readonly<Record<string, string | undefined>>,
): ProviderSettings {
  const out: ProviderSettings = {};
  if (value.api_key !== undefined) {
    out.apiKey = new Secret(interpolateEnv(value.api_key, env, `${where}.api_key`));
  }
  if (value.base_url !== undefined) {
    out.baseUrl = interpolateEnv(value.base_url, env, `${where}.base_url`);
  }
  if (value.wire) out.wire = value.wire;
  if (value.max_concurrency != null) out.maxConcurrency = Math.floor(value.max_concurrency);
  if (value.timeout_ms != null) out.timeoutMs = value.timeout_ms;
  if (value.max_retries != null) out.maxRetries = Math.floor(value.max_retries);
  return out;
}

function priceRow(value: NonNullable<LlmSection['prices']>[string], file: string): Price {
  return {
    input: value.input,
    cachedInput: value.cached_input ?? value.input,
    cacheWrite: value.cache_write ?? value.input,
    output: value.output,
    source: value.source ?? `llm.prices in ${file}`,
    checked: value.checked ?? null,
  };
}

/**
 * Build a config from a parsed llm section: `model` (every node's default), `nodes` (per-node
 * model name or {model, provider, temperature, wire, max_tokens}), `providers` (api_key,
 * base_url, wire, max_concurrency, timeout_ms, max_retries) and `prices`. `options.nodes`
 * are the nodes the caller declares: the section may name no other, and each must get a
 * model (its own or the default).
 */
export function parseLlmSection<N extends string>(
  section: unknown,
  name: string,
  options: {
    nodes: readonly N[];
    env?: Readonly<Record<string, string | undefined>>;
    file?: string;
    /** Where each value of `section` is in the file, for the line of an error. */
    positions?: DocumentPositions;
  },
): LlmConfig<N> {
  const file = options.file ?? name;
  const declared = declaredNodes(options.nodes, `${file}: nodes`);
  const isDeclared = (key: string): key is N => (declared as readonly string[]).includes(key);
  const env = options.env ?? process.env;
  const wrapped = isRecord(section) && isRecord(section.llm);
  const root = wrapped ? (section as { llm: unknown }).llm : section;
  if (!isRecord(root)) throw new LlmConfigError(`${file}: an llm section must be a mapping`);
  const issue = llmSectionIssue(root);
  if (issue) {
    const line = options.positions?.locate(wrapped ? ['llm', ...issue.path] : issue.path)?.line;
    throw new LlmConfigError(
      locatedMessage(line === undefined ? { file } : { file, line }, issue.path, issue.message),
    );
  }
  const llm = root as LlmSection;
  const configName = llm.name ?? name;
  const nodesIn = llm.nodes ?? {};
  for (const key of Object.keys(nodesIn)) {
    if (!isDeclared(key)) {
      throw new LlmConfigError(
        `${file}: nodes.${key} is not one of the declared LLM nodes (${declared.join(', ')})`,
      );
    }
  }
  const fallback = llm.model === undefined ? undefined : nodeConfig(llm.model, `${file}: model`);
  const nodes = {} as Record<N, NodeConfig>;
  for (const node of declared) {
    const value = nodesIn[node];
    if (value !== undefined) nodes[node] = nodeConfig(value, `${file}: nodes.${node}`);
    else if (fallback) nodes[node] = { ...fallback };
    else
      throw new LlmConfigError(`${file}: node "${node}" has no model (set model or nodes.${node})`);
  }
  const providers: Partial<Record<ProviderName, ProviderSettings>> = {};
  for (const [key, value] of Object.entries(llm.providers ?? {})) {
    if (!isProviderName(key))
      throw new LlmConfigError(`${file}: providers.${key} is not a provider`);
    providers[key] = providerSettings(value, `${file}: providers.${key}`, env);
  }
  const prices: Record<string, Price> = {};
  for (const [model, value] of Object.entries(llm.prices ?? {})) {
    prices[model] = priceRow(value, file);
  }
  return { name: configName, nodes, providers, prices };
}

/** Load an llm section from a YAML file, for the nodes `options.nodes` declares. */
export async function loadLlmFile<N extends string>(
  path: string,
  options: LoadLlmOptions<N>,
): Promise<LlmConfig<N>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new LlmConfigError(`${path}: cannot read llm file (${(error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new LlmConfigError(`${path}: not valid YAML (${(error as Error).message})`);
  }
  const name = options.name ?? basename(path, extname(path));
  return parseLlmSection(parsed, name, {
    nodes: options.nodes,
    ...(options.env ? { env: options.env } : {}),
    file: path,
    positions: parseWithPositions(text).positions,
  });
}

/** Load a shipped preset by name, for the nodes `options.nodes` declares. */
export async function loadPreset<N extends string>(
  name: string,
  options: LoadLlmOptions<N>,
): Promise<LlmConfig<N>> {
  if (!(PRESETS as readonly string[]).includes(name)) {
    throw new LlmConfigError(`Unknown preset "${name}" (presets: ${PRESETS.join(', ')})`);
  }
  return loadLlmFile(join(PRESETS_DIR, `${name}.yaml`), options);
}
