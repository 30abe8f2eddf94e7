// What a node asks of a model, independent of the wire: a system prompt, the turns, and
// optionally a JSON Schema the answer must satisfy (named, because providers require a name
// and the fake server answers by it).

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface StructuredOutput {
  /** The schema's name: [a-zA-Z0-9_-], at most 64 characters (the providers' rule). */
  name: string;
  /** A JSON Schema object. */
  schema: Record<string, unknown>;
  description?: string;
  /** OpenAI strict mode (every property required, no extras); default true. */
  strict?: boolean;
}

export interface LlmRequest {
  system?: string;
  messages: readonly LlmMessage[];
  output?: StructuredOutput;
  /** Overrides the node's maxTokens. */
  maxTokens?: number;
  /** Cancels the call, including any backoff wait or queued slot. */
  signal?: AbortSignal;
  /** Overrides the provider's per-attempt timeout. */
  timeoutMs?: number;
}

/** Options of an embeddings call. */
export interface EmbedOptions {
  signal?: AbortSignal;
  /** Per-attempt timeout for this call (default the provider's or the client's). */
  timeoutMs?: number;
  /** Texts per request. Default 128. */
  batchSize?: number;
}
