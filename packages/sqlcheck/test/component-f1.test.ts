import { describe, expect, it } from 'vitest';
import { itemNodes, renderAll } from '../src/component-f1.js';
import { COMPONENTS, componentF1 } from '../src/index.js';
import type { PolyglotSdk } from '../src/load.js';
import { loadSdk } from '../src/load.js';
import type { Json } from '../src/node.js';
import { sdkDialectOf } from '../src/parse.js';
import { parseOneQuery } from '../src/query-parse.js';
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

describe('component items rendered in one call', () => {
  // listComponents renders every item of a query in one generator call; these check that
  // a batch gives each node the text a call of its own gives it, and what a refused node does.
  const oneByOne = (sdk: PolyglotSdk, node: Json): string | undefined => {
    const r = sdk.generate([node], sdkDialectOf(sdk, 'sqlite'));
    return r.success ? r.sql?.[0]?.toLowerCase() : undefined;
  };

  it('gives each node of every corpus query the text it gets alone', async () => {
    const sdk = await loadSdk();
    let compared = 0;
    for (const sql of BENIGN_CHINOOK) {
      const q = parseOneQuery(sdk, sql, 'sqlite');
      if (!q.ok) throw new Error(`${sql}: ${q.reason}`);
      const nodes = itemNodes(q.query);
      const texts = renderAll(sdk, nodes, 'sqlite');
      for (const node of nodes) {
        expect(texts.get(node), sql).toBe(oneByOne(sdk, node));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(BENIGN_CHINOOK.length * 3);
  });

  it('renders the others one by one when the generator refuses one node of the batch', async () => {
    const sdk = await loadSdk();
    const q = parseOneQuery(sdk, 'SELECT a, b FROM t WHERE a = 1 AND b > 2', 'sqlite');
    if (!q.ok) throw new Error(q.reason);
    const bad = { no_such_node: { this: 42 } } as unknown as Json;
    expect(oneByOne(sdk, bad)).toBeUndefined();
    const nodes = [...itemNodes(q.query), bad];
    const texts = renderAll(sdk, nodes, 'sqlite');
    expect(texts.has(bad)).toBe(false);
    expect(texts.size).toBe(nodes.length - 1);
    for (const node of nodes.slice(0, -1)) expect(texts.get(node)).toBe(oneByOne(sdk, node));
    // a plain table is named, not rendered: the select list and the WHERE terms are
    expect([...texts.values()]).toEqual(['a', 'b', 'a = 1', 'b > 2']);
  });
});
