// The client an engine's nodes call. It routes a node to its provider's wire, sends over
// undici with a per-attempt timeout and the caller's AbortSignal, retries transient failures
// under @nl2sql/retry's policy (honouring Retry-After), holds a concurrency limit per
// provider, validates structured output and makes one corrective retry, and returns one
// usage record per call, chat and embeddings alike (so every call is counted, priced and
// under the same cost cap). Every error message it builds passes through its Redactor, so a
// provider body that echoes the key never leaves the client with the key in it. The nodes are
// the ones its config declares; the client knows no node names of its own. Where a call goes
// is llm-route.ts; what it gives back is llm-result.ts.

import { Redactor, type SecretValue } from '@nl2sql/redact';
import { LazyAgent, parseRetryAfter, type RetryPolicy, undici, withRetries } from '@nl2sql/retry';
import { ConcurrencyLimiter } from './concurrency-limiter.js';
import { configSecrets } from './config-secrets.js';
import { embeddingsBody, parseEmbeddings } from './embeddings-wire.js';
import { type LlmConfig, LlmConfigError } from './llm-config.js';
import { LlmError, type LlmErrorCode, type LlmErrorDetails } from './llm-error.js';
import type { EmbedOptions, LlmRequest } from './llm-request.js';
import type { EmbeddingResult, LlmResult } from './llm-result.js';
import { type Route, resolveRoute } from './llm-route.js';
import { checkOutput, outputValidator } from './output-validator.js';
import type { ProviderName } from './providers.js';
import type { TokenCounts, UsageRecord } from './usage.js';
import type { Correction, WireReply } from './wire-adapter.js';

export interface LlmClientOptions {
  /** Backoff and retry limits (a provider's maxRetries overrides maxRetries). */
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeout when the provider sets none. Default 120 s. */
  timeoutMs?: number;
  /** Concurrency per provider when the provider sets none. Default 8. */
  maxConcurrency?: number;
  /** Environment read for keys a config leaves out (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Jitter source; tests pass a fixed one. */
  random?: () => number;
  /** Called with every usage record as it is made (the runner bills from these). */
  onUsage?: (usage: UsageRecord) => void;
  /**
   * More values to mask in error messages, beside the config's keys and the providers' key
   * variables in `env` (which are always masked).
   */
  secrets?: Iterable<SecretValue>;
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** What one HTTP exchange read from a 2xx reply. */
interface Exchange<T> {
  value: T;
  usage: TokenCounts;
  modelEchoed: string | null;
}

export class LlmClient<N extends string = string> {
  readonly config: LlmConfig<N>;
  readonly #options: LlmClientOptions;
  readonly #dispatcher: LazyAgent;
  readonly #limiters = new Map<ProviderName, ConcurrencyLimiter>();
  readonly #random: () => number;
  /**
   * Masks the config's keys, the providers' key variables, the caller's `secrets` and any
   * credential shape. Every LlmError message passes through it; the runner and CLI can use
   * it for everything else they store or print.
   */
  readonly redactor: Redactor;

  constructor(config: LlmConfig<N>, options: LlmClientOptions = {}) {
    this.config = config;
    this.#options = options;
    this.#random = options.random ?? Math.random;
    this.#dispatcher = new LazyAgent({ keepAliveTimeout: 10_000 });
    this.redactor = new Redactor([
      ...configSecrets(config, options.env ?? process.env),
      ...(options.secrets ?? []),
    ]);
  }

  /** An LlmError whose message and validation errors hold no secret. */
  #error(code: LlmErrorCode, message: string, details: LlmErrorDetails = {}): LlmError {
    return new LlmError(code, this.redactor.redact(message), {
      ...details,
      ...(details.validationErrors
        ? { validationErrors: details.validationErrors.map((e) => this.redactor.redact(e)) }
        : {}),
    });
  }

  /** The in-flight limit for a provider (one limiter per provider, shared by its nodes). */
  limiter(provider: ProviderName): ConcurrencyLimiter {
    let limiter = this.#limiters.get(provider);
    if (!limiter) {
      const settings = this.config.providers[provider];
      limiter = new ConcurrencyLimiter(
        settings?.maxConcurrency ?? this.#options.maxConcurrency ?? 8,
      );
      this.#limiters.set(provider, limiter);
    }
    return limiter;
  }

