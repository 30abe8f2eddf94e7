import type { Datasource } from '@nl2sql/datasource';
import { DatasourceError } from '@nl2sql/datasource';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import type { EvalCase } from '@nl2sql/suite';
import { type Manifest, sqlDigest, TestSuite } from '@nl2sql/testsuite';
import { describe, expect, it } from 'vitest';
import { caseTestSuite, goldTables } from '../src/index.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const GOLD = 'SELECT Name FROM Artist';
const kase = {
  id: 'c1',
  question: 'Artists?',
  datasource: 'db',
  source: 'hand',
  approved: true,
  tags: ['single-table'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['Artist'],
  columns: ['Artist.Name'],
  sql: GOLD,
  rows: [['AC/DC']],
} as unknown as EvalCase;

/** A database answering the gold with `rows`, and a prediction with `predicted` (or its error). */
function database(rows: unknown[][], predicted: unknown[][] | (() => Error) = rows): Datasource {
  return {
    engine: 'sqlite',
    async execute(sql: string) {
      const answer = sql === GOLD ? rows : predicted;
      if (typeof answer === 'function') throw answer();
      return { columns: ['Name'], rows: answer as never, truncated: false, elapsedMs: 1 };
    },
    introspect: async () => ({ tables: [] }) as never,
    fingerprint: async () => 'x',
    close: async () => {},
  };
}

function suiteOf(variant: Datasource): TestSuite {
  const manifest = { name: 'mini', golds: { [sqlDigest(GOLD)]: 'c1' } } as unknown as Manifest;
  return new TestSuite(manifest, [
    { id: 'original', path: 'o', source: database([['AC/DC']]), excluded: new Map() },
    { id: 'variant-001', path: 'v', source: variant, excluded: new Map() },
  ]);
}

const run = (suite: TestSuite, sql: string) =>
  caseTestSuite(
    { suite, pass: PLUGINS.testSuite },
    kase,
    sql,
    goldTables(kase, 1),
    { strict: true, lenient: true },
    undefined,
  );

describe('caseTestSuite', () => {
  it('names the database that told the SQL apart', async () => {
    const suite = suiteOf(database([['AC/DC']]));
    expect(await run(suite, GOLD)).toMatchObject({
      pass: true,
      distinguished_by: null,
      databases: 2,
    });
    const apart = suiteOf(database([['x']], () => new Error('never')));
    // The variant answers the prediction differently from the gold? Here it cannot run it.
    expect((await run(apart, 'SELECT Name FROM Artist a')).pass).toBe(false);
  });

  it('regression: a prediction that timed out on a database is not judged, never "told apart" there', async () => {
    const slow = suiteOf(
      database([['AC/DC']], () => new DatasourceError('TIMEOUT', 'ran past its timeout', {})),
    );
    const verdict = await run(slow, 'SELECT a.Name FROM Artist a');
    expect(verdict).toMatchObject({ pass: false, lenient: false, distinguished_by: null });
    expect(verdict.error).toMatch(
      /cannot judge this case: the SQL did not run on variant-001: TIMEOUT/,
    );
  });

  it("takes EX's verdict on the original, where the SQL has already run", async () => {
    let originalRuns = 0;
    const original = database([['AC/DC']], [['someone else']]);
    const own = original.execute.bind(original);
    original.execute = (sql, options) => {
      originalRuns++;
      return own(sql, options);
    };
    const manifest = { name: 'mini', golds: { [sqlDigest(GOLD)]: 'c1' } } as unknown as Manifest;
    const suite = new TestSuite(manifest, [
      { id: 'original', path: 'o', source: original, excluded: new Map() },
      { id: 'variant-001', path: 'v', source: database([['AC/DC']]), excluded: new Map() },
    ]);
    // run again there, the prediction's rows would differ from the gold's; EX passed it
    expect(await run(suite, 'SELECT a.Name FROM Artist a')).toMatchObject({
      pass: true,
      distinguished_by: null,
      databases: 2,
    });
    expect(originalRuns).toBe(0);
  });

  it('fails a case run that failed EX without running anything', async () => {
    const suite = suiteOf(database([['AC/DC']]));
    expect(
      await caseTestSuite(
        { suite, pass: PLUGINS.testSuite },
        kase,
        'SELECT 1',
        goldTables(kase, 1),
        { strict: false, lenient: false },
        undefined,
      ),
    ).toEqual({ pass: false, lenient: false, distinguished_by: 'original', databases: 0 });
  });
});
