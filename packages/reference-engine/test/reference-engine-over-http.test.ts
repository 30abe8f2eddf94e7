// The reference engine behind the protocol's server, read back by the protocol's client:
// what a service in another language must match, shown on the system this repo ships.
import { readFile } from 'node:fs/promises';
import { chinookForTests } from '@nl2sql/datasets';
import {
  type AskTrace,
  ENGINE_DESCRIPTION_JSON_SCHEMA,
  EngineError,
  GENERIC_REFUSAL,
  HttpEngine,
  protocolErrors,
  type ServedEngine,
  serveEngine,
} from '@nl2sql/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChinookRig, chinookRig } from './chinook-fixture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let rig: ChinookRig;
let served: ServedEngine;
let client: HttpEngine;

beforeAll(async () => {
  if (noChinook) return;
  rig = await chinookRig();
  served = await serveEngine(rig.engine());
  client = new HttpEngine({ url: served.url, timeoutMs: 10_000 });
});
afterAll(async () => {
  if (noChinook) return;
  await client.close();
  await served.close();
  await rig.close();
});

describe.skipIf(noChinook)('the reference engine over HTTP', () => {
  it("carries the reference engine's replies unchanged and schema-valid", async () => {
    const question = 'What are the top 5 genres by number of tracks?';
    const direct = await rig.engine().ask({ question, role: 'admin' });
    const remote = await client.ask({ question, role: 'admin' });
    expect(remote.status).toBe('success');
    expect(remote.results).toEqual(direct.results);
    expect(remote.sql).toBe(direct.sql);
    expect((remote.trace as AskTrace).retrieval).toEqual((direct.trace as AskTrace).retrieval);
    expect(remote.usage.map((u) => u.node)).toEqual(direct.usage.map((u) => u.node));
  });

  it('carries refusals and unanswerable questions', async () => {
    const refused = await client.ask({
      question: 'How many customers are there in each country?',
      role: 'catalog',
    });
    expect(refused.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    const unanswerable = await client.ask({
      question: 'What is the profit margin on each album?',
      role: 'admin',
    });
    expect(unanswerable.error?.code).toBe('QUESTION_NOT_ANSWERABLE');
  });

  it('serves retrieval and rejects malformed requests with 4xx', async () => {
    const sent = await client.retrieve({
      question: 'tracks per genre',
      datasource: 'chinook',
      role: 'catalog',
      fullSnapshotMaxTables: 0,
    });
    expect(sent.tables_sent).toEqual(expect.arrayContaining(['Genre', 'Track']));
    expect(sent.selection_status).toBe('ready');
    expect(sent.relationships_sent).toContain('Track(GenreId)->Genre(GenreId)');
    // Under an access policy a retrieve without a role has no scope to apply: refused.
    const roleless = await client
      .retrieve({ question: 'tracks per genre', datasource: 'chinook' })
      .catch((e: unknown) => e);
    expect(roleless).toBeInstanceOf(EngineError);
    expect((roleless as EngineError).message).toContain('needs a role');
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

describe.skipIf(noChinook)('describe over the protocol', () => {
  it("serves GET /describe from the engine's describe(), and HttpEngine reads it back", async () => {
    const direct = await rig.engine({ retrieval: { kTables: 5 } }).describe();
    const manifest = JSON.parse(
      await readFile(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { name: string; version: string };
    expect(direct.name).toBe('@nl2sql/reference-engine');
    expect(direct.version).toBe(manifest.version);
    expect(direct.models?.planner).toBe('openai:gpt-5.4');
    expect(direct.settings).toMatchObject({
      retrieval: { kTables: 5, kColumns: 12, fullSnapshotMaxTables: 15, embedder: null },
      maxRows: 1000,
      useCurated: false,
      datasources: ['chinook'],
    });
    expect(protocolErrors(ENGINE_DESCRIPTION_JSON_SCHEMA, direct)).toEqual([]);

    const servedK5 = await serveEngine(rig.engine({ retrieval: { kTables: 5 } }));
    const remote = new HttpEngine({ url: servedK5.url });
    await expect(remote.describe()).resolves.toEqual(direct);
    await remote.close();
    await servedK5.close();
  });
});
