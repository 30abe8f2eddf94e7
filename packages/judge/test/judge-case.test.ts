// judgeCase on real Chinook results, with the real LLM judge talking to FakeLLMServer.
import { compareLenient, compareStrict } from '@nl2sql/comparator';
import { CHINOOK_CALIBRATION_PATH, chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { FakeLLMServer, type LlmClient } from '@nl2sql/llm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CalibrationSet } from '../src/calibration-set.js';
import { type JudgeCaseInput, judgeCase } from '../src/judge-case.js';
import { JUDGE_OUTPUT_NAME } from '../src/judge-prompt.js';
import { LlmJudge } from '../src/llm-judge.js';
import { loadCalibrationSet } from '../src/load-calibration-set.js';
import { answerFromLabels, judgeClient } from './helpers.js';

// Runs on real Chinook results; skips, with the reason printed, where Chinook is not found.
const chinookFile = await chinookForTests();

let chinook: Datasource;
let set: CalibrationSet;
let server: FakeLLMServer;
let client: LlmClient;
let judge: LlmJudge;

beforeAll(async () => {
  if (chinookFile.path === undefined) return;
  chinook = await openSqlite(chinookFile.path);
  set = (await loadCalibrationSet(CHINOOK_CALIBRATION_PATH)).set;
});
afterAll(async () => {
  await chinook?.close();
});
beforeEach(async () => {
  server = new FakeLLMServer({ answers: answerFromLabels(set) });
  await server.start();
  client = judgeClient(server);
  judge = new LlmJudge(client);
});
afterEach(async () => {
  await client.close();
  await server.close();
});

/** What the runner would pass for a case: both queries run on Chinook, both comparator verdicts. */
async function caseInput(
  gold: string,
  candidate: string,
  question: string,
  orderMatters = false,
): Promise<JudgeCaseInput> {
  const goldResult = await chinook.execute(gold);
  let candidateResult: JudgeCaseInput['candidate']['result'];
  let strict = { pass: false };
  let lenient = { pass: false };
  try {
    const r = await chinook.execute(candidate);
    candidateResult = r;
    strict = compareStrict(goldResult, r, { orderMatters });
    lenient = compareLenient(goldResult, r, { orderMatters });
  } catch (error) {
    candidateResult = { error: (error as Error).message };
  }
  return {
    question,
    dialect: 'sqlite',
    orderMatters,
    gold: { sql: gold, result: goldResult },
    candidate: { sql: candidate, result: candidateResult },
    strict,
    lenient,
  };
}

const fromPair = (id: string) => {
  const p = set.pairs.find((x) => x.id === id)!;
  return caseInput(p.gold, p.candidate, p.question, p.order_matters);
};

const idOf = (category: string, label: string) =>
  set.pairs.find((p) => p.category === category && p.label === label)!.id;

describe.skipIf(chinookFile.path === undefined)('judgeCase', () => {
  it('passes on tier 1 without calling the judge when the SQL is canonically the gold', async () => {
    const j = await fromPair(idOf('limit-syntax', 'equivalent'));
    const verdict = await judgeCase(j, { judge });
    expect(verdict).toMatchObject({
      pass: true,
      tier: 'ast',
      outcome: 'ast_match',
      usage: [],
      costUsd: 0,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('asks the judge about a one-row pass and fails the lucky match it finds, billing the call', async () => {
    // COUNT via a scalar subquery on a non-unique genre name: 28 and 28 on Chinook
    const j = await fromPair(idOf('scalar-subquery', 'not_equivalent'));
    expect(j.strict.pass).toBe(true);
    const verdict = await judgeCase(j, { judge });
    expect(verdict).toMatchObject({
      pass: false,
      tier: 'judge',
      outcome: 'lucky_match',
      judgeTrigger: 'small_result',
    });
    expect(verdict.usage).toHaveLength(1);
    expect(verdict.costUsd).toBeGreaterThan(0);
    expect(verdict.judge).toMatchObject({ equivalent: false });
  });

  it('confirms a one-row pass the judge finds equivalent', async () => {
    const p = set.pairs.find((x) => x.category === 'in-vs-join' && x.case === 'chinook_010')!;
    const verdict = await judgeCase(await caseInput(p.gold, p.candidate, p.question), { judge });
    expect(verdict).toMatchObject({ pass: true, tier: 'judge', outcome: 'judge_confirmed' });
  });

  it('proposes a close, judged-equivalent failure as an alternative gold for review', async () => {
    const gold =
      "SELECT c.FirstName, c.LastName, c.City FROM Customer c WHERE c.Country = 'Germany' ORDER BY c.CustomerId";
    const alt =
      "SELECT c.FirstName || ' ' || c.LastName AS customer, c.City FROM Customer c WHERE c.Country = 'Germany' ORDER BY c.CustomerId";
    server.answer(JUDGE_OUTPUT_NAME, {
      differences: [],
      reason: 'The name is one column instead of two.',
      equivalent: true,
    });
    const verdict = await judgeCase(
      await caseInput(gold, alt, 'Where do our customers from Germany live?'),
      { judge },
    );
    expect(verdict).toMatchObject({
      pass: false,
      tier: 'judge',
      outcome: 'review',
      judgeTrigger: 'close_sql',
    });
    expect(verdict.proposal).toEqual({
      altSql: alt,
      reason: 'The name is one column instead of two.',
    });
    expect(verdict.evidence.ast?.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps a close failure a failure when the judge confirms the difference', async () => {
    const p = set.pairs.find((x) => x.category === 'missing-distinct' && x.case === 'chinook_034')!;
    const verdict = await judgeCase(await caseInput(p.gold, p.candidate, p.question), { judge });
    expect(verdict).toMatchObject({ pass: false, tier: 'judge', outcome: 'judge_rejected' });
    expect(verdict.proposal).toBeUndefined();
  });

  it('keeps the execution verdict, marked, without a judge', async () => {
    const j = await fromPair(idOf('scalar-subquery', 'not_equivalent'));
    const verdict = await judgeCase(j);
    expect(verdict).toMatchObject({
      pass: true,
      tier: 'execution',
      outcome: 'rows_match',
      judgeTrigger: 'small_result',
    });
    expect(verdict.usage).toEqual([]);
  });

  it('keeps the execution verdict with the error and the billed usage when the judge fails', async () => {
    server.fault({ kind: 'answer', value: { nope: 1 } }, { times: 2 });
    const j = await fromPair(idOf('scalar-subquery', 'not_equivalent'));
    const verdict = await judgeCase(j, { judge });
    expect(verdict).toMatchObject({ pass: true, tier: 'execution', outcome: 'rows_match' });
    expect(verdict.judge).toMatchObject({ error: expect.stringMatching(/does not match schema/) });
    expect(verdict.usage).toHaveLength(2);
    expect(verdict.costUsd).toBeCloseTo(judge.cost(verdict.usage), 12);
  });

  it('fails a candidate that does not run, and a lucky match the test suite caught, without the judge', async () => {
    const broken = await caseInput(
      'SELECT COUNT(*) FROM Track',
      'SELECT COUNT(*) FROM Trak',
      'How many tracks?',
    );
    expect(await judgeCase(broken, { judge })).toMatchObject({
      pass: false,
      outcome: 'execution_error',
    });
    const j = await fromPair(idOf('scalar-subquery', 'not_equivalent'));
    const caught = await judgeCase(
      { ...j, testSuite: { pass: false, distinguishedBy: 'variant-004' } },
      { judge },
    );
    expect(caught).toMatchObject({ pass: false, tier: 'execution', outcome: 'lucky_match' });
    expect(server.requests).toHaveLength(0);
  });

  it('stops when the run is cancelled', async () => {
    server.fault({ kind: 'slow', delayMs: 5_000 });
    const controller = new AbortController();
    const j = await fromPair(idOf('scalar-subquery', 'not_equivalent'));
    setTimeout(() => controller.abort(), 50);
    await expect(judgeCase(j, { judge, signal: controller.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});
