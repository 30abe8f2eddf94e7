// A real HTTP server on 127.0.0.1 that speaks the three chat wires (Chat Completions,
// Responses, Anthropic Messages) and the OpenAI embeddings wire (their JSON is in
// fake-llm-wire.ts), so tests exercise the same sockets, headers and JSON as production
// and spend nothing. Answers come from a table keyed by the structured output's schema name
// (one more entry per new structured output) or a function; usage is canned; faults are
// queued and consumed in order.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingsReply, lastUserText, schemaNameOf, wireOf, wireReply } from './fake-llm-wire.js';
import type { Wire } from './providers.js';

export interface FakeRequest {
  wire: Wire | 'embeddings';
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Record<string, unknown>;
  /** The structured output's schema name, when the request asked for one. */
  schemaName: string | undefined;
  model: string;
  /** The text of the last user turn (a correction's text for a corrective retry). */
  lastUserText: string;
  /** An embeddings request's texts (empty for a chat request). */
  inputs: string[];
}

/** A canned answer, or a function of the request that makes one. */
export type FakeAnswer =
  | string
  | number
  | boolean
  | null
  | readonly unknown[]
  | { readonly [key: string]: unknown }
  | ((request: FakeRequest) => unknown);

export interface FakeUsage {
  /** All input tokens, cached and cache writes included (as a UsageRecord counts them). */
  input: number;
  cached: number;
  /** Anthropic only: OpenAI's wires have no cache-write count. */
  cacheWrite: number;
  /** All output tokens, reasoning included. */
  output: number;
  /** OpenAI wires only: Anthropic reports thinking inside output. */
  reasoning: number;
}

export type FakeFault =
  /** A non-2xx answer; `body` (the error message) may be a function of the request, e.g. to echo its key. */
  | { kind: 'status'; status: number; body?: string | ((request: FakeRequest) => string) }
  | { kind: 'rate_limit'; retryAfterSeconds: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'malformed' }
  | { kind: 'drop' }
  /** This answer instead of the table's; for an embeddings request, the whole reply body. */
  | { kind: 'answer'; value: unknown };

export interface FakeLLMServerOptions {
  /** Answers keyed by schema name; a function value is called with the request. */
  answers?: Readonly<Record<string, FakeAnswer>>;
  /** Called when no table entry matches (or for every plain-text request); undefined = 404-style error. */
  respond?: (request: FakeRequest) => unknown;
  /** The answer to a request without structured output (default "OK"). */
  text?: string | ((request: FakeRequest) => string);
  /** Token counts every answer reports. */
  usage?: Partial<FakeUsage>;
  /** Model name echoed in replies (default: the requested model with a dated suffix). */
  echoModel?: (model: string) => string;
  /** Delay before every answer, in ms (lets tests observe concurrency). */
  delayMs?: number;
  /**
   * The vector for one text of an embeddings request (default `fakeEmbedding`). An
   * embeddings reply reports `usage.input` prompt tokens per request.
   */
  embed?: (text: string, model: string) => number[];
}

