// Every command function checks its options object before it opens anything: an unknown key
// or a wrong type is one usage error (exit 2) naming the option, never an ignored option.
import { describe, expect, test } from 'vitest';
import {
  calibrateJudge,
  checkSql,
  comparatorDemo,
  crossCheckSuite,
  EvaluateError,
  EXIT,
  grantRoles,
  initProject,
  serveDatabase,
  startDatabase,
  suiteTestSuite,
} from '../src/index.js';
import { captureIo } from './capture-io.js';

/** The usage error `call` throws. */
async function refusal(call: () => Promise<unknown>): Promise<EvaluateError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EvaluateError);
  expect((error as EvaluateError).exitCode).toBe(EXIT.usage);
  return error as EvaluateError;
}

// biome-ignore lint/suspicious/noExplicitAny: the point is an object TypeScript would refuse
const wrong = (options: Record<string, unknown>) => options as any;

describe('a refused options object is a usage error naming the option', () => {
  const { io } = captureIo();
  test.each([
    [
      'crossCheckSuite',
      () => crossCheckSuite(wrong({ engines: ['duckdb'] }), io),
      /unknown option engines/,
    ],
    ['checkSql', () => checkSql(wrong({ sql: 'SELECT 1', maxLimit: '10' }), io), /option maxLimit/],
    ['checkSql', () => checkSql(wrong({}), io), /option sql/],
    ['initProject', () => initProject(wrong({ db: 'x.db', role: 'a' }), io), /unknown option role/],
    ['suiteTestSuite', () => suiteTestSuite(wrong({ seed: -1 }), io), /option seed/],
    [
      'calibrateJudge',
      () => calibrateJudge(wrong({ llm: 'j.yaml', concurrency: 0 }), io),
      /option concurrency/,
    ],
    ['comparatorDemo', () => comparatorDemo(wrong({ json: 'yes' }), io), /option json/],
    [
      'startDatabase',
      () => startDatabase(wrong({ dataset: 'chinook', engine: 'oracle' }), io),
      /option engine/,
    ],
    [
      'serveDatabase',
      () => serveDatabase(wrong({ dataset: 'chinook', port: 70000 }), io),
      /option port/,
    ],
    [
      'grantRoles',
      () => grantRoles(wrong({ policy: 'p.json', dryRun: true }), io),
      /unknown option dryRun/,
    ],
  ])('%s', async (name, call, message) => {
    const error = await refusal(call);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message).toMatch(message);
  });

  test('a rule between options says it with the flags, as the command does', async () => {
    expect((await refusal(() => startDatabase({ dataset: 'northwind' }, io))).message).toBe(
      'unknown dataset "northwind": chinook',
    );
    expect(
      (await refusal(() => startDatabase({ dataset: 'chinook', engine: 'duckdb', port: 5432 }, io)))
        .message,
    ).toBe('--port is for --engine postgres');
    expect((await refusal(() => crossCheckSuite({ engine: 'postgres,oracle' }, io))).message).toBe(
      '--engine must be among postgres, mysql, duckdb, all, got "oracle"',
    );
  });
});
