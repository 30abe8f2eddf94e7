// serveEngine and HttpEngine against each other, with a scripted engine that speaks the
// protocol and nothing more (the reference engine served is tested in
// @nl2sql/reference-engine, which this package does not depend on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AskRequest,
  AskResponse,
  Engine,
  EngineDescription,
  RetrieveRequest,
} from '../src/engine.js';
import { EngineError } from '../src/engine-error.js';
import {
  ASK_RESPONSE_JSON_SCHEMA,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  protocolErrors,
} from '../src/engine-schema.js';
import { type ServedEngine, serveEngine } from '../src/engine-server.js';
import { errorAnswer } from '../src/error-answer.js';
import { GENERIC_REFUSAL } from '../src/error-codes.js';
import { HttpEngine } from '../src/http-engine.js';

const DESCRIPTION: EngineDescription = {
  name: 'scripted-engine',
  version: '1.2.3',
  models: { planner: 'openai:gpt-5.4' },
  settings: { maxRows: 1000, retrieval: { kTables: 5 } },
};

/** Answers "top genres" with rows, refuses role catalog, and knows one datasource. */
class ScriptedEngine implements Engine {
  readonly asked: AskRequest[] = [];

  async ask(request: AskRequest): Promise<AskResponse> {
    this.asked.push(request);
    if (request.role === 'catalog') return errorAnswer('SECURITY_VIOLATION', GENERIC_REFUSAL);
    if (request.question.includes('profit')) {
      return errorAnswer('QUESTION_NOT_ANSWERABLE', 'No datasource can answer this question.');
    }
    return {
      status: 'success',
      sql: 'SELECT Name, n FROM genres LIMIT 5',
      results: [{ columns: ['Name', 'n'], rows: [['Rock', 1297]], truncated: false }],
      answer: 'Rock leads with 1297 tracks.',
      error: null,
      usage: [
        {
          node: 'planner',
          provider: 'openai',
          model: 'gpt-5.4',
          input: 10,
          cached: 0,
          cacheWrite: 0,
          output: 5,
          reasoning: 0,
        },
      ],
      trace: { nodes: [{ node: 'planner', ms: 1, status: 'ok' }], retrieval: null },
    };
  }

  async retrieve(request: RetrieveRequest) {
    if (request.datasource !== 'chinook') {
      throw new EngineError('UNKNOWN_DATASOURCE', `unknown datasource "${request.datasource}"`);
    }
    return { tables_sent: ['Genre', 'Track'], columns_sent: ['Genre.Name'] };
  }

  async describe(): Promise<EngineDescription> {
    return DESCRIPTION;
  }
}

const engine = new ScriptedEngine();
let served: ServedEngine;
let client: HttpEngine;

beforeAll(async () => {
  served = await serveEngine(engine);
  client = new HttpEngine({ url: served.url, timeoutMs: 10_000 });
});
afterAll(async () => {
  await client.close();
  await served.close();
});

describe('serveEngine + HttpEngine', () => {
  it("carries an engine's replies unchanged and schema-valid", async () => {
    const request = {
      question: 'What are the top 5 genres?',
      role: 'admin',
      datasource: 'chinook',
    };
    const direct = await engine.ask(request);
    const { timing, ...remote } = await client.ask(request);
    expect(remote).toEqual(direct);
    expect(protocolErrors(ASK_RESPONSE_JSON_SCHEMA, remote)).toEqual([]);
    expect(timing?.attempts).toBe(1);
    expect(engine.asked.at(-1)).toEqual(request);
  });

  it('carries refusals and unanswerable questions', async () => {
    const refused = await client.ask({ question: 'Customers per country?', role: 'catalog' });
    expect(refused.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    const unanswerable = await client.ask({ question: 'The profit margin?', role: 'admin' });
    expect(unanswerable.error?.code).toBe('QUESTION_NOT_ANSWERABLE');
  });

  it('serves retrieval, an unknown datasource as 404, and rejects malformed requests with 400', async () => {
    const sent = await client.retrieve({ question: 'genres', datasource: 'chinook' });
    expect(sent).toEqual({ tables_sent: ['Genre', 'Track'], columns_sent: ['Genre.Name'] });
    const unknown = await client
      .retrieve({ question: 'x', datasource: 'nope' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(EngineError);
    expect((unknown as EngineError).message).toContain('HTTP 404');
    const res = await fetch(`${served.url}/ask`, {
      method: 'POST',
      body: JSON.stringify({ question: 'q' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('role');
  });
});

describe('describe over the protocol', () => {
  it("serves GET /describe from the engine's describe(), and HttpEngine reads it back", async () => {
    expect(protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, DESCRIPTION)).toEqual([]);
    await expect(client.describe()).resolves.toEqual(DESCRIPTION);
  });

  it('an engine without describe() is a 404, which HttpEngine reports as unknown', async () => {
    const bare: Engine = { ask: (req) => engine.ask(req) };
    const servedBare = await serveEngine(bare);
    const res = await fetch(`${servedBare.url}/describe`);
    expect(res.status).toBe(404);
    const remote = new HttpEngine({ url: servedBare.url });
    const description = await remote.describe();
    expect(description).toMatchObject({ name: 'unknown', version: 'unknown' });
    expect(description.unavailable).toContain('HTTP 404');
    await remote.close();
    await servedBare.close();
  });

  it('refuses to serve a description that breaks the schema', async () => {
    const broken: Engine = {
      ask: (req) => engine.ask(req),
      describe: async () => ({ name: '', version: '1' }),
    };
    const servedBroken = await serveEngine(broken);
    const res = await fetch(`${servedBroken.url}/describe`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'not an EngineDescription',
    );
    await servedBroken.close();
  });
});
