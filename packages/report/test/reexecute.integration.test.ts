// Re-execution on the real Chinook database: rows are shown only where they are the run's.

import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReportData, parseSavedRun, reexecute, type SavedRun } from '../src/index.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinookFile = await chinookForTests();
const noChinook = chinookFile.path === undefined;

let chinook: Chinook;
let datasource: SqliteDatasource;
let run: SavedRun;

beforeAll(async () => {
  if (noChinook) return;
  chinook = await chinookSuite();
  datasource = await openSqlite(chinookFile.path!);
  // As `eval run --save` writes today: no rows kept, only their digest. Case 2 answered
  // with other SQL (ASC for DESC) and other rows than that SQL gives.
  run = parseSavedRun(
    JSON.stringify(
      syntheticSavedReport(chinook, {
        configs: ['plans'],
        results: false,
        fails: (_c, i) => i === 1,
      }),
    ),
    'today.json',
  );
});

afterAll(async () => {
  if (noChinook) return;
  await datasource?.close();
});

describe.skipIf(noChinook)('reexecute', () => {
  it('shows re-executed rows where their digest is the run’s, and refuses them where not', async () => {
    const executed = await reexecute(run, datasource);
    const data = buildReportData({
      runs: [run],
      suites: [{ file: chinook.path, digest: chinook.digest, suite: chinook.suite }],
      executed,
    });
    const matching = data.cases.find((c) => c.id === 'chinook_001' && c.role === 'admin')!;
    expect(matching.result?.source).toBe('re-executed');
    expect(matching.result?.rows[0]).toEqual(['USA', 13]);
    expect(matching.result?.rowCount).toBe(24);
    const other = data.cases.find((c) => c.id === 'chinook_002' && c.role === 'admin')!;
    expect(other.result).toBeNull();
    expect(other.resultNote).toMatch(/returned other rows than the run did/);
    const refused = data.cases.find((c) => c.id === 'chinook_001' && c.role === 'catalog')!;
    expect(refused.result).toBeNull();
    expect(refused.resultNote).toBe('the engine returned no rows');
  });

  it('runs each distinct SQL once, and keeps the error of a statement that fails', async () => {
    const executed = await reexecute(run, datasource);
    const distinct = new Set(
      run.configs.flatMap((c) =>
        c.cases.filter((x) => x.engine_status === 'success').map((x) => x.sql),
      ),
    );
    expect(executed.size).toBe(distinct.size);
    const broken = {
      ...run,
      configs: [
        {
          ...run.configs[0]!,
          cases: [{ ...run.configs[0]!.cases[0]!, sql: 'SELECT nope FROM nowhere' }],
        },
      ],
    };
    const failed = await reexecute(broken, datasource);
    expect([...failed.values()]).toEqual([
      { error: expect.stringMatching(/no such (table|column)/) },
    ]);
    const data = buildReportData({ runs: [broken], executed: failed });
    expect(data.cases[0]!.resultNote).toMatch(
      /^rows not saved, and running the SQL again failed: .*no such/,
    );
  });
});
