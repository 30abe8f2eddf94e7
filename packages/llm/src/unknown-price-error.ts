// Raised before any call when a model some node would use has no price: a run that cannot
// be billed cannot hold its dollar cap, so it must not start.

export class UnknownPriceError extends Error {
  override readonly name = 'UnknownPriceError';
  readonly code = 'UNKNOWN_PRICE';
  readonly config: string;
  readonly node: string;
  readonly model: string;

  constructor(config: string, node: string, model: string) {
    super(
      `No price for model "${model}" (config "${config}", node "${node}"): add a row to the ` +
        `config's llm.prices section (input, cached_input, cache_write, output in USD per 1M tokens).`,
    );
    this.config = config;
    this.node = node;
    this.model = model;
  }
}
