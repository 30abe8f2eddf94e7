import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';
import { writeSpider } from './fixtures/benchmark-files.js';

// Issue 26: `suite testsuite` reads evals.yaml like the other suite commands.
describe('nl2sql suite testsuite in a project', () => {
  it("takes the project's suite and its SQLite database without arguments", async () => {
    const dir = await initialisedShop();
    await writeFile(
      join(dir, 'pairs.jsonl'),
      '{"id": "orders", "question": "How many orders?", "sql": "SELECT COUNT(*) FROM orders"}\n',
    );
    expect((await cli(dir, 'suite', 'import', 'pairs.jsonl')).code).toBe(EXIT.ok);
    expect((await cli(dir, 'suite', 'review', '--approve', 'all')).code).toBe(EXIT.ok);
    const r = await cli(dir, 'suite', 'testsuite', '--candidates', '3', '--max-variants', '2');
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(existsSync(join(dir, 'suites', 'shop.testsuite', 'manifest.json'))).toBe(true);
  });

  it('asks for --db where the project has several datasources (exit 3)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-testsuite-'));
    await writeSpider(dir);
    await cli(
      dir,
      ...['suite', 'import', '--format', 'spider', 'dev.json', '--tables', 'tables.json'],
      ...['--db-dir', 'database'],
    );
    const r = await cli(dir, 'suite', 'testsuite');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(
      'suite testsuite builds variants of one SQLite database, and the project has concert_singer (sqlite), pets_1 (sqlite); give --db PATH',
    );
  });
});
