// scoreCase with a signal: the event loop takes a turn before each scorer, and an abort stops
// the scoring there, so a signal sent while a long SQL is scored is seen within one scorer.
import { describe, expect, it } from 'vitest';
import { scoreCase } from '../src/index.js';
import type { ScoreInput, Scorer } from '../src/scorer.js';

const input = { kind: 'ask' } as unknown as ScoreInput;

/** A scorer that passes, counting its calls. */
function counted(name: string, calls: string[]): Scorer {
  return {
    name,
    kind: 'execution',
    score: async () => {
      calls.push(name);
      return { pass: true, lenient: true, explanation: null };
    },
  } as unknown as Scorer;
}

describe('scoreCase', () => {
  it('with a signal: the same verdict, a turn of the event loop before each scorer', async () => {
    const calls: string[] = [];
    const scorers = [counted('a', calls), counted('b', calls)];
    const plain = await scoreCase(scorers, input, null);
    expect(calls).toEqual(['a', 'b']);
    // Queued before the scoring starts: it runs first only if the scoring lets the loop turn.
    setImmediate(() => calls.push('turn'));
    const stoppable = await scoreCase(scorers, input, null, new AbortController().signal);
    expect(stoppable).toEqual(plain);
    expect(calls).toEqual(['a', 'b', 'turn', 'a', 'b']);
  });

  it('an abort during a scorer stops before the next one, with the reason', async () => {
    const calls: string[] = [];
    const controller = new AbortController();
    const stopping: Scorer = {
      ...counted('a', calls),
      score: async () => {
        calls.push('a');
        controller.abort(new Error('stopped by SIGINT'));
        return { pass: true, lenient: true, explanation: null, detail: {} };
      },
    };
    await expect(
      scoreCase([stopping, counted('b', calls)], input, null, controller.signal),
    ).rejects.toThrow('stopped by SIGINT');
    expect(calls).toEqual(['a']);
  });
});
