import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assertPriced } from '../src/assert-priced.js';
import { LlmConfigError } from '../src/llm-config.js';
import {
  interpolateEnv,
  loadLlmFile,
  loadPreset,
  PRESETS,
  parseLlmSection,
} from '../src/llm-file.js';
import { NODES } from './helpers.js';

// Builds `${env:NAME}` without a template-looking literal in the test source.
const ref = (name: string): string => `$${'{'}env:${name}}`;

const KEY = 'sk-live-very-secret-abcdef';
const env = { OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: `${KEY}-ant` };

describe('presets', () => {
  it('gpt-5.4: gpt-5.4 on every node', async () => {
    const c = await loadPreset('gpt-5.4', { env, nodes: NODES });
    expect(c.name).toBe('gpt-5.4');
    for (const node of NODES) expect(c.nodes[node].model).toBe('gpt-5.4');
  });

  it('gpt-5.4-mini-helpers: gpt-5.4 on the planner and refiner; gpt-5.4-mini elsewhere', async () => {
    const c = await loadPreset('gpt-5.4-mini-helpers', { env, nodes: NODES });
    for (const node of NODES) {
      expect(c.nodes[node].model).toBe(
        node === 'planner' || node === 'refiner' ? 'gpt-5.4' : 'gpt-5.4-mini',
      );
    }
  });

  it('claude-planner: claude-opus-5 on the planner and refiner; gpt-5.4 elsewhere', async () => {
    const c = await loadPreset('claude-planner', { env, nodes: NODES });
    for (const node of NODES) {
      const big = node === 'planner' || node === 'refiner';
      expect(c.nodes[node]).toEqual(
        big
          ? { provider: 'anthropic', model: 'claude-opus-5', temperature: null }
          : { provider: 'openai', model: 'gpt-5.4', temperature: 0 },
      );
    }
    expect(c.providers.anthropic?.apiKey?.reveal()).toBe(`${KEY}-ant`);
  });

  it('every preset is fully priced', async () => {
    const configs = await Promise.all(PRESETS.map((p) => loadPreset(p, { env, nodes: NODES })));
    expect(() => assertPriced(configs)).not.toThrow();
  });

  it('a preset whose key variable is unset fails naming the variable', async () => {
    await expect(loadPreset('gpt-5.4', { env: {}, nodes: NODES })).rejects.toThrow(
      /OPENAI_API_KEY is not set/,
    );
  });

  it('an unknown preset is a config error', async () => {
    await expect(loadPreset('gpt-9', { nodes: NODES })).rejects.toThrow(LlmConfigError);
  });
});

describe('key redaction', () => {
  it('the key never shows in JSON, String, inspect or template output of the config', async () => {
    const c = await loadPreset('claude-planner', { env, nodes: NODES });
    const shown = [
      JSON.stringify(c),
      String(c.providers.openai?.apiKey),
      `${c.providers.openai?.apiKey}`,
      inspect(c, { depth: 10 }),
      JSON.stringify({ report: { config: c } }),
    ];
    for (const text of shown) {
      expect(text).not.toContain(KEY);
    }
    expect(JSON.parse(JSON.stringify(c)).providers.openai.apiKey).toBe('[redacted]');
    expect(c.providers.openai?.apiKey?.reveal()).toBe(KEY);
  });
});

