// A text-to-SQL service on 127.0.0.1 for the CLI's tests: answers every ask with the reply
// `answer` makes, after `hold` settles and `delayMs` pass, and counts the asks.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface TestEngineServer {
  readonly url: string;
  readonly asks: number;
  /** The headers of each ask, in arrival order. */
  readonly askHeaders: readonly IncomingHttpHeaders[];
  close(): Promise<void>;
}

export type EngineReply = (body: {
  question: string;
  role: string;
  datasource?: string;
}) => unknown;

export const errorReply =
  (message: string): EngineReply =>
  () => ({
    status: 'error',
    sql: null,
    results: [],
    answer: null,
    error: { code: 'INTERNAL_ERROR', message },
    usage: [],
    trace: {},
  });

/**
 * An engine whose SQL the database rejected on every ask: a scored failure (`fail`), not an
 * error before an answer, so a run of it scored something and exits as its cases say.
 */
export const failReply =
  (message: string): EngineReply =>
  () => ({
    status: 'error',
    sql: null,
    results: [],
    answer: null,
    error: { code: 'EXECUTION_ERROR', message },
    usage: [],
    trace: {},
  });

export async function startEngineServer(
  answer: EngineReply,
  options: { delayMs?: number; describe?: unknown; hold?: Promise<void> } = {},
): Promise<TestEngineServer> {
  let asks = 0;
  const askHeaders: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/describe')) {
        if (options.describe === undefined) {
          res.writeHead(404).end();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(options.describe));
        }
        return;
      }
      asks++;
      askHeaders.push(req.headers);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer(body)));
      };
      const answer_ = () => {
        if (options.delayMs) setTimeout(reply, options.delayMs);
        else reply();
      };
      // Replies wait for `hold`, so a test decides when the run may go on.
      if (options.hold) void options.hold.then(answer_);
      else answer_();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get asks() {
      return asks;
    },
    askHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
