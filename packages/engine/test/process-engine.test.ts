// ProcessEngine against real child processes: a Node fixture (fixtures/line-engine.mjs) that
// answers late, crashes, writes garbage or never answers when asked to.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { AskResponse } from '../src/engine.js';
import { EngineError } from '../src/engine-error.js';
import { ProcessEngine, type ProcessEngineOptions } from '../src/process-engine.js';
import { ProcessEngineError } from '../src/process-engine-error.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/line-engine.mjs', import.meta.url));

/** Whether a process (or zombie) with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function waitUntil(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const engines: ProcessEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface Captured {
  engine: ProcessEngine;
  log: string[];
  stderr: string[];
}

function fixture(
  env: Record<string, string> = {},
  options: Partial<ProcessEngineOptions> = {},
): Captured {
  const log: string[] = [];
  const stderr: string[] = [];
  const engine = new ProcessEngine({
    command: [process.execPath, FIXTURE],
    env,
    log: (message) => log.push(message),
    onStderr: (line) => stderr.push(line),
    closeGraceMs: 300,
    ...options,
  });
  engines.push(engine);
  return { engine, log, stderr };
}

const ask = (engine: ProcessEngine, question: string, signal?: AbortSignal) =>
  engine.ask({ question, role: 'admin' }, signal ? { signal } : {});

const pidOf = (reply: AskResponse) => reply.results[0]?.rows[0]?.[1];

describe('ProcessEngine: requests and replies', () => {
  it('answers an ask with the validated reply and the time the engine took', async () => {
    const { engine } = fixture();
    await engine.start();
    const reply = await ask(engine, 'How many albums?');
    const { timing, ...rest } = reply;
    expect(rest).toEqual({
      status: 'success',
      sql: "SELECT 'How many albums?'",
      results: [
        {
          columns: ['question', 'pid'],
          rows: [['How many albums?', engine.pid]],
          truncated: false,
        },
      ],
      answer: 'How many albums?',
      error: null,
      usage: [],
      trace: {},
    });
    expect(timing?.engine_ms).toBeGreaterThan(0);
  });

  it('describes the engine with a describe request', async () => {
    const { engine } = fixture();
    const description = await engine.describe();
    expect(description).toEqual({
      name: 'fixture',
      version: '1.0.0',
      settings: { pid: engine.pid },
    });
  });

  it('gives unknown, with the reason, for an engine that answers describe with an error', async () => {
    const { engine } = fixture({ FIXTURE_START: 'no-describe' });
    await engine.start(); // an error reply is a reply: the engine is up
    const description = await engine.describe();
    expect(description.name).toBe('unknown');
    expect(description.unavailable).toContain('INVALID_REQUEST: describe is not supported');
    expect((await ask(engine, 'still there?')).status).toBe('success');
  });

  it('matches replies that come out of order to their requests', async () => {
    const { engine } = fixture();
    await engine.start();
    const order: string[] = [];
    const questions = ['delay:300:slow', 'delay:10:fast', 'delay:150:middle'];
    const replies = await Promise.all(
      questions.map(async (q) => {
        const reply = await ask(engine, q);
        order.push(reply.answer ?? '');
        return reply;
      }),
    );
    expect(replies.map((r) => r.answer)).toEqual(['slow', 'fast', 'middle']);
    expect(order).toEqual(['fast', 'middle', 'slow']);
  });

  it('serves many concurrent asks from one process, each its own answer, whatever the reply order', async () => {
    const { engine } = fixture();
    await engine.start();
    const pid = engine.pid;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 40 }), fc.string({ minLength: 1, maxLength: 8 })),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (asks) => {
          const texts = asks.map(([, text], i) => `${i}-${text.replace(/:/g, '_')}`);
          const replies = await Promise.all(
            asks.map(([ms], i) => ask(engine, `delay:${ms}:${texts[i]}`)),
          );
          expect(replies.map((r) => r.answer)).toEqual(texts);
        },
      ),
      { numRuns: 25 },
    );
    expect(engine.pid).toBe(pid);
  });

  it('turns an error reply into an error answer with the engine code', async () => {
    const { engine } = fixture();
    const reply = await ask(engine, 'error reply');
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({ code: 'INVALID_REQUEST', message: 'no such question' });
  });

  it('retrieves, and throws the engine code when retrieval fails', async () => {
    const { engine } = fixture();
    expect(await engine.retrieve({ question: 'q', datasource: 'chinook' })).toEqual({
      tables_sent: ['Album'],
      columns_sent: ['Album.Title'],
    });
    const failed = await engine
      .retrieve({ question: 'q', datasource: 'nowhere' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(EngineError);
    expect((failed as EngineError).code).toBe('UNKNOWN_DATASOURCE');
  });

  it('passes stderr to onStderr, apart from the protocol', async () => {
    const { engine, stderr } = fixture();
    const reply = await ask(engine, 'stderr:loading the index');
    expect(reply.status).toBe('success');
    // Another pipe: the line may come in just after the reply.
    await waitUntil(() => stderr.includes('loading the index'));
  });

  it('masks the secrets it was given in answers and stderr', async () => {
    const secret = 'sk-test-0123456789abcdef';
    const { engine, stderr } = fixture({ FIXTURE_SECRET: secret }, { secrets: [secret] });
    const reply = await ask(engine, 'secret');
    expect(reply.error?.message).toBe('failed with [redacted]');
    await ask(engine, `stderr:key is ${secret}`);
    await waitUntil(() => stderr.includes('key is [redacted]'));
    expect(stderr.join('\n')).not.toContain(secret);
  });
});

describe('ProcessEngine: bad replies', () => {
  it('a reply with a known id and the wrong shape is BAD_RESPONSE for that ask only', async () => {
    const { engine, log } = fixture();
    await engine.start();
    const pid = engine.pid;
    const [bad, good] = await Promise.all([ask(engine, 'bad shape'), ask(engine, 'delay:50:ok')]);
    expect(bad.error?.code).toBe('BAD_RESPONSE');
    expect(bad.error?.message).toMatch(/reply to ask #\d+ is not an AskResponse/);
    expect(good.answer).toBe('ok');
    expect(engine.pid).toBe(pid);
    expect(log).toEqual([]);
  });

  it('a line that is not JSON ends the process: asks in flight are BAD_RESPONSE, the next starts it again', async () => {
    const { engine, log } = fixture();
    await engine.start();
    const first = engine.pid as number;
    const [garbage, waiting] = await Promise.all([ask(engine, 'not json'), ask(engine, 'never')]);
    for (const reply of [garbage, waiting]) {
      expect(reply.error?.code).toBe('BAD_RESPONSE');
      expect(reply.error?.message).toContain(
        'a line that is not JSON: "Traceback: something went wrong"',
      );
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('a protocol failure: the process is ended');
    expect(log[0]).toContain('Starting it again');
    const after = await ask(engine, 'back');
    expect(after.answer).toBe('back');
    expect(pidOf(after)).not.toBe(first);
    await waitUntil(() => !alive(first));
  });

  it('a reply to an id never sent is a protocol failure', async () => {
    const { engine } = fixture();
    const reply = await ask(engine, 'stray');
    expect(reply.error?.code).toBe('BAD_RESPONSE');
    expect(reply.error?.message).toContain('replied to request #999999, which it was never sent');
  });

  it('a reply over maxReplyBytes that starts with its id fails that ask only', async () => {
    const { engine, log } = fixture({}, { maxReplyBytes: 4096 });
    await engine.start();
    const pid = engine.pid;
    const [big, small] = await Promise.all([
      ask(engine, 'huge:100000'),
      ask(engine, 'delay:30:fine'),
    ]);
    expect(big.error?.code).toBe('BAD_RESPONSE');
    expect(big.error?.message).toMatch(
      /reply to ask #\d+ is \d+ bytes, over maxReplyBytes \(4096\)/,
    );
    expect(small.answer).toBe('fine');
    expect(engine.pid).toBe(pid);
    expect(log).toEqual([]);
  });

  it('a line over maxReplyBytes that names no request first is a protocol failure', async () => {
    const { engine } = fixture({}, { maxReplyBytes: 4096 });
    const reply = await ask(engine, 'huge-noid:100000');
    expect(reply.error?.code).toBe('BAD_RESPONSE');
    expect(reply.error?.message).toContain('does not start with the id of a request');
  });
});

describe('ProcessEngine: time limits and cancelling', () => {
  it('an ask without a reply within askTimeoutMs is TIMEOUT; its late reply is dropped', async () => {
    const { engine, log } = fixture({}, { askTimeoutMs: 200 });
    await engine.start();
    const pid = engine.pid;
    const never = await ask(engine, 'never');
    expect(never.error?.code).toBe('TIMEOUT');
    expect(never.error?.message).toContain('no answer within 200 ms');
    const late = await ask(engine, 'delay:400:late');
    expect(late.error?.code).toBe('TIMEOUT');
    await new Promise((resolve) => setTimeout(resolve, 400)); // the late reply arrives
    expect((await ask(engine, 'after')).answer).toBe('after');
    expect(engine.pid).toBe(pid);
    expect(log).toEqual([]);
  });

  it("the caller's signal cancels an ask", async () => {
    const { engine } = fixture();
    await engine.start();
    const controller = new AbortController();
    const pending = ask(engine, 'never', controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await pending).error?.code).toBe('CANCELLED');
  });
});

describe('ProcessEngine: crashes and the restart-once rule', () => {
  it('a crash fails the asks in flight, restarts once, and a second crash fails the rest', async () => {
    const { engine, log } = fixture();
    await engine.start();
    const first = engine.pid as number;
    const [crashed, inFlight] = await Promise.all([
      ask(engine, 'delay:50:x').then(() => ask(engine, 'crash')),
      ask(engine, 'never'),
    ]);
    for (const reply of [crashed, inFlight]) {
      expect(reply.error?.code).toBe('TRANSPORT_ERROR');
      expect(reply.error?.message).toContain('exited with code 3');
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /exited with code 3; 2 request\(s\) in flight failed with TRANSPORT_ERROR\. Starting it again/,
    );

    const restarted = await ask(engine, 'again');
    expect(restarted.answer).toBe('again');
    const second = pidOf(restarted) as number;
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);

    expect((await ask(engine, 'kill')).error?.message).toContain('was killed by SIGKILL');
    expect(log).toHaveLength(2);
    expect(log[1]).toContain('ended a second time in this run');
    const after = await Promise.all([ask(engine, 'one'), ask(engine, 'two')]);
    for (const reply of after) {
      expect(reply.error?.code).toBe('TRANSPORT_ERROR');
      expect(reply.error?.message).toContain('it is not started again');
    }
    expect(engine.pid).toBeUndefined();
    expect(alive(second)).toBe(false);
    expect((await engine.describe()).unavailable).toContain('ended a second time');
  });

  it('a child killed from outside while a request is being written ends in TRANSPORT_ERROR, with no unhandled error', async () => {
    const { engine } = fixture();
    await engine.start();
    const pid = engine.pid as number;
    process.kill(pid, 'SIGKILL');
    // Written before the exit is seen: the pipe breaks under the write (EPIPE).
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(engine, `delay:500:${i}`)),
    );
    for (const reply of replies) expect(reply.error?.code).toBe('TRANSPORT_ERROR');
    expect((await ask(engine, 'restarted')).answer).toBe('restarted');
  });
});

describe('ProcessEngine: start-up failures', () => {
  it('a process that exits at once is a one-line ProcessEngineError quoting its stderr', async () => {
    const { engine, stderr } = fixture({ FIXTURE_START: 'exit' });
    const error = await engine.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessEngineError);
    expect((error as ProcessEngineError).reason).toBe('exit');
    const message = (error as ProcessEngineError).message;
    expect(message).toContain('exited with code 2 before answering its first request (describe)');
    expect(message).toContain('fixture: cannot load the model');
    expect(message).not.toContain('\n');
    expect(stderr).toContain('fixture: cannot load the model');
    // Not started again: every ask says why.
    const reply = await ask(engine, 'q');
    expect(reply.error).toEqual({ code: 'TRANSPORT_ERROR', message });
    await expect(engine.start()).rejects.toBe(error);
  });

  it.skipIf(process.platform === 'win32')(
    'quotes a stderr line written after the exit by what the process left running',
    async () => {
      // The program exits at once with stdout closed; a background job it started writes the
      // traceback's last line a moment later, on the stderr it shares. The end is reported
      // once stderr has ended too, so that line is the one quoted.
      const script = 'exec 1>&-; (sleep 0.1; echo "late traceback line" >&2) & exit 1';
      const engine = new ProcessEngine({ command: ['sh', '-c', script], onStderr: () => {} });
      engines.push(engine);
      const error = (await engine.start().catch((e: unknown) => e)) as ProcessEngineError;
      expect(error.reason).toBe('exit');
      expect(error.message).toContain('exited with code 1');
      expect(error.message).toContain('(its last stderr line: "late traceback line")');
    },
  );

  it('a process that writes something else than a reply first is a protocol ProcessEngineError', async () => {
    const { engine } = fixture({ FIXTURE_START: 'banner' });
    const error = (await engine.start().catch((e: unknown) => e)) as ProcessEngineError;
    expect(error.reason).toBe('protocol');
    expect(error.message).toContain('a line that is not JSON: "Loading model..."');
    expect(error.message).toContain('write logs to stderr');
  });

  it('a process that does not answer describe in time is a timeout ProcessEngineError, and is ended', async () => {
    const { engine } = fixture({ FIXTURE_START: 'silent' }, { startTimeoutMs: 300 });
    const started = engine.start();
    await waitUntil(() => engine.pid !== undefined);
    const pid = engine.pid as number;
    const error = (await started.catch((e: unknown) => e)) as ProcessEngineError;
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('did not answer its first request (describe) within 300 ms');
    await waitUntil(() => !alive(pid));
  });

  it('a program that cannot be found is a spawn ProcessEngineError', async () => {
    const engine = new ProcessEngine({ command: ['no-such-program-nl2sql', 'x'], log: () => {} });
    engines.push(engine);
    const error = (await engine.start().catch((e: unknown) => e)) as ProcessEngineError;
    expect(error.reason).toBe('spawn');
    expect(error.message).toContain('could not be started');
    expect(error.message).toContain('ENOENT');
  });

  it('a working directory that does not exist is named as such', async () => {
    const { engine } = fixture({}, { cwd: '/no/such/folder/nl2sql' });
    const error = (await engine.start().catch((e: unknown) => e)) as ProcessEngineError;
    expect(error.reason).toBe('spawn');
    expect(error.message).toContain('its working directory /no/such/folder/nl2sql does not exist');
  });

  it('refuses a command that is not a list of strings', () => {
    expect(() => new ProcessEngine({ command: [] })).toThrow(/non-empty list of strings/);
    expect(() => new ProcessEngine({ command: [''] })).toThrow(/non-empty list of strings/);
  });
});

describe('ProcessEngine: close', () => {
  it('ends the child and cancels what is in flight; later asks fail', async () => {
    const { engine } = fixture();
    await engine.start();
    const pid = engine.pid as number;
    expect(alive(pid)).toBe(true);
    const inFlight = ask(engine, 'never');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await engine.close();
    expect((await inFlight).error?.code).toBe('CANCELLED');
    expect(alive(pid)).toBe(false); // gone and reaped: kill(pid, 0) finds no zombie either
    expect((await ask(engine, 'q')).error?.message).toContain('is closed');
  });

  it('kills a child that ignores end of input and SIGTERM, and what it started', async () => {
    const { engine } = fixture({ FIXTURE_STUBBORN: '1', FIXTURE_GRANDCHILD: '1' });
    const description = await engine.describe();
    const pid = engine.pid as number;
    const grandchild = (description.settings as { grandchild: number }).grandchild;
    expect(alive(grandchild)).toBe(true);
    const started = Date.now();
    await engine.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 300 - 50); // stdin end, SIGTERM, SIGKILL
    expect(alive(pid)).toBe(false);
    await waitUntil(() => !alive(grandchild));
  });

  it.skipIf(process.platform === 'win32')(
    'ends what the engine left running in its process group after it exited by itself',
    async () => {
      // The engine exits on end of input, as it should, but a process it started (a shell
      // script's `cmd &`) stays in its group: close() ends the group, not only the leader.
      const { engine } = fixture({ FIXTURE_GRANDCHILD: '1', FIXTURE_ORPHAN: '1' });
      const description = await engine.describe();
      const pid = engine.pid as number;
      const grandchild = (description.settings as { grandchild: number }).grandchild;
      expect(alive(grandchild)).toBe(true);
      try {
        await engine.close();
        expect(alive(pid)).toBe(false);
        await waitUntil(() => !alive(grandchild), 2000);
      } finally {
        if (alive(grandchild)) process.kill(grandchild, 'SIGKILL');
      }
    },
  );

  it('close while starting ends the process being started', async () => {
    const { engine } = fixture({ FIXTURE_START: 'silent' });
    const started = engine.start().catch((e: unknown) => e);
    await waitUntil(() => engine.pid !== undefined);
    const pid = engine.pid as number;
    await engine.close();
    expect(((await started) as ProcessEngineError).reason).toBe('closed');
    expect(alive(pid)).toBe(false);
  });

  it.skipIf(process.platform === 'win32')(
    "a Ctrl-C to the evaluator's process group does not reach the engine; close() then ends it",
    async () => {
      // An evaluator in a process group of its own, as a shell runs it: SIGINT to the whole
      // group is what a terminal's Ctrl-C is. The engine, in its own group, keeps answering
      // until the evaluator closes it.
      const { spawn } = await import('node:child_process');
      const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));
      const script = `
        const { ProcessEngine } = await import(${JSON.stringify(source)});
        const engine = new ProcessEngine({ command: [process.execPath, ${JSON.stringify(FIXTURE)}], onStderr: () => {} });
        await engine.start();
        process.on('SIGINT', async () => {
          const reply = await engine.ask({ question: 'after ctrl-c', role: 'admin' });
          const pid = engine.pid;
          await engine.close();
          console.log(JSON.stringify({ answer: reply.answer, pid }));
          process.exit(0);
        });
        console.log('ready');
        setInterval(() => {}, 1000);
      `;
      const evaluator = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const lines = (await import('node:readline')).createInterface({
        input: evaluator.stdout as NodeJS.ReadableStream,
      });
      const iterator = lines[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toBe('ready');
      process.kill(-(evaluator.pid as number), 'SIGINT');
      const { answer, pid } = JSON.parse((await iterator.next()).value as string) as {
        answer: string;
        pid: number;
      };
      expect(answer).toBe('after ctrl-c');
      expect(alive(pid)).toBe(false);
    },
  );

  it('an idle engine does not keep the evaluator alive', async () => {
    // A Node process that starts an engine, asks once and forgets close(): it still exits,
    // and its exit takes the engine with it.
    const { execFile } = await import('node:child_process');
    const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const script = `
      const { ProcessEngine } = await import(${JSON.stringify(source)});
      const engine = new ProcessEngine({ command: [process.execPath, ${JSON.stringify(FIXTURE)}], onStderr: () => {} });
      const reply = await engine.ask({ question: 'hi', role: 'admin' });
      console.log(JSON.stringify({ answer: reply.answer, pid: engine.pid }));
    `;
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { timeout: 60_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const { answer, pid } = JSON.parse(out) as { answer: string; pid: number };
    expect(answer).toBe('hi');
    await waitUntil(() => !alive(pid));
  });
});