describe('loadLlmFile and parseLlmSection', () => {
  it('reads an llm section with nodes, providers and prices, wrapped in llm: or not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'llm-file-'));
    const path = join(dir, 'local.yaml');
    await writeFile(
      path,
      [
        'llm:',
        '  model: ollama/llama3',
        '  nodes:',
        '    planner: { model: gpt-5.4, wire: responses, max_tokens: 8000 }',
        '    judge: { provider: vllm, model: qwen2.5, temperature: 0.2 }',
        '  providers:',
        `    openai: { api_key: "${ref('OPENAI_API_KEY')}", max_concurrency: 4, timeout_ms: 30000, max_retries: 2 }`,
        `    ollama: { base_url: "http://127.0.0.1:${ref('OLLAMA_PORT')}/v1" }`,
        '  prices:',
        '    llama3: { input: 0, output: 0, source: local, checked: "2026-11-29" }',
        '    qwen2.5: { input: 0.1, cached_input: 0.01, cache_write: 0.1, output: 0.3 }',
      ].join('\n'),
    );
    // A user's own nodes: this file is for a judge beside two of the engine's nodes.
    const c = await loadLlmFile(path, {
      env: { ...env, OLLAMA_PORT: '11500' },
      nodes: ['resolver', 'planner', 'judge'],
    });
    expect(c.name).toBe('local');
    expect(c.nodes.resolver).toEqual({ provider: 'ollama', model: 'llama3', temperature: 0 });
    expect(c.nodes.planner).toEqual({
      provider: 'openai',
      model: 'gpt-5.4',
      temperature: 0,
      wire: 'responses',
      maxTokens: 8000,
    });
    expect(c.nodes.judge).toEqual({ provider: 'vllm', model: 'qwen2.5', temperature: 0.2 });
    expect(c.providers.openai).toMatchObject({
      maxConcurrency: 4,
      timeoutMs: 30000,
      maxRetries: 2,
    });
    expect(c.providers.ollama?.baseUrl).toBe('http://127.0.0.1:11500/v1');
    expect(c.prices.llama3).toEqual({
      input: 0,
      cachedInput: 0,
      cacheWrite: 0,
      output: 0,
      source: 'local',
      checked: '2026-11-29',
    });
    expect(c.prices['qwen2.5']?.source).toBe(`llm.prices in ${path}`);
    expect(() => assertPriced([c])).not.toThrow();
  });

  it('errors name the file and the field', () => {
    expect(() =>
      parseLlmSection({ nodes: { planner: 'gpt-5.4' } }, 'x', { file: 'x.yaml', nodes: NODES }),
    ).toThrow('x.yaml: node "resolver" has no model');
    expect(() =>
      parseLlmSection({ model: 'gpt-5.4', nodes: { coder: 'gpt-5.4' } }, 'x', { nodes: NODES }),
    ).toThrow(
      'x: nodes.coder is not one of the declared LLM nodes (resolver, decomposer, planner, refiner, synthesizer)',
    );
    expect(() =>
      parseLlmSection({ model: 'gpt-5.4', prices: { m: { input: -1, output: 1 } } }, 'x', {
        nodes: NODES,
      }),
    ).toThrow('x: prices.m.input: must be a number >= 0, got -1');
  });

  it('checks the section against its format: each kind of fault at its field', () => {
    const fault = (section: unknown): string => {
      try {
        parseLlmSection(section, 'x', { file: 'x.yaml', nodes: NODES });
      } catch (error) {
        if (error instanceof LlmConfigError) return error.message;
        throw error;
      }
      throw new Error('expected an LlmConfigError');
    };
    expect(fault({ model: 5 })).toBe(
      'x.yaml: model: must be a model name or an object with a model',
    );
    expect(fault({ model: '' })).toBe('x.yaml: model: must not be empty');
    expect(fault({ model: { temperature: 1 } })).toBe(
      "x.yaml: model.model: missing required field 'model'",
    );
    expect(fault({ model: { model: 'gpt-5.4', max_token: 9 } })).toBe(
      "x.yaml: model.max_token: unknown field 'max_token' (allowed: model, provider, temperature, wire, max_tokens)",
    );
    expect(fault({ model: 'gpt-5.4', nodes: [] })).toBe('x.yaml: nodes: must be a mapping');
    expect(fault({ model: 'gpt-5.4', providers: { openai: { max_retries: -1 } } })).toBe(
      'x.yaml: providers.openai.max_retries: must be a number >= 0, got -1',
    );
    expect(fault({ model: 'gpt-5.4', nodes: { planner: { model: 'gpt-5.4', wire: 'ftp' } } })).toBe(
      'x.yaml: nodes.planner.wire: must be one of chat, responses, anthropic, got "ftp"',
    );
    expect(fault({ llm: { model: 'gpt-5.4', prices: { m: { output: 1 } } } })).toBe(
      "x.yaml: prices.m.input: missing required field 'input'",
    );
    // Empty settings are not set, as before.
    const c = parseLlmSection(
      { model: 'gpt-5.4', providers: { openai: { max_retries: null } } },
      'x',
      {
        nodes: NODES,
      },
    );
    expect(c.providers.openai).toEqual({});
  });

  it('a file names the line of the fault', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'llm-file-'));
    const path = join(dir, 'bad.yaml');
    await writeFile(
      path,
      ['llm:', '  model: gpt-5.4', '  providers:', '    openai:', '      timeout_ms: 0'].join('\n'),
    );
    await expect(loadLlmFile(path, { nodes: NODES })).rejects.toThrow(
      `${path}:5: providers.openai.timeout_ms: must be a number >= 1, got 0`,
    );
  });

  it('the nodes are whatever the caller declares: none, blank or repeated names are refused', () => {
    const judge = parseLlmSection({ model: 'gpt-5.4' }, 'j', { nodes: ['judge'] });
    expect(Object.keys(judge.nodes)).toEqual(['judge']);
    expect(() => parseLlmSection({ model: 'gpt-5.4' }, 'x', { nodes: [] })).toThrow(
      'declare at least one LLM node',
    );
    expect(() => parseLlmSection({ model: 'gpt-5.4' }, 'x', { nodes: ['a', ' '] })).toThrow(
      'a node name must be a non-empty string',
    );
    expect(() => parseLlmSection({ model: 'gpt-5.4' }, 'x', { nodes: ['a', 'a'] })).toThrow(
      'node "a" is declared twice',
    );
  });

  it('a preset naming a node the caller did not declare is a located error', async () => {
    await expect(
      loadPreset('gpt-5.4-mini-helpers', { env, nodes: ['resolver', 'judge'] }),
    ).rejects.toThrow(
      /gpt-5.4-mini-helpers.yaml: nodes.planner is not one of the declared LLM nodes \(resolver, judge\)/,
    );
  });

  it('interpolateEnv replaces every reference and names a missing one', () => {
    expect(interpolateEnv(`a${ref('A')}b${ref('B')}`, { A: '1', B: '2' }, 'here')).toBe('a1b2');
    expect(() => interpolateEnv(ref('NOPE'), {}, 'providers.openai.api_key')).toThrow(
      'providers.openai.api_key: environment variable NOPE is not set',
    );
  });

  it('a missing file is a config error naming it', async () => {
    await expect(loadLlmFile('/nonexistent/x.yaml', { nodes: NODES })).rejects.toThrow(
      '/nonexistent/x.yaml: cannot read',
    );
  });
});
