import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import { type DatabaseSchema, openSqlite } from '@nl2sql/datasource';
import { FakeLLMServer, LlmClient, LlmError, modelConfig, Secret } from '@nl2sql/llm';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEmbedder } from '../src/embedder.js';
import { SchemaRetriever } from '../src/schema-retriever.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let schema: DatabaseSchema;
let suite: EvalSuite;

beforeAll(async () => {
  if (noChinook) return;
  const ds = await openSqlite(chinook.path!);
  schema = await ds.introspect({ rowCounts: false });
  await ds.close();
  suite = await loadSuite(CHINOOK_SUITE_PATH);
});

const caseOf = (id: string) => {
  const c = suite.cases.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
};

describe.skipIf(noChinook)('SchemaRetriever on Chinook', () => {
  it('sends the whole schema without a search at or under fullSnapshotMaxTables', async () => {
    const { record, schema: sent } = await new SchemaRetriever(schema).retrieve('anything');
    expect(record.full_snapshot).toBe(true);
    expect(record.tables_sent).toHaveLength(11);
    expect(record.columns_sent).toHaveLength(
      schema.tables.reduce((n, t) => n + t.columns.length, 0),
    );
    expect(sent).toEqual(schema);
  });

  it.each(['chinook_001', 'chinook_002', 'chinook_003', 'chinook_004', 'chinook_010'])(
    'finds every table %s needs with k = 8 tables',
    async (id) => {
      const c = caseOf(id);
      const retriever = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
      const { record } = await retriever.retrieve(c.question);
      expect(record.full_snapshot).toBe(false);
      expect(record.tables_sent.length).toBeLessThanOrEqual(8);
      expect(record.tables_sent).toEqual(expect.arrayContaining(c.tables));
      // Every column sent belongs to a table sent.
      for (const col of record.columns_sent) {
        expect(record.tables_sent).toContain(col.slice(0, col.indexOf('.')));
      }
    },
  );

  it('sends only the picked columns of a table a column entry matched, all of the others', async () => {
    const retriever = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      kTables: 3,
      kColumns: 2,
    });
    const { record, schema: sent } = await retriever.retrieve('billing country of each invoice');
    const invoice = sent.tables.find((t) => t.name === 'Invoice');
    expect(invoice?.columns.map((c) => c.name)).toContain('BillingCountry');
    expect(invoice?.columns.length).toBeLessThan(9);
    expect(record.columns_sent).toContain('Invoice.BillingCountry');
    // A sent table no picked entry touched goes with all of its columns.
    const whole = sent.tables.filter(
      (t) => t.columns.length === schema.tables.find((x) => x.name === t.name)?.columns.length,
    );
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.map((t) => t.name)).not.toContain('Invoice');
  });

  it('never sends more than k tables, nor a column of a table it did not send', async () => {
    const words = [
      'track',
      'genre',
      'invoice',
      'total',
      'customer',
      'country',
      'album',
      'artist',
      'name',
      'year',
      'playlist',
      'media',
      'employee',
      'hired',
      'xyzzy',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...words), { maxLength: 8 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 20 }),
        async (query, kTables, kColumns) => {
          const retriever = new SchemaRetriever(schema, {
            fullSnapshotMaxTables: 0,
            kTables,
            kColumns,
          });
          const { record, schema: sent } = await retriever.retrieve(query.join(' '));
          expect(record.tables_sent).toHaveLength(kTables);
          expect(new Set(record.columns_sent).size).toBe(record.columns_sent.length);
          for (const c of record.columns_sent)
            expect(record.tables_sent).toContain(c.slice(0, c.indexOf('.')));
          for (const t of sent.tables) expect(t.columns.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is deterministic and honours a per-call fullSnapshotMaxTables', async () => {
    const retriever = new SchemaRetriever(schema);
    const a = await retriever.retrieve(caseOf('chinook_003').question, {
      fullSnapshotMaxTables: 0,
    });
    const b = await retriever.retrieve(caseOf('chinook_003').question, {
      fullSnapshotMaxTables: 0,
    });
    expect(a).toEqual(b);
    expect(a.record.full_snapshot).toBe(false);
  });

  it('uses descriptions in the index', async () => {
    const plain = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0, kTables: 1 });
    const described = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      kTables: 1,
      descriptions: {
        tables: { Employee: 'staff members and sales support agents, with hire dates' },
      },
    });
    const q = 'Which sales support agents were hired in 2003?';
    expect((await plain.retrieve(q)).record.tables_sent).not.toEqual(['Employee']);
    expect((await described.retrieve(q)).record.tables_sent).toEqual(['Employee']);
  });
});

describe.skipIf(noChinook)('SchemaRetriever with an embedder on the LLM client', () => {
  // A toy embedding: one axis for "people who work here", one for everything else.
  const vector = (text: string) =>
    /employee|staff|agent|hired/i.test(text) ? [1, 0.05] : [0.05, 1];
  const server = new FakeLLMServer({ embed: vector, usage: { input: 40 } });
  let client: LlmClient<'embedder'>;

  beforeAll(async () => {
    await server.start();
    const config = modelConfig('text-embedding-3-small', ['embedder']);
    config.providers.openai = {
      baseUrl: server.openaiUrl,
      apiKey: new Secret('sk-embed'),
      maxRetries: 0,
    };
    client = new LlmClient(config);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('finds a table BM25 alone misses, embeds the index once, and bills the calls that made it', async () => {
    const embedder = llmEmbedder(client, 'embedder', { batchSize: 16 });
    expect(embedder.model).toBe('openai:text-embedding-3-small');
    const q = caseOf('chinook_032').question; // "Which sales support agents were hired in 2003?"
    const lexical = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
    const plain = await lexical.retrieve(q);
    expect(plain.record.tables_sent).not.toContain('Employee');
    expect(plain.usage).toEqual([]);
    const dense = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0, embedder });
    server.reset();
    const first = await dense.retrieve(q);
    expect(first.record.tables_sent).toContain('Employee');
    const indexRequests = server.requests.length - 1;
    expect(indexRequests).toBe(Math.ceil(dense.entries.length / 16));
    // One usage record per request: the index batches, then the question.
    expect(first.usage).toHaveLength(indexRequests + 1);
    expect(first.usage.every((u) => u.node === 'embedder' && u.wire === 'embeddings')).toBe(true);
    server.reset();
    const again = await dense.retrieve(q);
    expect(server.requests).toHaveLength(1); // only the query
    expect(again.usage).toHaveLength(1);
  });

  it('reports a failing endpoint as a typed LlmError, and tries the index again next time', async () => {
    const config = modelConfig('text-embedding-3-small', ['embedder']);
    config.providers.openai = {
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: new Secret('sk-embed'),
      maxRetries: 0,
      timeoutMs: 500,
    };
    const broken = new LlmClient(config);
    const retriever = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      embedder: llmEmbedder(broken, 'embedder'),
    });
    const error = await retriever.retrieve('tracks').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).code).toBe('NETWORK');
    await expect(retriever.retrieve('tracks')).rejects.toBeInstanceOf(LlmError);
    await broken.close();
  });
});
