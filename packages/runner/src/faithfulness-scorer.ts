import { checkAnswer, explainVerdict } from '@nl2sql/faithfulness';
import { type ScoreResult, type Scorer, verdict } from './scorer.js';

/**
 * faithfulness: every number and quoted or bold name in the written answer against the
 * rows the run returned and the question. A refusal or error writes no answer, so it does
 * not apply there.
 */
export function faithfulnessScorer(): Scorer {
  return {
    name: 'faithfulness',
    kind: 'quality',
    score(input): ScoreResult | null {
      if (input.kind !== 'ask') return null;
      const { response } = input;
      const result = response.results[0];
      if (response.status !== 'success' || !response.answer || result === undefined) return null;
      const v = checkAnswer({ content: response.answer }, result, input.case.question);
      return verdict(v.faithful, explainVerdict(v), {
        faithful: v.faithful,
        unsupported_numbers: v.unsupported_numbers,
        unsupported_entities: v.unsupported_entities,
        checked: v.checked,
      });
    },
  };
}
