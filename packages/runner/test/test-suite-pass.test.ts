// The runner takes a test suite by shape (TestSuitePass), so it need not install
// @nl2sql/testsuite: the opened suite of that package must keep fitting the shape, and a
// rejection that is not the suite's "cannot judge" is a fault, never a verdict.
import type { TestSuite } from '@nl2sql/testsuite';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { caseTestSuite, type TestSuitePass } from '../src/index.js';

const evalCase = {
  id: 'q1',
  question: 'How many?',
  datasource: 'db',
  sql: 'SELECT 1',
  order_matters: false,
} as unknown as Parameters<typeof caseTestSuite>[1];
const gold = [{ columns: ['n'], rows: [[1]] }];
const pass = (match: TestSuitePass['match']): TestSuitePass => ({
  manifest: { goldsDigest: 'd', databases: [], summary: { killedBySuite: 0, differing: 0 } },
  databases: [],
  match,
});

describe('TestSuitePass', () => {
  it("is fitted by @nl2sql/testsuite's opened suite", () => {
    expectTypeOf<TestSuite>().toExtend<TestSuitePass>();
  });

  it("turns the suite's cannot-judge into a failure with the reason", async () => {
    const refused = Object.assign(new Error('gold q1 is not in the suite'), {
      name: 'TestSuiteError',
    });
    const record = await caseTestSuite(
      pass(() => Promise.reject(refused)),
      evalCase,
      'SELECT 1',
      gold,
      { strict: true, lenient: true },
      undefined,
    );
    expect(record).toMatchObject({
      pass: false,
      error: 'the test suite cannot judge this case: gold q1 is not in the suite',
    });
  });

  it('rethrows any other rejection', async () => {
    await expect(
      caseTestSuite(
        pass(() => Promise.reject(new TypeError('bug'))),
        evalCase,
        'SELECT 1',
        gold,
        { strict: true, lenient: true },
        undefined,
      ),
    ).rejects.toThrow('bug');
  });
});
