import { describe, expect, it } from 'vitest';
import { astSimilarity } from '../src/index.js';

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
