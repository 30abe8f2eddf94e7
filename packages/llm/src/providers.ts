// The providers this package can talk to and the wire each speaks by default. OpenRouter,
// Ollama and vLLM all serve the OpenAI Chat Completions wire, so they differ only in base URL
// and in whether a key is needed.

/** The wire protocols a provider speaks. */
export const WIRES = ['chat', 'responses', 'anthropic'] as const;
export type Wire = (typeof WIRES)[number];

export type ProviderName = 'openai' | 'openrouter' | 'ollama' | 'vllm' | 'anthropic';

export interface ProviderInfo {
  /** The wire format used unless a node or provider setting overrides it. */
  wire: Wire;
  /** Base URL; the wire appends its path (/chat/completions, /responses, /v1/messages). */
  baseUrl: string;
  /** Environment variable read for the key when the config gives none. */
  keyEnv?: string;
  /** Whether a call without a key is refused before it is sent (local servers need none). */
  needsKey: boolean;
}

export const PROVIDERS: Readonly<Record<ProviderName, ProviderInfo>> = {
  openai: {
    wire: 'chat',
    baseUrl: 'https://api.openai.com/v1',
    keyEnv: 'OPENAI_API_KEY',
    needsKey: true,
  },
  openrouter: {
    wire: 'chat',
    baseUrl: 'https://openrouter.ai/api/v1',
    keyEnv: 'OPENROUTER_API_KEY',
    needsKey: true,
  },
  ollama: { wire: 'chat', baseUrl: 'http://127.0.0.1:11434/v1', needsKey: false },
  vllm: {
    wire: 'chat',
    baseUrl: 'http://127.0.0.1:8000/v1',
    keyEnv: 'VLLM_API_KEY',
    needsKey: false,
  },
  anthropic: {
    wire: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    keyEnv: 'ANTHROPIC_API_KEY',
    needsKey: true,
  },
};

export function isProviderName(name: string): name is ProviderName {
  return Object.hasOwn(PROVIDERS, name);
}
