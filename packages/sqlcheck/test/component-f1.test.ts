import { describe, expect, it } from 'vitest';
import { COMPONENTS, componentF1 } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';

describe('componentF1', () => {
  it('spec 001 §4.2 worked example gives exactly the printed numbers', async () => {
    const gold =
      "SELECT region, SUM(amount) AS total FROM orders WHERE created_at >= '2024-01-01' " +
      "AND status = 'paid' GROUP BY region ORDER BY total DESC LIMIT 5";
    const pred =
      "SELECT region, SUM(amount) FROM orders WHERE status = 'paid' " +
      'GROUP BY region ORDER BY SUM(amount) DESC LIMIT 5';
    const r = await componentF1(gold, pred, 'postgres');
    // {'select': 1.0, 'from': 1.0, 'where': 0.67, 'group_by': 1.0, 'having': 1.0, 'order_by': 0.0, 'limit': 1.0, 'set_ops': 1.0}
    expect(r?.scores).toEqual({
      select: 1.0,
      from: 1.0,
      where: 0.67,
      group_by: 1.0,
      having: 1.0,
      order_by: 0.0,
      limit: 1.0,
      set_ops: 1.0,
    });
    expect(r?.gold.where).toEqual(["created_at >= '2024-01-01'", "status = 'paid'"]);
  });
  it('scores the first branch of a set operation and the others as whole items', async () => {
    const r = await componentF1(
      'SELECT a FROM t UNION SELECT a FROM u ORDER BY a LIMIT 3',
      'SELECT a FROM t UNION SELECT a FROM v ORDER BY a LIMIT 3',
      'sqlite',
    );
    expect(r?.scores.set_ops).toBe(0);
    expect(r?.scores.order_by).toBe(1);
    expect(r?.scores.limit).toBe(1);
    expect(r?.scores.from).toBe(1);
  });
  it('counts joins and FROM subqueries as FROM items', async () => {
    const r = await componentF1(
      'SELECT * FROM a JOIN b ON a.id = b.id',
      'SELECT * FROM a JOIN (SELECT * FROM b) s ON a.id = s.id',
      'sqlite',
    );
    expect(r?.scores.from).toBe(0.5);
  });
  it('returns undefined for input that is not one query', async () => {
    expect(await componentF1('SELECT 1', 'SELEC x', 'sqlite')).toBeUndefined();
  });
});

describe('componentF1 on the Chinook corpus', () => {
  it('scores every query 1.0 on every component against itself', async () => {
    for (const sql of BENIGN_CHINOOK) {
      const r = await componentF1(sql, sql, 'sqlite');
      expect(Object.values(r?.scores ?? {})).toEqual(COMPONENTS.map(() => 1));
    }
  });
});
