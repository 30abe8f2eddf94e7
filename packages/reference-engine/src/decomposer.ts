// Decomposer: restates the question as sub-queries with the columns each expects, its filters
// and its groupings. The retriever searches with these words too, so "how much did we earn"
// can reach Invoice.Total through an expected column named total.

import type { UsageRecord } from '@nl2sql/llm';
import type { LlmCaller } from './llm-caller.js';
import { questionLine } from './prompt-question.js';

export const DECOMPOSER_SCHEMA_NAME = 'query_decomposition';

const strings = { type: 'array', items: { type: 'string' } };

export const DECOMPOSER_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    sub_queries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          question: { type: 'string' },
          expected_columns: strings,
          filters: strings,
          groupings: strings,
        },
        required: ['question', 'expected_columns', 'filters', 'groupings'],
        additionalProperties: false,
      },
    },
  },
  required: ['sub_queries'],
  additionalProperties: false,
};

export interface SubQuery {
  question: string;
  expected_columns: string[];
  filters: string[];
  groupings: string[];
}

export interface Decomposition {
  sub_queries: SubQuery[];
  usage: UsageRecord[];
}

export async function decompose(
  llm: LlmCaller,
  question: string,
  signal?: AbortSignal,
): Promise<Decomposition> {
  const result = await llm.call('decomposer', {
    system:
      'Break the analytics question into the smallest sub-queries that answer it (usually ' +
      'one). For each, list the output columns expected, the filters and the groupings, in ' +
      'plain words.',
    messages: [{ role: 'user', content: questionLine(question) }],
    output: { name: DECOMPOSER_SCHEMA_NAME, schema: DECOMPOSER_SCHEMA },
    signal,
  });
  const output = result.output as { sub_queries: SubQuery[] };
  return { sub_queries: output.sub_queries, usage: result.usage };
}

/** The retriever's query: the question plus every word the decomposition adds. */
export function retrievalQuery(question: string, subQueries: readonly SubQuery[]): string {
  const extra = subQueries.flatMap((s) => [
    s.question,
    ...s.expected_columns,
    ...s.filters,
    ...s.groupings,
  ]);
  return [question, ...extra].join('\n');
}
