import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSuite, writeSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';

// Issue 26: `suite review --approve all`, with the count; a draft without gold rows is never
// approved.
describe('nl2sql suite review --approve all', () => {
  it('approves every draft with rows, names the one without (exit 1), and prints the count', async () => {
    const dir = await initialisedShop();
    await writeFile(
      join(dir, 'pairs.jsonl'),
      [
        '{"id": "orders", "question": "How many orders?", "sql": "SELECT COUNT(*) FROM orders"}',
        '{"id": "names", "question": "Customer names?", "sql": "SELECT name FROM customers"}',
        '{"id": "totals", "question": "Order totals?", "sql": "SELECT SUM(total) FROM orders"}',
      ].join('\n'),
    );
    expect((await cli(dir, 'suite', 'import', 'pairs.jsonl')).code).toBe(EXIT.ok);
    const path = join(dir, 'suites', 'shop.yaml');
    const suite = await loadSuite(path);
    // A draft whose rows were never written (as when its SQL failed on a regenerate).
    await writeSuite(path, {
      ...suite,
      cases: suite.cases.map((c) => {
        if (c.id !== 'names') return c;
        const { rows: _rows, ...rest } = c;
        return rest;
      }),
    });
    const both = await cli(dir, 'suite', 'review', '--approve', 'all,orders');
    expect(both.code).toBe(EXIT.usage);
    const r = await cli(dir, 'suite', 'review', '--approve', 'all');
    expect(r.code).toBe(EXIT.failed);
    expect(r.err).toMatch(/^not approved: names: its gold rows are missing/);
    expect(r.out).toBe(
      'suites/shop.yaml: approved 2 case(s)\n1 draft(s) not approved (listed above)\n1 draft case(s) left',
    );
    expect((await loadSuite(path)).cases.map((c) => [c.id, c.approved])).toEqual([
      ['orders', true],
      ['names', false],
      ['totals', true],
    ]);
  });
});
