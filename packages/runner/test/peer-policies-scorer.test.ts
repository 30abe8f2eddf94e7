// The peers' rules on one case run's rows: Spider orders only under the gold's top-level
// ORDER BY and needs equal row counts, BIRD compares sets, Defog allows extra columns; a
// failed answer fails them all; and the board counts each rule and lists the disagreements
// with the reason of each failing rule, in task order.
import type { AskResponse } from '@nl2sql/engine';
import type { EvalCase } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { type CaseResult, PeerPolicyTally, peerPoliciesScorer } from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const CASE: EvalCase = {
  id: 'c1',
  question: 'Which names, by name?',
  datasource: 'db',
  source: 'hand',
  tags: [],
  order_matters: true,
  outcome: { analyst: 'allowed' },
  tables: ['t'],
  columns: [],
  sql: 'SELECT name FROM t ORDER BY name',
  rows: [['Ada'], ['Bo']],
};

const answer = (columns: string[], rows: unknown[][]): AskResponse => ({
  status: 'success',
  sql: 'SELECT ...',
  results: [{ columns, rows: rows as never, truncated: false }],
  answer: null,
  error: null,
  usage: [],
  trace: {},
});

async function peers(response: AskResponse, c: EvalCase = CASE) {
  const score = await peerPoliciesScorer().score({
    kind: 'ask',
    mode: 'plans',
    case: c,
    role: 'analyst',
    expected: 'allowed',
    response,
  });
  return score?.detail;
}

describe('peerPoliciesScorer', () => {
  it("Spider follows the gold's ORDER BY, BIRD ignores order and duplicates, Defog takes extra columns", async () => {
    expect(await peers(answer(['n'], [['Bo'], ['Ada']]))).toEqual({
      spider: { pass: false, reason: 'order' },
      bird: { pass: true, reason: null },
      defog: { pass: false, reason: expect.any(String) },
    });
    expect(await peers(answer(['n'], [['Ada'], ['Bo'], ['Bo']]))).toMatchObject({
      spider: { pass: false, reason: 'row_count' },
      bird: { pass: true },
    });
    expect(
      await peers(
        answer(
          ['n', 'x'],
          [
            ['Ada', 1],
            ['Bo', 2],
          ],
        ),
      ),
    ).toMatchObject({
      spider: { pass: false },
      bird: { pass: false },
      defog: { pass: true },
    });
  });

  it('no rows fails every rule; a case to refuse or without gold rows is not scored', async () => {
    const failed: AskResponse = {
      ...answer([], []),
      status: 'error',
      results: [],
      error: { code: 'EXECUTION_ERROR', message: 'x' },
    };
    expect(await peers(failed)).toEqual({
      spider: { pass: false, reason: 'no_rows' },
      bird: { pass: false, reason: 'no_rows' },
      defog: { pass: false, reason: 'no_rows' },
    });
    const { rows: _rows, ...noRows } = CASE;
    expect(await peers(answer(['n'], [['Ada']]), noRows)).toBeUndefined();
  });
});

describe('PeerPolicyTally', () => {
  const scored = (caseId: string, spider: boolean, status: 'pass' | 'fail'): CaseResult =>
    caseResultOf(caseId, {
      status,
      lenientStatus: status,
      scores: {
        outcome: { pass: true, lenient: true, explanation: null, detail: {} },
        result_match: {
          pass: status === 'pass',
          lenient: status === 'pass',
          explanation: null,
          detail: {
            strict: { reason: status === 'pass' ? null : { code: 'order' } },
            lenient: { reason: status === 'pass' ? null : { code: 'order' } },
          },
        },
        peer_policies: {
          pass: spider,
          lenient: spider,
          explanation: null,
          detail: {
            spider: { pass: spider, reason: spider ? null : 'order' },
            bird: { pass: true, reason: null },
            defog: { pass: spider, reason: spider ? null : 'row_mismatch' },
          },
        },
      },
    });

  it('counts each rule and lists the disagreements in task order, whatever order they arrive in', () => {
    const tally = new PeerPolicyTally();
    tally.add(scored('c3', false, 'fail'), 2);
    tally.add(scored('c1', true, 'pass'), 0);
    tally.add(scored('c2', false, 'fail'), 1);
    tally.add(caseResultOf('c4'), 3); // not scored by the peers' rules: not counted
    const m = tally.metrics();
    expect(m).toMatchObject({
      case_runs: 3,
      spider: { count: 1, total: 3 },
      bird: { count: 3, total: 3 },
      strict: { count: 1, total: 3 },
      test_suite: null,
    });
    expect(m?.disagreements.map((d) => [d.case_id, d.passing, d.failing])).toEqual([
      [
        'c2',
        ['bird'],
        [
          { policy: 'spider', reason: 'order' },
          { policy: 'defog', reason: 'row_mismatch' },
          { policy: 'strict', reason: 'order' },
          { policy: 'lenient', reason: 'order' },
        ],
      ],
      ['c3', ['bird'], expect.any(Array)],
    ]);
    expect(new PeerPolicyTally().metrics()).toBeUndefined();
  });
});
