// Check, before the first call, that every model any node of any config would use has a
// price (spec 000: "Before any call"). Each config's own llm.prices rows count for it.

import { configNodes, type LlmConfig } from './llm-config.js';
import { type Price, priceTable } from './prices.js';
import { UnknownPriceError } from './unknown-price-error.js';

/**
 * Throws UnknownPriceError for the first unpriced (config, node, model), in config order then
 * node order (the order the config's nodes were declared). `extra` are price rows that apply to every config (e.g. a runner-level table).
 */
export function assertPriced(
  configs: readonly LlmConfig<string>[] | Readonly<Record<string, LlmConfig<string>>>,
  extra: Readonly<Record<string, Price>> = {},
): void {
  const list: Array<[string, LlmConfig]> = Array.isArray(configs)
    ? (configs as readonly LlmConfig[]).map((c) => [c.name, c])
    : Object.entries(configs as Readonly<Record<string, LlmConfig>>);
  for (const [name, config] of list) {
    const table = priceTable({ ...extra, ...config.prices });
    for (const node of configNodes(config)) {
      const model = config.nodes[node].model;
      if (!Object.hasOwn(table, model)) throw new UnknownPriceError(name, node, model);
    }
  }
}

/** The price a node's calls are billed at: by the configured model, never the echoed one. */
export function priceForModel(
  model: string,
  overrides: Readonly<Record<string, Price>> = {},
): Price | undefined {
  const table = priceTable(overrides);
  return Object.hasOwn(table, model) ? table[model] : undefined;
}