  #route(node: N, kind: 'chat' | 'embeddings'): Route {
    return resolveRoute(this.config, node, kind, {
      env: this.#options.env ?? process.env,
      ...(this.#options.timeoutMs !== undefined ? { timeoutMs: this.#options.timeoutMs } : {}),
      ...(this.#options.retry ? { retry: this.#options.retry } : {}),
      limiter: (provider) => this.limiter(provider),
      error: (code, message, details) => this.#error(code, message, details),
    });
  }

  /**
   * Ask the model a node is configured with. Failures are LlmErrors carrying the usage of
   * any calls that were answered (and billed) before the failure.
   */
  async call(node: N, request: LlmRequest): Promise<LlmResult> {
    const usage: UsageRecord[] = [];
    try {
      return await this.#call(node, request, usage);
    } catch (error) {
      if (error instanceof LlmError) error.usage = usage;
      throw error;
    }
  }

  /**
   * Embeds `texts` with the model `node` is configured with, over the OpenAI embeddings wire
   * (any provider but anthropic), in batches of `batchSize`. Each request is retried like a
   * chat call (an embedding is idempotent), counted in one usage record (input tokens only)
   * and reported to `onUsage`, so embeddings are priced and capped like every other call.
   * Failures are LlmErrors carrying the usage of the batches already answered.
   */
  async embed(
    node: N,
    texts: readonly string[],
    options: EmbedOptions = {},
  ): Promise<EmbeddingResult> {
    const usage: UsageRecord[] = [];
    try {
      const route = this.#route(node, 'embeddings');
      const size = options.batchSize ?? 128;
      if (!Number.isInteger(size) || size < 1) {
        throw new LlmConfigError(`embed: batchSize must be a positive integer, got ${size}`);
      }
      const vectors: number[][] = [];
      let attempts = 0;
      for (let i = 0; i < texts.length; i += size) {
        const batch = texts.slice(i, i + size);
        const { value, attempts: made } = await this.#withRetries(
          route,
          JSON.stringify(embeddingsBody(route.config, batch)),
          { signal: options.signal, timeoutMs: options.timeoutMs },
          usage,
          (json) => {
            const reply = parseEmbeddings(json, batch.length);
            return { value: reply.vectors, usage: reply.usage, modelEchoed: reply.modelEchoed };
          },
        );
        attempts += made;
        vectors.push(...value);
      }
      return { vectors, usage, attempts };
    } catch (error) {
      if (error instanceof LlmError) error.usage = usage;
      throw error;
    }
  }

