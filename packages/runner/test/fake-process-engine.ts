// The runner's FakeEngine as a process engine (run with tsx by
// process-engine.integration.test.ts): the engine protocol as JSON lines on stdin/stdout,
// each request answered after a random few milliseconds so replies overtake each other.
// Case c2 is answered wrongly on purpose, as in http-engine.integration.test.ts.
import { createInterface } from 'node:readline';
import type { AskRequest, RetrieveRequest } from '@nl2sql/engine';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

const engine = new FakeEngine(SUITE, {
  override: {
    c2: () => ({ results: [{ columns: ['x'], rows: [['wrong']], truncated: false }] }),
  },
});

const send = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function answer(method: string, params: unknown): Promise<unknown> {
  if (method === 'describe') return { name: 'fake-process-engine', version: '2.0.0' };
  if (method === 'retrieve') return engine.retrieve(params as RetrieveRequest);
  return engine.ask(params as AskRequest);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method, params } = JSON.parse(line) as {
    id: number;
    method: string;
    params: unknown;
  };
  setTimeout(() => {
    answer(method, params).then(
      (result) => send({ id, result }),
      (error: unknown) => send({ id, error: { code: 'INTERNAL_ERROR', message: String(error) } }),
    );
  }, Math.random() * 20);
});
