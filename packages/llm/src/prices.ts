// The dated price table every call is billed from (spec 000, "Cost and the cap"): USD per
// 1M tokens, each row with where it was read and when. An `llm.prices` row replaces a
// model's row whole, so a stale figure can be corrected without a release.

export interface Price {
  /** USD per 1M uncached input tokens. */
  input: number;
  /** USD per 1M input tokens read from the prompt cache. */
  cachedInput: number;
  /** USD per 1M input tokens written to the prompt cache. */
  cacheWrite: number;
  /** USD per 1M output tokens (reasoning tokens included). */
  output: number;
  /** Where the figures were read. */
  source: string;
  /** The day they were checked (YYYY-MM-DD), or null when the source gives none. */
  checked: string | null;
}

export const PRICES: Readonly<Record<string, Price>> = {
  'gpt-5.4': {
    input: 2.5,
    cachedInput: 0.25,
    cacheWrite: 2.5,
    output: 15.0,
    source: 'OpenAI pricing page',
    checked: '2026-09-21',
  },
  'gpt-5.4-mini': {
    input: 0.75,
    cachedInput: 0.075,
    cacheWrite: 0.75,
    output: 4.5,
    source: 'OpenAI pricing page',
    checked: '2026-09-21',
  },
  // Embedding models bill input tokens only (there is no output), so both cache rates are
  // the input rate and output is 0.
  'text-embedding-3-small': {
    input: 0.02,
    cachedInput: 0.02,
    cacheWrite: 0.02,
    output: 0,
    source:
      'OpenAI model page (developers.openai.com), read from a price tracker snapshot; unchanged since launch (2024-01-25)',
    checked: '2026-07-03',
  },
  'text-embedding-3-large': {
    input: 0.13,
    cachedInput: 0.13,
    cacheWrite: 0.13,
    output: 0,
    source:
      'OpenAI model page (developers.openai.com), read from a price tracker snapshot; unchanged since launch (2024-01-25)',
    checked: '2026-07-03',
  },
  'claude-opus-5': {
    input: 5.0,
    cachedInput: 0.5,
    cacheWrite: 6.25,
    output: 25.0,
    source: 'Anthropic model table (claude-api skill, cached 2026-06-24)',
    checked: '2026-06-24',
  },
  'claude-sonnet-5': {
    input: 2.0,
    cachedInput: 0.2,
    cacheWrite: 2.5,
    output: 10.0,
    source: 'Anthropic model table (claude-api skill, cached 2026-06-24)',
    checked: '2026-06-24',
  },
  'claude-haiku-4-5': {
    input: 1.0,
    cachedInput: 0.1,
    cacheWrite: 1.25,
    output: 5.0,
    source: 'Anthropic model table (claude-api skill, cached 2026-06-24)',
    checked: '2026-06-24',
  },
};

/** The built-in table with `overrides` (an llm.prices section) replacing whole rows. */
export function priceTable(
  overrides: Readonly<Record<string, Price>> = {},
): Readonly<Record<string, Price>> {
  return { ...PRICES, ...overrides };
}

/** The token counts a call is billed on (a UsageRecord has these and more). */
export interface BilledTokens {
  /** All input tokens, cached reads and cache writes included. */
  input: number;
  cached: number;
  cacheWrite: number;
  /** All output tokens, reasoning included. */
  output: number;
}

/**
 * USD for one call: (input - cached - cache_write) x input + cached x cached_input +
 * cache_write x cache_write + output x output, each rate per 1M tokens.
 */
export function callCost(usage: BilledTokens, price: Price): number {
  const uncached = Math.max(0, usage.input - usage.cached - usage.cacheWrite);
  const micro =
    uncached * price.input +
    usage.cached * price.cachedInput +
    usage.cacheWrite * price.cacheWrite +
    usage.output * price.output;
  return micro / 1_000_000;
}
