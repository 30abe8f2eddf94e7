import { describe, expect, it } from 'vitest';
import { assertPriced, priceForModel } from '../src/assert-priced.js';
import { modelConfig } from '../src/llm-config.js';
import { PRICES } from '../src/prices.js';
import { UnknownPriceError } from '../src/unknown-price-error.js';
import { NODES } from './helpers.js';

describe('assertPriced', () => {
  it('passes when every node of every config has a price', () => {
    expect(() =>
      assertPriced([modelConfig('gpt-5.4', NODES), modelConfig('claude-opus-5', NODES)]),
    ).not.toThrow();
  });

  it('names the config, node and model of the first unpriced one', () => {
    const mini = modelConfig('gpt-5.4-mini', NODES);
    mini.name = 'mini';
    const local = modelConfig('ollama/llama3', NODES);
    local.nodes.planner = { provider: 'openai', model: 'gpt-5.4', temperature: 0 };
    let error: unknown;
    try {
      assertPriced({ mini, local });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnknownPriceError);
    const e = error as UnknownPriceError;
    expect([e.config, e.node, e.model, e.code]).toEqual([
      'local',
      'resolver',
      'llama3',
      'UNKNOWN_PRICE',
    ]);
    expect(e.message).toContain('llama3');
  });

  it('refuses an unpriced embedding model as it does a chat model, and passes a priced one', () => {
    const config = modelConfig('gpt-5.4', ['planner', 'embedder']);
    config.nodes.embedder = { provider: 'openai', model: 'text-embedding-3-small', temperature: 0 };
    expect(() => assertPriced([config])).not.toThrow();
    config.nodes.embedder = { provider: 'ollama', model: 'nomic-embed-text', temperature: 0 };
    expect(() => assertPriced([config])).toThrow(
      expect.objectContaining({ node: 'embedder', model: 'nomic-embed-text' }),
    );
  });

  it("a config's own llm.prices rows price its models", () => {
    const local = modelConfig('ollama/llama3', NODES);
    expect(() => assertPriced([local])).toThrow(UnknownPriceError);
    local.prices.llama3 = {
      input: 0,
      cachedInput: 0,
      cacheWrite: 0,
      output: 0,
      source: 'local',
      checked: null,
    };
    expect(() => assertPriced([local])).not.toThrow();
  });

  it('prices by the configured model, not a dated snapshot the response echoes', () => {
    expect(priceForModel('gpt-5.4')).toEqual(PRICES['gpt-5.4']);
    expect(priceForModel('gpt-5.4-2026-01-01')).toBeUndefined();
  });
});
