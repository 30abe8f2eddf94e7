// Datasource resolver: which registered datasources can answer the question. It is also the
// answerability check: an empty list means no datasource holds the answer, and the ask ends
// with QUESTION_NOT_ANSWERABLE.

import type { UsageRecord } from '@nl2sql/llm';
import type { LlmCaller } from './llm-caller.js';
import { questionLine } from './prompt-question.js';

export const RESOLVER_SCHEMA_NAME = 'datasource_resolution';

export const RESOLVER_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    datasources: {
      type: 'array',
      items: { type: 'string' },
      description: 'Ids of the datasources that can answer, best first; empty when none can.',
    },
    reason: { type: 'string', description: 'One sentence on why.' },
  },
  required: ['datasources', 'reason'],
  additionalProperties: false,
};

export interface DatasourceSummary {
  id: string;
  description?: string;
  tables: readonly string[];
}

export interface Resolution {
  datasources: string[];
  reason: string;
  usage: UsageRecord[];
}

export async function resolveDatasources(
  llm: LlmCaller,
  question: string,
  datasources: readonly DatasourceSummary[],
  signal?: AbortSignal,
): Promise<Resolution> {
  const catalogue = datasources
    .map(
      (d) =>
        `- ${d.id}${d.description ? `: ${d.description}` : ''} (tables: ${d.tables.join(', ')})`,
    )
    .join('\n');
  const result = await llm.call('resolver', {
    system:
      'You route analytics questions to databases. Return the ids of the datasources whose ' +
      'tables can answer the question, best first. Return an empty list when none can: the ' +
      'question is about data no datasource holds, is not a data question, or cannot be ' +
      'answered from stored data (opinions, the future, other systems).',
    messages: [
      { role: 'user', content: `Datasources:\n${catalogue}\n\n${questionLine(question)}` },
    ],
    output: { name: RESOLVER_SCHEMA_NAME, schema: RESOLVER_SCHEMA },
    signal,
  });
  const output = result.output as { datasources: string[]; reason: string };
  return { datasources: output.datasources, reason: output.reason, usage: result.usage };
}
