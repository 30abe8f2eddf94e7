// llm sections as YAML files (the shipped presets and users' own), with `${env:NAME}`
// interpolation so keys live in the environment, never in a committed file. A key is read
// into a Secret at once, so the loaded config cannot print or serialise it.

import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import {
  declaredNodes,
  type LlmConfig,
  LlmConfigError,
  type NodeConfig,
  type ProviderSettings,
  resolveModel,
} from './llm-config.js';
import type { Price } from './prices.js';
import { isProviderName, type ProviderName, type Wire } from './providers.js';
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

const WIRES: readonly Wire[] = ['chat', 'responses', 'anthropic'];

function optionalNumber(v: unknown, where: string, min: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min) {
    throw new LlmConfigError(`${where} must be a number >= ${min}, got ${JSON.stringify(v)}`);
  }
  return v;
}

function optionalWire(v: unknown, where: string): Wire | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !WIRES.includes(v as Wire)) {
    throw new LlmConfigError(
      `${where} must be one of ${WIRES.join(', ')}, got ${JSON.stringify(v)}`,
    );
  }
  return v as Wire;
}

function nodeConfig(value: unknown, where: string): NodeConfig {
  if (typeof value === 'string') return resolveModel(value);
  if (!isRecord(value) || typeof value.model !== 'string') {
    throw new LlmConfigError(`${where} must be a model name or an object with a model`);
  }
  let node: NodeConfig;
  if (typeof value.provider === 'string') {
    if (!isProviderName(value.provider)) {
      throw new LlmConfigError(`${where}.provider: unknown provider "${value.provider}"`);
    }
    node = resolveModel(`${value.provider}/${value.model}`);
  } else {
    node = resolveModel(value.model);
  }
  if (value.temperature === null) node.temperature = null;
  else {
    const t = optionalNumber(value.temperature, `${where}.temperature`, 0);
    if (t !== undefined) node.temperature = t;
  }
  const wire = optionalWire(value.wire, `${where}.wire`);
  if (wire) node.wire = wire;
  const maxTokens = optionalNumber(value.max_tokens, `${where}.max_tokens`, 1);
  if (maxTokens !== undefined) node.maxTokens = maxTokens;
  return node;
}

function providerSettings(
  value: unknown,
  where: string,
  env: Readonly<Record<string, string | undefined>>,
): ProviderSettings {
  if (!isRecord(value)) throw new LlmConfigError(`${where} must be a mapping`);
  const out: ProviderSettings = {};
  if (value.api_key !== undefined) {
    if (typeof value.api_key !== 'string')
      throw new LlmConfigError(`${where}.api_key must be a string`);
    out.apiKey = new Secret(interpolateEnv(value.api_key, env, `${where}.api_key`));
  }
  if (value.base_url !== undefined) {
    if (typeof value.base_url !== 'string')
      throw new LlmConfigError(`${where}.base_url must be a string`);
    out.baseUrl = interpolateEnv(value.base_url, env, `${where}.base_url`);
  }
  const wire = optionalWire(value.wire, `${where}.wire`);
  if (wire) out.wire = wire;
  const conc = optionalNumber(value.max_concurrency, `${where}.max_concurrency`, 1);
  if (conc !== undefined) out.maxConcurrency = Math.floor(conc);
  const timeout = optionalNumber(value.timeout_ms, `${where}.timeout_ms`, 1);
  if (timeout !== undefined) out.timeoutMs = timeout;
  const retries = optionalNumber(value.max_retries, `${where}.max_retries`, 0);
  if (retries !== undefined) out.maxRetries = Math.floor(retries);
  return out;
}

function priceRow(value: unknown, where: string, file: string): Price {
  if (!isRecord(value)) throw new LlmConfigError(`${where} must be a mapping`);
  const rate = (key: string): number => {
    const v = value[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new LlmConfigError(`${where}.${key} must be a non-negative number (USD per 1M tokens)`);
    }
    return v;
  };
  const input = rate('input');
  return {
    input,
    cachedInput: value.cached_input === undefined ? input : rate('cached_input'),
    cacheWrite: value.cache_write === undefined ? input : rate('cache_write'),
    output: rate('output'),
    source: typeof value.source === 'string' ? value.source : `llm.prices in ${file}`,
    checked: typeof value.checked === 'string' ? value.checked : null,
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
  },
): LlmConfig<N> {
  const file = options.file ?? name;
  const declared = declaredNodes(options.nodes, `${file}: nodes`);
  const isDeclared = (key: string): key is N => (declared as readonly string[]).includes(key);
  const env = options.env ?? process.env;
  const root = isRecord(section) && isRecord(section.llm) ? section.llm : section;
  if (!isRecord(root)) throw new LlmConfigError(`${file}: an llm section must be a mapping`);
  const configName = typeof root.name === 'string' ? root.name : name;
  const nodesIn = root.nodes === undefined ? {} : root.nodes;
  if (!isRecord(nodesIn)) throw new LlmConfigError(`${file}: nodes must be a mapping`);
  for (const key of Object.keys(nodesIn)) {
    if (!isDeclared(key)) {
      throw new LlmConfigError(
        `${file}: nodes.${key} is not one of the declared LLM nodes (${declared.join(', ')})`,
      );
    }
  }
  const fallback = root.model === undefined ? undefined : nodeConfig(root.model, `${file}: model`);
  const nodes = {} as Record<N, NodeConfig>;
  for (const node of declared) {
    const value = nodesIn[node];
    if (value !== undefined) nodes[node] = nodeConfig(value, `${file}: nodes.${node}`);
    else if (fallback) nodes[node] = { ...fallback };
    else
      throw new LlmConfigError(`${file}: node "${node}" has no model (set model or nodes.${node})`);
  }
  const providers: Partial<Record<ProviderName, ProviderSettings>> = {};
  if (root.providers !== undefined) {
    if (!isRecord(root.providers)) throw new LlmConfigError(`${file}: providers must be a mapping`);
    for (const [key, value] of Object.entries(root.providers)) {
      if (!isProviderName(key))
        throw new LlmConfigError(`${file}: providers.${key} is not a provider`);
      providers[key] = providerSettings(value, `${file}: providers.${key}`, env);
    }
  }
  const prices: Record<string, Price> = {};
  if (root.prices !== undefined) {
    if (!isRecord(root.prices)) throw new LlmConfigError(`${file}: prices must be a mapping`);
    for (const [model, value] of Object.entries(root.prices)) {
      prices[model] = priceRow(value, `${file}: prices.${model}`, file);
    }
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
