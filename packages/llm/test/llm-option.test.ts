import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LlmConfigError } from '../src/llm-config.js';
import { resolveLlmOption } from '../src/llm-option.js';
import { NODES } from './helpers.js';

const env = { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' };

describe('resolveLlmOption', () => {
  it('a preset by name, and NAME= renames it (the spec example: --llm gpt-5.4 --llm mini=mini-helpers)', async () => {
    const a = await resolveLlmOption('gpt-5.4', { env, nodes: NODES });
    expect(a.name).toBe('gpt-5.4');
    expect(a.providers.openai?.apiKey).toBeDefined();
    const b = await resolveLlmOption('mini=mini-helpers', { env, nodes: NODES });
    expect(b.name).toBe('mini');
    expect(b.nodes.planner.model).toBe('gpt-5.4');
    expect(b.nodes.resolver.model).toBe('gpt-5.4-mini');
  });

  it('a file, relative to cwd', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'llm-option-'));
    await writeFile(join(dir, 'local.yml'), 'model: ollama/llama3\n');
    const c = await resolveLlmOption('here=local.yml', { cwd: dir, env, nodes: NODES });
    expect(c.name).toBe('here');
    expect(c.nodes.synthesizer).toEqual({ provider: 'ollama', model: 'llama3', temperature: 0 });
    await expect(resolveLlmOption('missing.yaml', { cwd: dir, nodes: NODES })).rejects.toThrow(
      /cannot read llm file/,
    );
  });

  it('a model on every declared node', async () => {
    const c = await resolveLlmOption('x=openrouter/meta-llama/llama-3.3-70b-instruct', {
      nodes: NODES,
    });
    expect(Object.keys(c.nodes)).toEqual([...NODES]);
    expect(c.name).toBe('x');
    expect(c.nodes.planner).toEqual({
      provider: 'openrouter',
      model: 'meta-llama/llama-3.3-70b-instruct',
      temperature: 0,
    });
  });

  it('anything else is a config error listing the presets', async () => {
    await expect(resolveLlmOption('nonsense', { nodes: NODES })).rejects.toThrow(LlmConfigError);
    await expect(resolveLlmOption('nonsense', { nodes: NODES })).rejects.toThrow(/claude-planner/);
    await expect(resolveLlmOption('a=', { nodes: NODES })).rejects.toThrow(/nothing after/);
  });
});
