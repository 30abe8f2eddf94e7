// Tier 1 of judgeCase without a database: the canonical match a caller measured already,
// and the tree similarity measured only where the cascade reads it.
import { describe, expect, it } from 'vitest';
import { type JudgeCaseInput, judgeCase } from '../src/judge-case.js';

const rows = { columns: ['n'], rows: [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]] };

function input(candidate: string, pass: boolean, extra: Partial<JudgeCaseInput> = {}) {
  return {
    question: 'How many?',
    dialect: 'sqlite',
    gold: { sql: 'SELECT n FROM t WHERE n > 0', result: rows },
    candidate: { sql: candidate, result: rows },
    strict: { pass },
    lenient: { pass },
    ...extra,
  } satisfies JudgeCaseInput;
}

describe('judgeCase tier 1', () => {
  it('measures the canonical match itself when the caller has not', async () => {
    const v = await judgeCase(input('SELECT n FROM t WHERE 0 < n', true));
    expect(v).toMatchObject({ pass: true, tier: 'ast', outcome: 'ast_match' });
  });

  it("takes the caller's canonical match as measured", async () => {
    const same = await judgeCase(
      input('SELECT n FROM t WHERE 0 < n', true, { canonicalMatch: false }),
    );
    expect(same).toMatchObject({ pass: true, tier: 'execution', outcome: 'rows_match' });
    expect(same.evidence.ast?.match).toBe(false);
  });

  it('diffs the trees only for rows that differ without a canonical match', async () => {
    const passing = await judgeCase(input('SELECT n FROM t WHERE n >= 1', true));
    expect(passing.evidence.ast?.similarity).toBeNull();
    const failing = await judgeCase(input('SELECT n FROM t WHERE n > 1', false));
    expect(failing.evidence.ast?.similarity).toBeGreaterThan(0.5);
    // close SQL with rows that differ: the judge would be asked (none here: tier 2 stands)
    expect(failing).toMatchObject({ pass: false, judgeTrigger: 'close_sql' });
  });
});
