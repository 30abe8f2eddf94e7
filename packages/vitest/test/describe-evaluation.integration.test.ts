// describeEvaluation as a team uses it: a fixture test file run by its own vitest, on a real
// run over the Chinook file (and on the saved report of that run). One test per case run,
// named by case and role; the passing ones pass, the wrong and the errored one fail with the
// verdict, the reason and the SQL; a file that is not a saved report fails the test file.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chinookForTests } from '@nl2sql/datasets';
import { runReportJson } from '@nl2sql/runner';
import { afterAll, describe, expect, it } from 'vitest';
import { CASES, chinookRun, ERRORED, WRONG } from './chinook-run.js';

const run = promisify(execFile);
const chinook = await chinookForTests();
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const VITEST = join(PACKAGE, 'node_modules', '.bin', 'vitest');
const dir = mkdtempSync(join(tmpdir(), 'nl2sql-vitest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Assertion {
  fullName: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending';
  failureMessages: string[];
}
interface FixtureReport {
  success: boolean;
  testResults: Array<{ status: string; message: string; assertionResults: Assertion[] }>;
}

/** Runs the fixture file in its own vitest; its JSON report, whatever the exit code. */
async function fixture(env: Record<string, string> = {}): Promise<FixtureReport> {
  const report = join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  await run(VITEST, ['run', '--config', 'vitest.fixture.config.ts'], {
    cwd: PACKAGE,
    env: { ...process.env, ...env, NL2SQL_FIXTURE_REPORT: report },
  }).catch(() => undefined);
  return JSON.parse(readFileSync(report, 'utf8')) as FixtureReport;
}

const byName = (report: FixtureReport) =>
  new Map(report.testResults.flatMap((f) => f.assertionResults).map((a) => [a.fullName, a]));

describe.skipIf(chinook.path === undefined)('describeEvaluation', () => {
  it('makes one test per case run: the right ones pass, the others fail with why', async () => {
    const saved = join(dir, 'first.json');
    const report = await chinookRun();
    writeFileSync(
      saved,
      JSON.stringify({ format: 'nl2sql-eval-report', version: 1, report: runReportJson(report) }),
    );
    const result = await fixture({ NL2SQL_SAVED_REPORT: saved });
    const tests = byName(result);
    expect(result.success).toBe(false);
    for (const block of ['chinook as admin', 'the saved report']) {
      const names = CASES.map((id) => `${block} ${id} as admin`);
      expect([...tests.keys()].filter((n) => n.startsWith(block)).sort()).toEqual(names);
      for (const id of CASES) {
        const test = tests.get(`${block} ${id} as admin`) as Assertion;
        const failing = id === ERRORED || id in WRONG;
        expect(test.status, id).toBe(failing ? 'failed' : 'passed');
      }
      const wrong = (tests.get(`${block} chinook_002 as admin`) as Assertion).failureMessages[0];
      expect(wrong).toContain('CaseRunFailed');
      expect(wrong).toContain(WRONG.chinook_002);
      expect(wrong).toMatch(/why: .+/);
      const errored = (tests.get(`${block} ${ERRORED} as admin`) as Assertion).failureMessages[0];
      expect(errored).toContain('error: INTERNAL: the model timed out');
      expect(errored).toContain('sql: (none)');
    }
    expect(wrong(tests)).toMatch(/^CaseRunFailed: strict: fail \(lenient: fail\)/);
  });

  it('fails the test file, registering no test, for a file that is not a saved report', async () => {
    const bogus = join(dir, 'records.json');
    writeFileSync(bogus, JSON.stringify({ format: 'nl2sql-shard', version: 1 }));
    const result = await fixture({ NL2SQL_SAVED_REPORT: bogus });
    expect(result.success).toBe(false);
    const [file] = result.testResults;
    expect(file?.status).toBe('failed');
    expect(file?.message).toContain('not a report of `nl2sql eval run --save`');
    expect([...byName(result).values()].some((a) => a.status === 'passed')).toBe(false);
  });
});

function wrong(tests: Map<string, Assertion>): string {
  return (tests.get('chinook as admin chinook_002 as admin') as Assertion).failureMessages[0] ?? '';
}
