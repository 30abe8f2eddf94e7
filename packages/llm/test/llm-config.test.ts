import { describe, expect, it } from 'vitest';
import { describeConfig, LlmConfigError, modelConfig, resolveModel } from '../src/llm-config.js';
import { VERIFIED_MODELS } from '../src/verified-models.js';
import { NODES } from './helpers.js';

describe('VERIFIED_MODELS', () => {
  it('lists the spec models, with no temperature where the model rejects one', () => {
    for (const m of ['gpt-5.4', 'gpt-5.4-mini', 'gpt-4.1', 'gpt-4o', 'gpt-5.5', 'gpt-5-mini']) {
      expect(VERIFIED_MODELS[m]?.provider).toBe('openai');
    }
    for (const m of ['claude-opus-5', 'claude-sonnet-5', 'claude-haiku-4-5']) {
      expect(VERIFIED_MODELS[m]?.provider).toBe('anthropic');
    }
    const none = Object.entries(VERIFIED_MODELS)
      .filter(([, v]) => v.temperature === null)
      .map(([k]) => k)
      .sort();
    expect(none).toEqual([
      'claude-opus-5',
      'claude-sonnet-5',
      'gpt-5-mini',
      'gpt-5.5',
      'text-embedding-3-large',
      'text-embedding-3-small',
    ]);
  });
});

describe('modelConfig', () => {
  it('puts MODEL on every node its caller declares, and knows no node of its own', () => {
    const config = modelConfig('gpt-5.4', NODES);
    expect(Object.keys(config.nodes)).toEqual([...NODES]);
    expect(Object.keys(modelConfig('gpt-5.4', ['judge']).nodes)).toEqual(['judge']);
    expect(() => modelConfig('gpt-5.4', [])).toThrow(LlmConfigError);
    for (const node of NODES) {
      expect(config.nodes[node]).toEqual({ provider: 'openai', model: 'gpt-5.4', temperature: 0 });
    }
    expect(config.name).toBe('gpt-5.4');
  });

  it('verified models carry their own temperature rule', () => {
    expect(modelConfig('gpt-5.5', NODES).nodes.planner.temperature).toBeNull();
    expect(modelConfig('claude-sonnet-5', NODES).nodes.refiner).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-5',
      temperature: null,
    });
  });

  it('provider/model for anything else: temperature 0, none for anthropic', () => {
    expect(resolveModel('openrouter/meta-llama/llama-3.3-70b-instruct')).toEqual({
      provider: 'openrouter',
      model: 'meta-llama/llama-3.3-70b-instruct',
      temperature: 0,
    });
    expect(resolveModel('ollama/llama3')).toEqual({
      provider: 'ollama',
      model: 'llama3',
      temperature: 0,
    });
    expect(resolveModel('anthropic/claude-3-7-sonnet')).toEqual({
      provider: 'anthropic',
      model: 'claude-3-7-sonnet',
      temperature: null,
    });
  });

  it('rejects an unknown bare name and an unknown provider', () => {
    expect(() => resolveModel('llama3')).toThrow(LlmConfigError);
    expect(() => resolveModel('acme/model')).toThrow(/Unknown provider "acme"/);
  });

  it('describeConfig writes provider:model per node', () => {
    expect(describeConfig(modelConfig('claude-haiku-4-5', ['judge'])).judge).toBe(
      'anthropic:claude-haiku-4-5',
    );
    expect(Object.keys(describeConfig(modelConfig('gpt-5.4', NODES)))).toEqual([...NODES]);
  });
});
