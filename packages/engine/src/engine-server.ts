// Serves any Engine over the HTTP protocol HttpEngine speaks (POST /ask, POST /retrieve,
// GET /describe, JSON), so the reference engine can be put behind a port and a service in
// another language can be checked against a working server. Requests are validated against
// the protocol's schemas, and so is the engine's own description before it is sent.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AskRequest, Engine, RetrieveRequest } from './engine.js';
import { EngineError } from './engine-error.js';
import {
  ASK_REQUEST_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
  RETRIEVE_REQUEST_JSON_SCHEMA,
} from './engine-schema.js';

export interface ServeOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Largest request body accepted, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
}

export interface ServedEngine {
  /** Base URL, e.g. http://127.0.0.1:PORT (give it to HttpEngine). */
  url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

async function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function describe(engine: Engine, res: ServerResponse, signal: AbortSignal): Promise<void> {
  if (!engine.describe) {
    send(res, 404, {
      error: { code: 'INVALID_REQUEST', message: 'this engine does not describe itself' },
    });
    return;
  }
  const description = await engine.describe({ signal });
  const problems = protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, description);
  if (problems.length > 0) {
    send(res, 500, {
      error: {
        code: 'INTERNAL_ERROR',
        message: `the engine's description is not an EngineDescription: ${problems.join('; ')}`,
      },
    });
    return;
  }
  send(res, 200, description);
}

export async function serveEngine(
  engine: Engine,
  options: ServeOptions = {},
): Promise<ServedEngine> {
  const max = options.maxBodyBytes ?? 1 << 20;
  const server = createServer((req, res) => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    (async () => {
      if (req.method === 'GET' && req.url === '/describe') {
        await describe(engine, res, controller.signal);
        return;
      }
      const route = req.method === 'POST' ? req.url : undefined;
      if (route !== '/ask' && route !== '/retrieve') {
        send(res, 404, {
          error: { code: 'INVALID_REQUEST', message: `no route for ${req.method} ${req.url}` },
        });
        return;
      }
      const text = await readBody(req, max);
      if (text === undefined) {
        send(res, 413, { error: { code: 'INVALID_REQUEST', message: `body over ${max} bytes` } });
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        send(res, 400, { error: { code: 'INVALID_REQUEST', message: 'body is not JSON' } });
        return;
      }
      const schema = route === '/ask' ? ASK_REQUEST_JSON_SCHEMA : RETRIEVE_REQUEST_JSON_SCHEMA;
      const problems = protocolErrors(schema, body);
      if (problems.length > 0) {
        send(res, 400, { error: { code: 'INVALID_REQUEST', message: problems.join('; ') } });
        return;
      }
      if (route === '/ask') {
        send(res, 200, await engine.ask(body as AskRequest, { signal: controller.signal }));
        return;
      }
      if (!engine.retrieve) {
        send(res, 501, {
          error: { code: 'INVALID_REQUEST', message: 'this engine has no retrieval mode' },
        });
        return;
      }
      try {
        send(
          res,
          200,
          await engine.retrieve(body as RetrieveRequest, { signal: controller.signal }),
        );
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        send(res, error.code === 'UNKNOWN_DATASOURCE' ? 404 : 500, {
          error: { code: error.code, message: error.message },
        });
      }
    })().catch((error: unknown) => {
      send(res, 500, {
        error: {
          code: 'INTERNAL_ERROR',
          message: error instanceof Error ? error.message : String(error),
        },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
