import { CHINOOK_POLICIES, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { FakeLLMServer, LlmClient, LlmError, modelConfig, Secret } from '@nl2sql/llm';
import { type EvalSuite, loadSuite } from '@nl2sql/suite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEmbedder } from '../src/embedder.js';
import { retrievalScope } from '../src/role-scope.js';
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

const WORDS = [
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
  'billing',
  'support',
  'xyzzy',
];
const ROLES = ['admin', 'sales', 'catalog'] as const;
const scopeOf = (role: string) => retrievalScope(CHINOOK_POLICIES, role, schema);
const tableOf = (key: string) => key.slice(0, key.indexOf('.'));

describe.skipIf(noChinook)('SchemaRetriever on Chinook', () => {
  it('sends the whole readable schema, with every join the role may use, at or under fullSnapshotMaxTables', async () => {
    const retriever = new SchemaRetriever(schema);
    const { record, schema: sent, selection } = await retriever.retrieve('anything');
    expect(record.full_snapshot).toBe(true);
    expect(record.selection_status).toBe('ready');
    expect(record.tables_sent).toEqual(schema.tables.map((t) => t.name));
    expect(record.columns_sent).toHaveLength(
      schema.tables.reduce((n, t) => n + t.columns.length, 0),
    );
    // Every foreign key is sent, the self-reference (Employee.ReportsTo) included.
    const fks = (s: typeof schema) =>
      s.tables
        .flatMap((t) =>
          (t.foreignKeys ?? []).map(
            (fk) => `${t.name}(${fk.columns})->${fk.referencedTable}(${fk.referencedColumns})`,
          ),
        )
        .sort();
    expect(fks(sent)).toEqual(fks(schema));
    expect(selection.relationships).toHaveLength(fks(schema).length);

    const catalog = await retriever.retrieve('anything', { scope: scopeOf('catalog') });
    expect(catalog.record.tables_sent).toEqual(
      schema.tables.map((t) => t.name).filter((t) => scopeOf('catalog')?.tables?.includes(t)),
    );
    expect(catalog.record.relationships_sent?.join(' ')).not.toMatch(/Invoice|Customer|Employee/);
  });

  it.each(['chinook_002', 'chinook_003', 'chinook_010'])(
    'finds every table and column %s needs, and joins them',
    async (id) => {
      const c = caseOf(id);
      const retriever = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
      const { record } = await retriever.retrieve(c.question, { scope: scopeOf('admin') });
      expect(record.full_snapshot).toBe(false);
      expect(record.selection_status).toBe('ready');
      expect(record.tables_sent).toEqual(expect.arrayContaining(c.tables));
      expect(record.columns_sent).toEqual(expect.arrayContaining(c.columns));
    },
  );

  it('adds a bridge table with its key columns only, and the joins through it', async () => {
    const retriever = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0, kColumns: 2 });
    // Artist and Playlist match by name (Album and PlaylistTrack through their joins); only
    // Track connects the two sides.
    const { record, schema: sent, selection } = await retriever.retrieve('artists and playlists');
    expect(record.selection_status).toBe('ready');
    expect(record.tables_sent).toEqual(['Album', 'Artist', 'Playlist', 'PlaylistTrack', 'Track']);
    expect(selection.paths.flatMap((p) => p.bridges)).toEqual(['Track']);
    expect(sent.tables.find((t) => t.name === 'Track')?.columns.map((c) => c.name)).toEqual([
      'TrackId',
      'AlbumId',
    ]);
    expect(record.relationships_sent).toEqual([
      'Album(ArtistId)->Artist(ArtistId)',
      'PlaylistTrack(PlaylistId)->Playlist(PlaylistId)',
      'PlaylistTrack(TrackId)->Track(TrackId)',
      'Track(AlbumId)->Album(AlbumId)',
    ]);
    // The planner is shown exactly those joins as foreign keys.
    expect(
      sent.tables.flatMap((t) =>
        (t.foreignKeys ?? []).map((fk) => `${t.name}->${fk.referencedTable}`),
      ),
    ).toEqual(['Album->Artist', 'PlaylistTrack->Playlist', 'PlaylistTrack->Track', 'Track->Album']);
  });

  it('sends nothing, in state no_candidates, when nothing the role may read matches', async () => {
    const retriever = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
    const none = await retriever.retrieve('xyzzy plugh');
    expect(none.record).toMatchObject({
      tables_sent: [],
      columns_sent: [],
      relationships_sent: [],
      selection_status: 'no_candidates',
    });
    // Customers exist, but not for the catalog role: its index has no such entry.
    const denied = await retriever.retrieve('customer', { scope: scopeOf('catalog') });
    expect(denied.record.selection_status).toBe('no_candidates');
    expect(denied.record.tables_sent).toEqual([]);
  });

  it('never sends a table or column outside the role, and never as a join key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }),
        fc.constantFrom(...ROLES),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 20 }),
        async (query, role, kTables, kColumns) => {
          const retriever = new SchemaRetriever(schema, {
            fullSnapshotMaxTables: 0,
            kTables,
            kColumns,
          });
          const scope = scopeOf(role);
          const { record, selection } = await retriever.retrieve(query.join(' '), {
            ...(scope ? { scope } : {}),
          });
          const allowed = new Set(scope?.tables ?? []);
          for (const t of record.tables_sent) expect(allowed.has(t)).toBe(true);
          for (const r of record.relationships_sent ?? []) {
            for (const t of r.match(/\w+(?=\()/g) ?? []) expect(allowed.has(t)).toBe(true);
          }
          expect(new Set(record.columns_sent).size).toBe(record.columns_sent.length);
          for (const c of record.columns_sent) expect(record.tables_sent).toContain(tableOf(c));
          // A bridge brings the key columns of the joins sent, nothing else.
          const keys = new Set(
            (record.relationships_sent ?? []).flatMap((r) =>
              [...r.matchAll(/(\w+)\(([^)]*)\)/g)].flatMap((m) =>
                (m[2] ?? '').split(',').map((c) => `${m[1]}.${c}`),
              ),
            ),
          );
          for (const bridge of selection.paths.flatMap((p) => p.bridges)) {
            for (const c of record.columns_sent.filter((k) => tableOf(k) === bridge)) {
              expect(keys.has(c)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 80 },
    );
    // A denied column is not sent, and a join needing it is refused, not rerouted.
    const scope = { deniedColumns: ['Track.GenreId'] };
    const retriever = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
    const { record, selection } = await retriever.retrieve('tracks per genre', { scope });
    expect(record.columns_sent).not.toContain('Track.GenreId');
    expect(record.selection_status).toBe('no_authorized_path');
    expect(selection.problems).toEqual([
      expect.objectContaining({ kind: 'no_authorized_path', reason: 'denied' }),
    ]);
  });

  it("ranks a role's question as if the tables it may not read did not exist", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('sales', 'catalog'),
        async (query, role) => {
          const scope = scopeOf(role);
          const whole = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
          const readable = {
            tables: schema.tables
              .filter((t) => scope?.tables?.includes(t.name))
              .map((t) => ({
                ...t,
                foreignKeys: (t.foreignKeys ?? []).filter((fk) =>
                  scope?.tables?.includes(fk.referencedTable),
                ),
              })),
          };
          const alone = new SchemaRetriever(readable, { fullSnapshotMaxTables: 0 });
          const q = query.join(' ');
          const scoped = await whole.retrieve(q, { ...(scope ? { scope } : {}) });
          expect(scoped.record).toEqual((await alone.retrieve(q)).record);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with tableColumns matched, chooses the same tables and sends a subset of their columns', async () => {
    const all = new SchemaRetriever(schema, { fullSnapshotMaxTables: 0 });
    const matched = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      tableColumns: 'matched',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
        async (query) => {
          const a = (await all.retrieve(query.join(' '))).record;
          const m = (await matched.retrieve(query.join(' '))).record;
          expect(m.tables_sent).toEqual(a.tables_sent);
          expect(m.relationships_sent).toEqual(a.relationships_sent);
          for (const c of m.columns_sent) expect(a.columns_sent).toContain(c);
        },
      ),
      { numRuns: 60 },
    );
    const { record } = await matched.retrieve('genre');
    // Genre is sent with its name and key; Track, reached by the matched join, with its keys.
    expect(record.columns_sent).toEqual(['Genre.GenreId', 'Genre.Name', 'Track.GenreId']);
  });

  it('without path completion sends the candidates only (the baseline spec 003 compares)', async () => {
    const q = 'artists and playlists';
    const plain = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      kColumns: 2,
      pathCompletion: false,
    });
    const { record } = await plain.retrieve(q);
    expect(record.tables_sent).not.toContain('Track');
    expect(record.relationships_sent?.some((r) => r.includes('Track'))).toBe(false);
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
    const q = 'Which staff were hired in 2003?';
    expect((await plain.retrieve(q)).record.tables_sent).not.toContain('Employee');
    expect((await described.retrieve(q)).record.tables_sent).toContain('Employee');
  });

  it('retrieves a question asked in Chinese against Chinese descriptions (CJK bigrams)', async () => {
    const retriever = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      descriptions: {
        tables: { Genre: '音乐流派', Track: '曲目：歌曲及其时长' },
        columns: { 'Genre.Name': '流派名称' },
      },
    });
    const { record } = await retriever.retrieve('每个音乐流派有多少首曲目？');
    expect(record.selection_status).toBe('ready');
    expect(record.tables_sent).toEqual(expect.arrayContaining(['Genre', 'Track']));
    expect(record.relationships_sent).toContain('Track(GenreId)->Genre(GenreId)');
  });

  it('completes paths over declared relationships and refuses a misspelt declaration at construction', async () => {
    // Unapproving Track -> Genre leaves genres unjoinable to tracks.
    const retriever = new SchemaRetriever(schema, {
      fullSnapshotMaxTables: 0,
      relationships: [{ relationship: 'Track(GenreId)->Genre(GenreId)', approved: false }],
    });
    const { record, selection } = await retriever.retrieve('tracks per genre');
    expect(record.selection_status).toBe('no_authorized_path');
    expect(selection.problems[0]?.reason).toBe('unapproved');
    expect(
      () =>
        new SchemaRetriever(schema, {
          relationships: [{ relationship: 'Track(GenreID)->Genre(Nope)', approved: true }],
        }),
    ).toThrow(/Nope/);
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
    const q = 'Which staff were hired in 2003?'; // no schema word: BM25 finds nothing
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
