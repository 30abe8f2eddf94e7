// What the LLM nodes need of @nl2sql/llm's LlmClient: one call per node. A structural type, so
// a test can hand in anything with the same `call`; an LlmClient whose config declares more
// nodes (an embedder) fits too.

import type { LlmRequest, LlmResult } from '@nl2sql/llm';
import type { ReferenceNode } from './reference-nodes.js';

export interface LlmCaller {
  call(node: ReferenceNode, request: LlmRequest): Promise<LlmResult>;
}
