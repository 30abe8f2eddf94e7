// Models whose provider and temperature rule were checked by hand (spec 000, "Mode full").
// `temperature: null` means none is sent: these models reject the parameter outright
// (reasoning models at OpenAI, the newest Claude models), so sending 0 would fail every call.

import type { ProviderName } from './providers.js';

export interface VerifiedModel {
  provider: ProviderName;
  /** The temperature sent, or null when the model rejects one. */
  temperature: number | null;
}

export const VERIFIED_MODELS: Readonly<Record<string, VerifiedModel>> = {
  'gpt-5.4': { provider: 'openai', temperature: 0 },
  'gpt-5.4-mini': { provider: 'openai', temperature: 0 },
  'gpt-4.1': { provider: 'openai', temperature: 0 },
  'gpt-4.1-mini': { provider: 'openai', temperature: 0 },
  'gpt-4o': { provider: 'openai', temperature: 0 },
  'gpt-4o-mini': { provider: 'openai', temperature: 0 },
  'gpt-5.5': { provider: 'openai', temperature: null },
  'gpt-5-mini': { provider: 'openai', temperature: null },
  // Embedding models: a temperature means nothing to them and the embeddings wire sends none.
  'text-embedding-3-small': { provider: 'openai', temperature: null },
  'text-embedding-3-large': { provider: 'openai', temperature: null },
  'claude-opus-5': { provider: 'anthropic', temperature: null },
  'claude-sonnet-5': { provider: 'anthropic', temperature: null },
  'claude-haiku-4-5': { provider: 'anthropic', temperature: 0 },
};
