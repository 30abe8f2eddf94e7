// What a call gives back, independent of the wire: the answer (text, and the validated
// structured output when one was asked for) or the embedding vectors, with one usage record
// per HTTP exchange that got an answer and the attempts made.

import type { UsageRecord } from './usage.js';

export interface EmbeddingResult {
  /** One vector per text, in order, as the model returned it (not normalised). */
  vectors: number[][];
  /** One record per HTTP request that got an answer (one per batch). */
  usage: UsageRecord[];
  /** HTTP attempts made, retries included. */
  attempts: number;
}

export interface LlmResult {
  /** The final answer's text. */
  text: string;
  /** The validated structured answer, when the request asked for one. */
  output: unknown;
  /** One record per HTTP call that got an answer (two when a correction was needed). */
  usage: UsageRecord[];
  /** HTTP attempts made, retries and the correction included. */
  attempts: number;
}