/** Dimensions of `fakeEmbedding`'s vectors. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic stand-in for a model's vector: each lower-cased word adds 1 to a dimension
 * chosen by a hash of the word, so texts sharing words have a positive cosine and texts
 * sharing none (mostly) zero. Not normalised, as a real reply need not be.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    const at = (hash >>> 0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[at] = (vector[at] ?? 0) + 1;
  }
  return vector;
}

export const DEFAULT_FAKE_USAGE: FakeUsage = {
  input: 1200,
  cached: 400,
  cacheWrite: 100,
  output: 300,
  reasoning: 120,
};

interface QueuedFault {
  fault: FakeFault;
  remaining: number;
  schemaName?: string;
}

export class FakeLLMServer {
  readonly options: FakeLLMServerOptions;
  readonly #answers: Map<string, FakeAnswer>;
  /** Every request received, in arrival order. */
  readonly requests: FakeRequest[] = [];
  #server: Server | undefined;
  #url = '';
  #faults: QueuedFault[] = [];
  #inFlight = 0;
  #maxInFlight = 0;
  #served = 0;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(options: FakeLLMServerOptions = {}) {
    this.options = options;
    this.#answers = new Map(Object.entries(options.answers ?? {}));
  }

  /** Set (or replace) the answer for a schema name, e.g. per case as a run moves on. */
  answer(schemaName: string, answer: FakeAnswer): this {
    this.#answers.set(schemaName, answer);
    return this;
  }

  /** Start listening on 127.0.0.1 (a free port); resolves with the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: String(error) } }));
        }
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    const { port } = server.address() as AddressInfo;
    this.#url = `http://127.0.0.1:${port}`;
    return this.#url;
  }

  /** Base URL (http://127.0.0.1:PORT); Anthropic's base. */
  get url(): string {
    if (!this.#url) throw new Error('FakeLLMServer is not started');
    return this.#url;
  }

  /** Base URL for OpenAI-compatible providers (the url with /v1). */
  get openaiUrl(): string {
    return `${this.url}/v1`;
  }

  /** Requests being answered right now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The most requests ever in flight at once. */
  get maxInFlight(): number {
    return this.#maxInFlight;
  }

  /**
   * Queue a fault for the next `times` requests (only those with schema `schemaName`, when
   * given). Faults are used in the order they were queued.
   */
  fault(fault: FakeFault, options: { times?: number; schemaName?: string } = {}): this {
    this.#faults.push({ fault, remaining: options.times ?? 1, schemaName: options.schemaName });
    return this;
  }

  /** Forget recorded requests, counters and queued faults. */
  reset(): void {
    this.requests.length = 0;
    this.#faults = [];
    this.#maxInFlight = this.#inFlight;
  }

  async close(): Promise<void> {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #wait(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve(true);
      }, ms);
      this.#timers.add(timer);
      res.once('close', () => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        resolve(false);
      });
    });
  }

  #takeFault(schemaName: string | undefined): FakeFault | undefined {
    const i = this.#faults.findIndex(
      (f) => f.schemaName === undefined || f.schemaName === schemaName,
    );
    if (i < 0) return undefined;
    const queued = this.#faults[i]!;
    queued.remaining--;
    if (queued.remaining <= 0) this.#faults.splice(i, 1);
    return queued.fault;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.#inFlight++;
    this.#maxInFlight = Math.max(this.#maxInFlight, this.#inFlight);
    res.once('close', () => {
      this.#inFlight--;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const wire = req.method === 'POST' ? wireOf(path) : undefined;
    if (!wire) {
      this.#json(res, 404, { error: { message: `no route for ${req.method} ${path}` } });
      return;
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      body =
        typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      this.#json(res, 400, { error: { message: 'request body is not JSON' } });
      return;
    }
    const request: FakeRequest = {
      wire,
      path,
      headers: req.headers,
      body,
      schemaName: schemaNameOf(wire, body),
      model: typeof body.model === 'string' ? body.model : '',
      lastUserText: lastUserText(wire, body),
      inputs:
        wire === 'embeddings'
          ? (Array.isArray(body.input) ? body.input : [body.input]).map((x) => String(x ?? ''))
          : [],
    };
    this.requests.push(request);

    if (this.options.delayMs && !(await this.#wait(this.options.delayMs, res))) return;
    const fault = this.#takeFault(request.schemaName);
    let override: { value: unknown } | undefined;
    if (fault) {
      switch (fault.kind) {
        case 'status':
          this.#json(res, fault.status, {
            error: {
              message:
                typeof fault.body === 'function'
                  ? fault.body(request)
                  : (fault.body ?? `injected ${fault.status}`),
            },
          });
          return;
        case 'rate_limit':
          res.writeHead(429, {
            'content-type': 'application/json',
            'retry-after': String(fault.retryAfterSeconds),
          });
          res.end(JSON.stringify({ error: { message: 'injected rate limit' } }));
          return;
        case 'slow':
          if (!(await this.#wait(fault.delayMs, res))) return;
          break;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"id": "broken", "choices": [');
          return;
        case 'drop':
          req.socket.destroy();
          return;
        case 'answer':
          override = { value: fault.value };
          break;
      }
    }

    if (request.wire === 'embeddings') {
      // An `answer` fault is the whole reply body here (to serve a broken one).
      this.#served++;
      this.#json(
        res,
        200,
        override
          ? override.value
          : embeddingsReply(
              request,
              { ...DEFAULT_FAKE_USAGE, ...this.options.usage },
              this.options.embed ?? fakeEmbedding,
            ),
      );
      return;
    }
    let answer: unknown;
    if (override) answer = override.value;
    else if (request.schemaName !== undefined) {
      if (this.#answers.has(request.schemaName)) {
        const entry = this.#answers.get(request.schemaName);
        answer = typeof entry === 'function' ? await entry(request) : entry;
      } else if (this.options.respond) {
        answer = await this.options.respond(request);
      }
      if (answer === undefined) {
        this.#json(res, 400, {
          error: { message: `FakeLLMServer has no answer for schema "${request.schemaName}"` },
        });
        return;
      }
    } else {
      const text = this.options.text;
      answer =
        typeof text === 'function'
          ? text(request)
          : (text ?? (this.options.respond ? await this.options.respond(request) : 'OK'));
    }
    this.#served++;
    this.#json(
      res,
      200,
      wireReply(request, answer, {
        usage: { ...DEFAULT_FAKE_USAGE, ...this.options.usage },
        model: this.options.echoModel
          ? this.options.echoModel(request.model)
          : `${request.model}-2026-01-01`,
        id: `fake_${this.#served}`,
      }),
    );
  }

  #json(res: ServerResponse, status: number, value: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  }
}
