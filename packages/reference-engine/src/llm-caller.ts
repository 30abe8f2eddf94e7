// What the LLM nodes need of @nl2sql/llm's LlmClient: one call per node. A structural type, so
// a test can hand in anything with the same `call`.

import type { LlmClient } from '@nl2sql/llm';

export type LlmCaller = Pick<LlmClient, 'call'>;
