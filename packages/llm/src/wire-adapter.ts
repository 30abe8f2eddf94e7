// The contract each wire format implements: how to build a request body for a turn
// (including a corrective turn after invalid output) and how to read the reply.

import type { NodeConfig } from './llm-config.js';
import type { LlmRequest } from './llm-request.js';
import type { TokenCounts } from './usage.js';

export interface WireReply {
  /** The answer's text (for tool use, the tool input re-serialised as JSON). */
  text: string;
  /** The structured answer when the wire carries it as a value (Anthropic tool input). */
  value?: unknown;
  /** Why the model produced no usable answer (a refusal), if it said. */
  refusal?: string;
  /** Provider id for the tool call, so a correction can answer it (Anthropic). */
  toolUseId?: string;
  usage: TokenCounts;
  modelEchoed: string | null;
}

/** A previous answer that failed validation, and why: sent back for one corrective try. */
export interface Correction {
  reply: WireReply;
  errors: string;
}

export interface WireAdapter {
  /** Appended to the provider's base URL. */
  path: string;
  headers(apiKey: string | undefined): Record<string, string>;
  body(node: NodeConfig, request: LlmRequest, correction?: Correction): unknown;
  /** Throws a plain Error with a description when the JSON is not this wire's reply. */
  parse(json: unknown): WireReply;
}

export const DEFAULT_MAX_TOKENS = 4096;

export function correctionText(errors: string): string {
  return (
    'Your previous answer did not match the required JSON Schema:\n' +
    errors +
    '\nAnswer again with JSON that satisfies the schema exactly.'
  );
}

export function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not an object`);
  }
  return value as Record<string, unknown>;
}
