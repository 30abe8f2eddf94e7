import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { astSimilarityScore } from '../src/ast-similarity.js';
import { astSimilarity } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { BENIGN_CHINOOK_POSTGRES } from './fixtures/chinook-postgres-corpus.js';

describe('astSimilarity', () => {
  it('is 1 for identical queries', async () => {
    const r = await astSimilarity(
      'SELECT a FROM t WHERE x > 1',
      'SELECT a FROM t WHERE x > 1',
      'sqlite',
    );
    expect(r?.similarity).toBe(1);
    expect(r?.edits).toBe(0);
  });
  it('falls with the number of edits and stays in [0, 1]', async () => {
    const near = await astSimilarity(
      'SELECT a FROM t WHERE x > 1',
      'SELECT a FROM t WHERE x > 2',
      'sqlite',
    );
    const far = await astSimilarity(
      'SELECT a FROM t WHERE x > 1',
      'SELECT b, COUNT(*) FROM u JOIN v ON u.id = v.id GROUP BY b',
      'sqlite',
    );
    expect(near && far).toBeTruthy();
    expect(near!.similarity).toBeLessThan(1);
    expect(far!.similarity).toBeLessThan(near!.similarity);
    expect(far!.similarity).toBeGreaterThanOrEqual(0);
    expect(near!.similarity).toBeCloseTo(
      1 - near!.edits / Math.max(near!.goldNodes, near!.predictedNodes),
    );
  });
  it('returns undefined for input that is not one query', async () => {
    expect(await astSimilarity('SELECT 1', 'DROP TABLE t', 'sqlite')).toBeUndefined();
  });
});

describe('astSimilarityScore (the similarity a case record keeps)', () => {
  const corpus = [
    ...BENIGN_CHINOOK.map((sql) => [sql, 'sqlite'] as const),
    ...BENIGN_CHINOOK_POSTGRES.map((sql) => [sql, 'postgres'] as const),
  ];

  it('scores identical texts 1 without the diff, as the diff itself would', async () => {
    for (const [sql, dialect] of corpus) {
      const diffed = await astSimilarity(sql, sql, dialect);
      expect(diffed, sql).toMatchObject({ similarity: 1, edits: 0 });
      expect(await astSimilarityScore(sql, sql, dialect)).toBe(1);
    }
  });

  it('is the diff similarity for different texts, and undefined where the diff is', async () => {
    const sqlite = BENIGN_CHINOOK;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sqlite), fc.constantFrom(...sqlite), async (a, b) => {
        const diffed = await astSimilarity(a, b, 'sqlite');
        expect(await astSimilarityScore(a, b, 'sqlite')).toBe(diffed?.similarity);
      }),
      { numRuns: 60 },
    );
    expect(await astSimilarityScore('DROP TABLE t', 'DROP TABLE t', 'sqlite')).toBeUndefined();
  });

  it('gives each caller its own result for a pair diffed before', async () => {
    const [a, b] = [BENIGN_CHINOOK[0] as string, BENIGN_CHINOOK[1] as string];
    const first = await astSimilarity(a, b, 'sqlite');
    if (!first) throw new Error('the pair did not diff');
    first.similarity = -1;
    expect((await astSimilarity(a, b, 'sqlite'))?.similarity).toBeGreaterThanOrEqual(0);
  });
});
