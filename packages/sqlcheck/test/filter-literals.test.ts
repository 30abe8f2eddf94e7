import { describe, expect, it } from 'vitest';
import { filterLiterals, filterValuesMatch } from '../src/index.js';

describe('filterLiterals', () => {
  it('collects literals from WHERE, JOIN ... ON and HAVING, not from SELECT or LIMIT', async () => {
    const r = await filterLiterals(
      "SELECT 'label', x + 7 FROM a JOIN b ON a.x = b.x AND b.k = 28 WHERE a.y IN (1, 2) AND a.s = 'paid' GROUP BY 1 HAVING COUNT(*) > 3.0 LIMIT 10",
      'postgres',
    );
    expect(r).toEqual([
      { kind: 'number', value: '1', clause: 'where' },
      { kind: 'number', value: '2', clause: 'where' },
      { kind: 'string', value: 'paid', clause: 'where' },
      { kind: 'number', value: '3', clause: 'having' },
      { kind: 'number', value: '28', clause: 'on' },
    ]);
  });
  it('includes filters of nested queries', async () => {
    const r = await filterLiterals(
      'SELECT * FROM t WHERE id IN (SELECT id FROM u WHERE dataItemId = 28)',
      'sqlite',
    );
    expect(r).toEqual([{ kind: 'number', value: '28', clause: 'where' }]);
  });
});

describe('filterValuesMatch (004 D.11 filter predicate accuracy)', () => {
  it('all gold IDs present, wherever the generated SQL puts them', async () => {
    const r = await filterValuesMatch(
      'SELECT c.companyName FROM ciqCompany c WHERE c.companyId = 24937 AND c.periodTypeId = 1',
      'WITH TargetCo AS (SELECT companyId FROM ciqCompany WHERE companyId = 24937) SELECT * FROM TargetCo t JOIN p ON p.periodTypeId = 1.0',
      'postgres',
    );
    expect(r?.allPresent).toBe(true);
  });
  it('a wrong ID is reported as missing', async () => {
    const r = await filterValuesMatch(
      'SELECT * FROM f WHERE dataItemId = 28',
      'SELECT * FROM f WHERE dataItemId = 29',
      'postgres',
    );
    expect(r?.allPresent).toBe(false);
    expect(r?.missing).toEqual([{ kind: 'number', value: '28', clause: 'where' }]);
  });
});
