import { type ScoreResult, type Scorer, verdict } from './scorer.js';

function ranked(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((v): v is string => typeof v === 'string');
}

/**
 * routing: did the engine pick the datasource the case asks about? In modes plans and
 * full it reads the datasource the trace names, on allowed runs. In mode retrieval it
 * reads a ranking the engine may add to its retrieve reply (`datasources`, best first);
 * an engine that reports neither is not scored.
 */
export function routingScorer(): Scorer {
  return {
    name: 'routing',
    kind: 'quality',
    score(input): ScoreResult | null {
      const want = input.case.datasource;
      if (input.kind === 'ask') {
        if (input.expected !== 'allowed' || input.response.status !== 'success') return null;
        const routed = (input.response.trace as { datasource?: unknown }).datasource;
        if (typeof routed !== 'string') return null;
        return verdict(routed === want, `routed to ${routed}, the case asks about ${want}`, {
          routed,
          expected: want,
        });
      }
      const ranking = ranked((input.response as { datasources?: unknown }).datasources);
      if (ranking === null || ranking.length === 0) return null;
      const rank = ranking.indexOf(want);
      return verdict(
        rank === 0,
        `${want} ranked ${rank < 0 ? 'nowhere' : rank + 1}; first was ${ranking[0]}`,
        {
          ranking,
          rank: rank < 0 ? null : rank + 1,
        },
      );
    },
  };
}
