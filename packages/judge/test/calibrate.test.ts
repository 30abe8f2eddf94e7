// Calibration against the shipped labels, with a real LlmClient talking to FakeLLMServer: a
// judge that answers as the labels do passes; one that calls everything equivalent fails TNR;
// failed calls count as wrong answers; the record is what checkCalibration reads.
import { CHINOOK_CALIBRATION_PATH, chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { wilson } from '@nl2sql/gate';
import { FakeLLMServer, type LlmClient } from '@nl2sql/llm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { calibrate, runCalibration } from '../src/calibrate.js';
import { formatCalibrationRecord, parseCalibrationRecord } from '../src/calibration-record.js';
import { checkCalibration } from '../src/check-calibration.js';
import { JUDGE_OUTPUT_NAME, promptSection } from '../src/judge-prompt.js';
import { LlmJudge } from '../src/llm-judge.js';
import { type LoadedCalibrationSet, loadCalibrationSet } from '../src/load-calibration-set.js';
import { UncalibratedJudgeError } from '../src/uncalibrated-judge-error.js';
import { ALWAYS_EQUIVALENT, answerFromLabels, judgeClient, pairOf } from './helpers.js';

// The one test that runs queries skips, with the reason printed, where Chinook is not found.
const chinookFile = await chinookForTests();

let labels: LoadedCalibrationSet;
let server: FakeLLMServer | undefined;
let client: LlmClient | undefined;

beforeAll(async () => {
  labels = await loadCalibrationSet(CHINOOK_CALIBRATION_PATH);
});

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function judgeAnswering(answers: ConstructorParameters<typeof FakeLLMServer>[0]) {
  server = new FakeLLMServer(answers);
  await server.start();
  client = judgeClient(server);
  return new LlmJudge(client);
}

describe('calibrate', () => {
  it('passes a judge that answers as the labels do, with TPR and TNR of 1 and their Wilson intervals', async () => {
    const judge = await judgeAnswering({ answers: answerFromLabels(labels.set) });
    const report = await calibrate(labels, judge, { date: '2026-11-30' });
    const { record } = report;
    expect(report.passed).toBe(true);
    expect(record.failures).toEqual([]);
    expect(record.counts).toEqual({
      truePositive: 80,
      falseNegative: 0,
      trueNegative: 45,
      falsePositive: 0,
      errors: 0,
    });
    const w = wilson(45, 45);
    expect(record.tnr).toEqual({
      k: 45,
      n: 45,
      estimate: 1,
      lower: w.lower,
      upper: 1,
      level: 0.95,
    });
    expect(record.tpr.lower).toBe(wilson(80, 80).lower);
    expect(record.judge).toEqual(judge.identity);
    expect(record.labels).toMatchObject({
      name: 'chinook-judge-calibration',
      sha256: labels.sha256,
    });
    expect(record.pairs).toHaveLength(125);
    expect(report.usage).toHaveLength(125);
    expect(record.costUsd).toBeCloseTo(judge.cost(report.usage), 12);
    expect(checkCalibration(record, judge.identity)).toBe(record);
  });

  it('gives a record that another judge config cannot use', async () => {
    const judge = await judgeAnswering({ answers: answerFromLabels(labels.set) });
    const { record } = await calibrate(labels, judge, { date: '2026-11-30' });
    const miniClient = judgeClient(server!, 'gpt-5.4-mini');
    const mini = new LlmJudge(miniClient);
    await miniClient.close();
    const error = (() => {
      try {
        checkCalibration(record, mini.identity);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UncalibratedJudgeError);
    expect((error as UncalibratedJudgeError).code).toBe('identity_mismatch');
    expect(() =>
      checkCalibration(record, { ...judge.identity, promptVersion: 'sql-equivalence/0' }),
    ).toThrow(/calibrate this judge/);
  });

  it('fails a judge that calls every pair equivalent on TNR, and the record refuses it', async () => {
    const judge = await judgeAnswering({ answers: ALWAYS_EQUIVALENT });
    const report = await calibrate(labels, judge, { date: '2026-11-30' });
    expect(report.passed).toBe(false);
    expect(report.record.tpr.estimate).toBe(1);
    expect(report.record.tnr).toMatchObject({ k: 0, n: 45, estimate: 0, lower: 0 });
    expect(report.failures).toEqual(['TNR 0.000 below 0.900']);
    const refused = (() => {
      try {
        checkCalibration(report.record, judge.identity);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(UncalibratedJudgeError);
    expect((refused as UncalibratedJudgeError).code).toBe('below_threshold');
  });

  it('counts a pair the judge could not answer as wrong, and keeps the usage billed for it', async () => {
    const honest = answerFromLabels(labels.set)[JUDGE_OUTPUT_NAME];
    const failing = labels.set.pairs.filter((p) => p.label === 'not_equivalent').slice(0, 5);
    const judge = await judgeAnswering({
      answers: {
        // An answer that never fits the schema, even after the correction: INVALID_OUTPUT.
        [JUDGE_OUTPUT_NAME]: (request) =>
          failing.some((p) => p.id === pairOf(labels.set, request).id)
            ? { verdict: 'unsure' }
            : honest(request),
      },
    });
    const report = await calibrate(labels, judge, { date: '2026-11-30', concurrency: 2 });
    expect(report.record.counts.errors).toBe(5);
    expect(report.record.counts.trueNegative).toBe(40);
    expect(report.record.tnr.estimate).toBeCloseTo(40 / 45, 12);
    expect(report.passed).toBe(false);
    const errored = report.record.pairs.filter((p) => p.verdict === null);
    expect(errored.map((p) => p.id).sort()).toEqual(failing.map((p) => p.id).sort());
    for (const p of errored) {
      expect(p.correct).toBe(false);
      expect(p.error).toMatch(/does not match schema/);
    }
    // 120 answered calls, plus the answer and its correction for each of the 5
    expect(report.usage).toHaveLength(130);
  });

  it.skipIf(chinookFile.path === undefined)(
    'shows the judge the schema and the heads of both results when given a database',
    async () => {
      const judge = await judgeAnswering({ answers: answerFromLabels(labels.set) });
      const chinook = await openSqlite(chinookFile.path!);
      try {
        const schema = await chinook.introspect({ rowCounts: false });
        const small = { ...labels, set: { ...labels.set, pairs: labels.set.pairs.slice(0, 3) } };
        const report = await calibrate(small, judge, {
          date: '2026-11-30',
          schema,
          database: { execute: (sql) => chinook.execute(sql) },
          thresholds: { minPairs: 3, minNotEquivalent: 1, maxNotEquivalent: 3 },
        });
        expect(report.record.inputs).toEqual({ schema: true, resultHeads: true });
        const prompt = server!.requests[0]!.lastUserText;
        expect(promptSection(prompt, 'schema')).toContain(
          'CustomerId INTEGER NOT NULL PRIMARY KEY',
        );
        expect(promptSection(prompt, 'reference_result')).toContain('24 rows, first 10 shown');
      } finally {
        await chinook.close();
      }
    },
  );

  it('writes a record that reads back identically', async () => {
    const judge = await judgeAnswering({ answers: answerFromLabels(labels.set) });
    const { record } = await runCalibration(CHINOOK_CALIBRATION_PATH, judge, {
      date: '2026-11-30',
    });
    expect(parseCalibrationRecord(formatCalibrationRecord(record), 'record.json')).toEqual(record);
  });

  it('refuses a date that is not YYYY-MM-DD and thresholds that make no sense', async () => {
    const judge = await judgeAnswering({ answers: answerFromLabels(labels.set) });
    await expect(calibrate(labels, judge, { date: 'today' })).rejects.toThrow(RangeError);
    await expect(
      calibrate(labels, judge, { date: '2026-11-30', thresholds: { minTnr: 1.5 } }),
    ).rejects.toThrow(/minTnr/);
    expect(server!.requests).toHaveLength(0);
  });

  it('stops when cancelled', async () => {
    const judge = await judgeAnswering({ answers: answerFromLabels(labels.set), delayMs: 200 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      calibrate(labels, judge, { date: '2026-11-30', signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
