import type { AskUsage } from '@nl2sql/engine';
import {
  callCost,
  type LlmConfig,
  type Price,
  priceForModel,
  UnknownPriceError,
} from '@nl2sql/llm';

/**
 * Dollars for one case run's LLM calls, from the price table. Each call is priced by the
 * model its node is configured with (a dated snapshot echoed back still prices right);
 * without a config (an HTTP engine) by the model the usage names. A call with no price
 * throws UnknownPriceError: a run that cannot bill a call cannot hold its cap.
 */
export function caseCost(
  usage: readonly AskUsage[],
  configName: string,
  llm: LlmConfig | undefined,
  extraPrices: Readonly<Record<string, Price>> = {},
): number {
  let total = 0;
  for (const call of usage) {
    const configured = llm?.nodes[call.node as keyof LlmConfig['nodes']]?.model;
    const model = configured ?? call.model;
    const price = priceForModel(model, { ...extraPrices, ...(llm?.prices ?? {}) });
    if (price === undefined) throw new UnknownPriceError(configName, call.node, model);
    total += callCost(call, price);
  }
  return total;
}
