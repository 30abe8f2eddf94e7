// undici, the HTTP client, is imported on the first request: loading it takes about 0.1 s,
// which every command that imports an HTTP client (the engine's, the LLM's) paid at start-up,
// the ones that never send a request (a predictions file, a local run) too.
import type { Agent } from 'undici';

type Undici = typeof import('undici');

let loading: Promise<Undici> | undefined;

/** The undici module, imported once. */
export function undici(): Promise<Undici> {
  loading ??= import('undici');
  return loading;
}

/**
 * A connection pool made on first use: `get` makes it, `close` closes it if it was made (a
 * client that sent nothing opens nothing). One asked for after close() is made closed, so a
 * request on a closed client fails as it always did (undici's ClientClosedError).
 */
export class LazyAgent {
  #agent: Promise<Agent> | undefined;
  #closed = false;

  constructor(readonly options: Agent.Options) {}

  get(): Promise<Agent> {
    this.#agent ??= undici().then(({ Agent }) => {
      const agent = new Agent(this.options);
      if (this.#closed) void agent.close();
      return agent;
    });
    return this.#agent;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#agent !== undefined) await (await this.#agent).close();
  }
}
