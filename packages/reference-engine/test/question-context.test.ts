import type { LlmRequest, LlmResult } from '@nl2sql/llm';
import { describe, expect, it } from 'vitest';
import type { LlmCaller } from '../src/llm-caller.js';
import { planQuestion } from '../src/planner.js';
import { questionContext } from '../src/question-context.js';

/** A planner model that records the prompt it was sent and asks back. */
function recording(): { llm: LlmCaller; prompts: string[] } {
  const prompts: string[] = [];
  const llm: LlmCaller = {
    async call(_node, request: LlmRequest): Promise<LlmResult> {
      prompts.push(String(request.messages.at(-1)?.content));
      return { output: { plan: null, clarification: 'which?' }, usage: [] } as unknown as LlmResult;
    },
  };
  return { llm, prompts };
}

const input = {
  question: 'How many singers?',
  schema: 'singer(name, age)',
  subQueries: [],
  dialect: 'sqlite',
};

describe("the planner's prompt and what an ask carries beside its question", () => {
  it('is unchanged, byte for byte, for an ask that carries nothing', async () => {
    const { llm, prompts } = recording();
    await planQuestion(llm, input);
    await planQuestion(llm, { ...input, context: questionContext({}) });
    expect(prompts[0]).toBe(
      'Dialect: sqlite\nSchema:\nsinger(name, age)\n\nQuestion: How many singers?',
    );
    expect(prompts[1]).toBe(prompts[0]);
  });

  it('states the evidence, instructions and date on lines of their own before the question', async () => {
    const { llm, prompts } = recording();
    const context = questionContext({
      evidence: 'over 35 refers to\nage > 35',
      instructions: 'one row',
      as_of_date: '2025-10-01',
    });
    await planQuestion(llm, { ...input, context });
    expect(prompts[0]).toBe(
      [
        'Dialect: sqlite\nSchema:\nsinger(name, age)',
        '',
        'Evidence: over 35 refers to age > 35',
        'Instructions: one row',
        'Today is 2025-10-01.',
        '',
        'Question: How many singers?',
      ].join('\n'),
    );
  });
});
