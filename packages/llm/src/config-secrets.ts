// Every secret value an llm config can put on the wire, so they can be masked in whatever
// is stored or printed: the keys it holds, the keys it would read from the environment for
// its providers, and a password written into a provider's base URL.

import type { SecretValue } from '@nl2sql/redact';
import type { LlmConfig } from './llm-config.js';
import { PROVIDERS } from './providers.js';

export function configSecrets(
  config: LlmConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SecretValue[] {
  const secrets: SecretValue[] = [];
  // Every provider's key variable, not only the configured ones': a provider's error body
  // or an engine's log can echo any key the process holds.
  for (const info of Object.values(PROVIDERS)) {
    if (info.keyEnv) secrets.push(env[info.keyEnv]);
  }
  for (const settings of Object.values(config.providers)) {
    if (!settings) continue;
    secrets.push(settings.apiKey);
    if (settings.baseUrl) secrets.push(...urlPassword(settings.baseUrl));
  }
  return secrets.filter((s) => s !== undefined && s !== '');
}

function urlPassword(url: string): string[] {
  try {
    const password = new URL(url).password;
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}