  async #call(node: N, request: LlmRequest, usage: UsageRecord[]): Promise<LlmResult> {
    const route = this.#route(node, 'chat');
    // A schema the validator cannot compile fails here, before a paid call is sent.
    if (request.output) outputValidator(request.output.schema);
    let attempts = 0;
    const send = async (correction?: Correction): Promise<WireReply> => {
      const body = route.wire.body(route.config, request, correction);
      const { value: reply, attempts: made } = await this.#withRetries(
        route,
        JSON.stringify(body),
        request,
        usage,
        (json) => {
          const parsed = route.wire.parse(json);
          return { value: parsed, usage: parsed.usage, modelEchoed: parsed.modelEchoed };
        },
      );
      attempts += made;
      return reply;
    };

    let reply = await send();
    if (!request.output) {
      if (reply.refusal)
        throw this.#invalid(route, `model refused: ${reply.refusal}`, [], attempts);
      return { text: reply.text, output: undefined, usage, attempts };
    }
    let check = checkOutput(request.output.schema, reply);
    if (!check.ok) {
      const errors = reply.refusal ? [`refused: ${reply.refusal}`, ...check.errors] : check.errors;
      reply = await send({ reply, errors: errors.join('\n') });
      check = checkOutput(request.output.schema, reply);
      if (!check.ok) {
        throw this.#invalid(
          route,
          `answer does not match schema "${request.output.name}" after one corrective retry: ${check.errors.join('; ')}`,
          check.errors,
          attempts,
        );
      }
    }
    return { text: reply.text, output: check.value, usage, attempts };
  }

  #invalid(route: Route, what: string, errors: string[], attempts: number): LlmError {
    return this.#error(
      'INVALID_OUTPUT',
      `${route.provider}:${route.config.model} (node "${route.node}"): ${what}`,
      {
        provider: route.provider,
        model: route.config.model,
        node: route.node,
        attempts,
        validationErrors: errors,
      },
    );
  }

  async #withRetries<T>(
    route: Route,
    payload: string,
    request: Pick<LlmRequest, 'signal' | 'timeoutMs'>,
    usage: UsageRecord[],
    read: (json: unknown) => Exchange<T>,
  ): Promise<{ value: T; attempts: number }> {
    let made = 0;
    try {
      const value = await withRetries(
        (attempt) => {
          made = attempt + 1;
          return this.#attempt(route, payload, request, usage, read);
        },
        {
          policy: route.policy,
          random: this.#random,
          signal: request.signal,
          retryable: (error) => error instanceof LlmError && error.retryable,
          retryAfterMs: (error) => (error instanceof LlmError ? error.retryAfterMs : undefined),
        },
      );
      return { value, attempts: made };
    } catch (error) {
      if (error instanceof LlmError) throw withAttempts(error, made);
      // The caller's signal ended a backoff wait (or fired before the first attempt).
      if (request.signal?.aborted) throw this.#cancelled(route, made);
      throw error;
    }
  }

  #cancelled(route: Route, attempts: number): LlmError {
    return this.#error(
      'CANCELLED',
      `${route.provider}:${route.config.model} (node "${route.node}"): call cancelled`,
      { provider: route.provider, model: route.config.model, node: route.node, attempts },
    );
  }

  async #attempt<T>(
    route: Route,
    payload: string,
    request: Pick<LlmRequest, 'signal' | 'timeoutMs'>,
    usage: UsageRecord[],
    read: (json: unknown) => Exchange<T>,
  ): Promise<T> {
    const details = { provider: route.provider, model: route.config.model, node: route.node };
    const where = `${route.provider}:${route.config.model} (node "${route.node}")`;
    let release: () => void;
    try {
      release = await route.limiter.acquire(request.signal);
    } catch {
      throw this.#cancelled(route, 0);
    }
    const timeoutMs = request.timeoutMs ?? route.timeoutMs;
    // One controller per attempt, aborted by our timer or the caller's signal. Cheaper than
    // AbortSignal.timeout + AbortSignal.any, and nothing outlives the attempt.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const signal = controller.signal;
    const started = performance.now();
    try {
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const [{ request: undiciRequest }, dispatcher] = await Promise.all([
          undici(),
          this.#dispatcher.get(),
        ]);
        const res = await undiciRequest(route.url, {
          method: 'POST',
          dispatcher,
          signal,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...route.wire.headers(route.apiKey),
          },
          body: payload,
        });
        status = res.statusCode;
        headers = res.headers;
        text = await res.body.text();
      } catch (error) {
        if (request.signal?.aborted)
          throw this.#error('CANCELLED', `${where}: call cancelled`, details);
        if (timedOut) {
          throw this.#error('TIMEOUT', `${where}: no answer within ${timeoutMs} ms`, {
            ...details,
            cause: error,
          });
        }
        throw this.#error(
          'NETWORK',
          `${where}: ${(error as Error).message || 'connection failed'} (${route.url})`,
          { ...details, cause: error },
        );
      }
      const latencyMs = performance.now() - started;
      if (status < 200 || status >= 300) {
        const code = status === 401 || status === 403 ? 'AUTH' : 'HTTP_STATUS';
        // Redacted before it is cut: a cut through a key would leave a prefix no mask matches.
        const excerpt = truncate(this.redactor.redact(text));
        throw this.#error(code, `${where}: HTTP ${status} from ${route.url}: ${excerpt}`, {
          ...details,
          status,
          retryAfterMs: parseRetryAfter(headers),
        });
      }
      let reply: Exchange<T>;
      try {
        reply = read(JSON.parse(text));
      } catch (error) {
        throw this.#error(
          'BAD_RESPONSE',
          `${where}: unreadable reply from ${route.url}: ${(error as Error).message}`,
          { ...details, status, cause: error },
        );
      }
      const record: UsageRecord = {
        node: route.node,
        provider: route.provider,
        wire: route.wireName,
        model: route.config.model,
        modelEchoed: reply.modelEchoed,
        ...reply.usage,
        latencyMs,
      };
      usage.push(record);
      this.#options.onUsage?.(record);
      return reply.value;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
      release();
    }
  }

  /** Close pooled connections. */
  async close(): Promise<void> {
    await this.#dispatcher.close();
  }
}

function withAttempts(error: LlmError, attempts: number): LlmError {
  error.attempts = attempts;
  return error;
}
