import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';

async function shopWithDrafts(): Promise<string> {
  const dir = await initialisedShop();
  await writeFile(
    join(dir, 'pairs.yaml'),
    [
      '- id: orders',
      '  question: How many orders are there?',
      '  sql: SELECT COUNT(*) FROM orders',
      '- id: names',
      '  question: Customer names?',
      '  sql: |',
      '    SELECT name',
      '    FROM customers ORDER BY id',
      '  order_matters: true',
      '- id: totals',
      '  question: Order totals?',
      '  sql: SELECT total FROM orders ORDER BY id',
    ].join('\n'),
  );
  const r = await cli(dir, 'suite', 'import', 'pairs.yaml');
  if (r.code !== 0) throw new Error(r.err);
  return dir;
}

describe('nl2sql suite review', () => {
  it('says when it re-lays out a hand-formatted suite (same data)', async () => {
    const dir = await shopWithDrafts();
    const path = join(dir, 'suites', 'shop.yaml');
    await writeFile(path, `# our suite\n${await readFile(path, 'utf8')}`);
    const r = await cli(dir, 'suite', 'review', '--approve', 'names');
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toContain("was not in the suite writer's layout; it was rewritten in it");
  });

  it('lists each draft with its question, source, outcome, SQL and first rows', async () => {
    const dir = await shopWithDrafts();
    const r = await cli(dir, 'suite', 'review', '--rows', '2');
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain(
      [
        'names  (imported from ../pairs.yaml:4, datasource shop)',
        '  question: Customer names?',
        '  outcome:  analyst allowed',
        '  sql:',
        '    SELECT name',
        '    FROM customers ORDER BY id',
        '    ',
        '  rows (2 of 3):',
        '    "Ada"',
        '    "Brian"',
      ].join('\n'),
    );
    expect(r.out).toContain('suites/shop.yaml: 3 draft case(s)');
  });

  it('approves the ids given and only those; an unknown id writes nothing (exit 2)', async () => {
    const dir = await shopWithDrafts();
    const path = join(dir, 'suites', 'shop.yaml');
    const before = await readFile(path, 'utf8');
    const unknown = await cli(dir, 'suite', 'review', '--approve', 'orders,nope');
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain('suite shop has no case nope; nothing was approved');
    expect(await readFile(path, 'utf8')).toBe(before);

    const r = await cli(dir, 'suite', 'review', '--approve', 'orders', '--approve', 'totals');
    expect(r.code).toBe(EXIT.ok);
    // The suite was in the writer's layout (import wrote it): no note, only the case changed.
    expect(r.err).toBe('');
    const after = await readFile(path, 'utf8');
    expect(after.replace(/approved: true/g, 'approved: false')).toBe(before);
    expect(r.out).toContain('approved 2 case(s) (orders, totals)');
    expect(r.out).toContain('1 draft case(s) left');
    const suite = await loadSuite(path);
    expect(suite.cases.map((c) => [c.id, c.approved])).toEqual([
      ['orders', true],
      ['names', false],
      ['totals', true],
    ]);
    const listed = await cli(dir, 'suite', 'review');
    expect(listed.out).toContain('names  (imported');
    expect(listed.out).not.toContain('orders  (imported');
  });
});
