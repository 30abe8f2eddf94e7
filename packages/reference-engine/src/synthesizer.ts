// Answer synthesizer: a short written answer from the rows. It sees at most maxRows rows, so a
// large result cannot blow the prompt; the faithfulness scorer checks what it writes.

import type { ResultSet } from '@nl2sql/engine';
import type { UsageRecord } from '@nl2sql/llm';
import type { LlmCaller } from './llm-caller.js';
import { questionLine } from './prompt-question.js';

export const SYNTHESIZER_SCHEMA_NAME = 'answer_synthesis';

export const SYNTHESIZER_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: { answer: { type: 'string', description: 'The answer, in one to three sentences.' } },
  required: ['answer'],
  additionalProperties: false,
};

export interface SynthesizerResult {
  answer: string;
  usage: UsageRecord[];
}

export async function synthesizeAnswer(
  llm: LlmCaller,
  input: { question: string; result: ResultSet; maxRows?: number },
  signal?: AbortSignal,
): Promise<SynthesizerResult> {
  const max = input.maxRows ?? 50;
  const shown = input.result.rows.slice(0, max);
  const more = input.result.rows.length - shown.length;
  const table = [
    input.result.columns.join(' | '),
    ...shown.map((r) => r.map((c) => (c === null ? 'NULL' : String(c))).join(' | ')),
  ].join('\n');
  const result = await llm.call('synthesizer', {
    system:
      'Answer the question from the query result only. State numbers exactly as they appear ' +
      'in the rows. Do not add facts the rows do not hold.',
    messages: [
      {
        role: 'user',
        content: `Result (${input.result.rows.length} rows${more > 0 ? `, first ${shown.length} shown` : ''}${input.result.truncated ? ', truncated by the row cap' : ''}):\n${table}\n\n${questionLine(input.question)}`,
      },
    ],
    output: { name: SYNTHESIZER_SCHEMA_NAME, schema: SYNTHESIZER_SCHEMA },
    signal,
  });
  return { answer: (result.output as { answer: string }).answer, usage: result.usage };
}
