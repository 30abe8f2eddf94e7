import { describe, expect, it } from 'vitest';
import { configSecrets } from '../src/config-secrets.js';
import { modelConfig } from '../src/llm-config.js';
import { Secret } from '../src/secret.js';
import { NODES } from './helpers.js';

describe('configSecrets', () => {
  it("collects the config's keys, every provider's key variable and base-URL passwords", () => {
    const config = modelConfig('gpt-5.4', NODES);
    config.providers.openai = { apiKey: new Secret('sk-config-key-0001') };
    config.providers.vllm = { baseUrl: 'http://user:p%40ss-word@127.0.0.1:8000/v1' };
    const env = { OPENAI_API_KEY: 'env-openai-key', ANTHROPIC_API_KEY: '', UNRELATED: 'x' };
    const values = configSecrets(config, env).map((s) => (typeof s === 'string' ? s : s?.reveal()));
    expect(values).toEqual(
      expect.arrayContaining(['sk-config-key-0001', 'env-openai-key', 'p%40ss-word', 'p@ss-word']),
    );
    expect(values).not.toContain('');
    expect(values).not.toContain('x');
  });
});
