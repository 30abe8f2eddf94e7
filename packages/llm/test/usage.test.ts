import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicUsage, chatUsage, responsesUsage, sumUsage } from '../src/usage.js';

describe('usage normalisation', () => {
  it('Chat Completions: prompt_tokens already includes cached; completion includes reasoning', () => {
    expect(
      chatUsage({
        prompt_tokens: 2006,
        completion_tokens: 300,
        prompt_tokens_details: { cached_tokens: 1920 },
        completion_tokens_details: { reasoning_tokens: 128 },
      }),
    ).toEqual({ input: 2006, cached: 1920, cacheWrite: 0, output: 300, reasoning: 128 });
  });

  it('Responses: input_tokens includes cached; output includes reasoning', () => {
    expect(
      responsesUsage({
        input_tokens: 500,
        input_tokens_details: { cached_tokens: 200 },
        output_tokens: 80,
        output_tokens_details: { reasoning_tokens: 30 },
      }),
    ).toEqual({ input: 500, cached: 200, cacheWrite: 0, output: 80, reasoning: 30 });
  });

  it('Anthropic: input_tokens excludes cache reads and writes, so they are added', () => {
    expect(
      anthropicUsage({
        input_tokens: 50,
        cache_read_input_tokens: 1000,
        cache_creation_input_tokens: 250,
        output_tokens: 75,
      }),
    ).toEqual({ input: 1300, cached: 1000, cacheWrite: 250, output: 75, reasoning: 0 });
  });

  it('missing or garbage fields count as 0 (Ollama and vLLM omit details)', () => {
    expect(chatUsage({ prompt_tokens: 10, completion_tokens: 'x' })).toEqual({
      input: 10,
      cached: 0,
      cacheWrite: 0,
      output: 0,
      reasoning: 0,
    });
    expect(anthropicUsage(undefined).input).toBe(0);
    expect(responsesUsage(null).output).toBe(0);
  });

  it('Anthropic input always covers cached + cache_write (property)', () => {
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e6), fc.nat(1e6), (input, read, write) => {
        const u = anthropicUsage({
          input_tokens: input,
          cache_read_input_tokens: read,
          cache_creation_input_tokens: write,
        });
        expect(u.input - u.cached - u.cacheWrite).toBe(input);
      }),
    );
  });

  it('sumUsage adds field by field', () => {
    const a = { input: 1, cached: 2, cacheWrite: 3, output: 4, reasoning: 5 };
    expect(sumUsage([a, a, a])).toEqual({
      input: 3,
      cached: 6,
      cacheWrite: 9,
      output: 12,
      reasoning: 15,
    });
    expect(sumUsage([])).toEqual({ input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 });
  });
});
