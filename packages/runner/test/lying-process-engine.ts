// LyingEngine as a process engine (run with tsx by answer-execution.integration.test.ts):
// `lying-process-engine.ts DATABASE LIE`, the engine protocol as JSON lines.
import { createInterface } from 'node:readline';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { AskRequest } from '@nl2sql/engine';
import { loadSuite } from '@nl2sql/suite';
import { type Lie, LyingEngine } from './lying-engine.js';

const [database, lie] = process.argv.slice(2) as [string, Lie];
const engine = new LyingEngine(
  await loadSuite(CHINOOK_SUITE_PATH),
  await openSqlite(database),
  lie,
);
const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method, params } = JSON.parse(line) as {
    id: number;
    method: string;
    params: unknown;
  };
  const answer = method === 'describe' ? engine.describe() : engine.ask(params as AskRequest);
  answer.then(
    (result) => send({ id, result }),
    (error: unknown) => send({ id, error: { code: 'INTERNAL_ERROR', message: String(error) } }),
  );
});
