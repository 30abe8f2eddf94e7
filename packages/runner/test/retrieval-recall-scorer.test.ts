import { CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { RetrieveResponse } from '@nl2sql/engine';
import { restrictedSqliteRunner } from '@nl2sql/runner-plugins';
import { type EvalCase, type EvalSuite, loadSuite } from '@nl2sql/suite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildRetrievalBoard,
  retrievalRecallScorer,
  routingScorer,
  type SelectionScoring,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';
import { SUITE } from './suite-fixture.js';

const c2 = SUITE.cases[1]!; // Genre, Track; Genre.Name, Track.GenreId

async function recall(tables_sent: string[], columns_sent: string[]) {
  return retrievalRecallScorer().score({
    kind: 'retrieve',
    mode: 'retrieval',
    case: c2,
    role: 'analyst',
    expected: 'allowed',
    response: { tables_sent, columns_sent },
  });
}

describe('retrievalRecallScorer', () => {
  it('scores needed tables and columns sent, and lists what was missed', async () => {
    const r = await recall(['Genre', 'Album'], ['genre.name', 'Album.Title']);
    expect(r?.pass).toBe(false);
    expect(r?.detail).toMatchObject({
      table_recall: 0.5,
      column_recall: 0.5,
      missed_tables: ['Track'],
      missed_columns: ['Track.GenreId'],
      tables_sent: ['Genre', 'Album'],
    });
    expect(r?.explanation).toBe('missed tables Track; missed columns Track.GenreId');
    // Without the schema, spec 003's figures are not scored.
    expect(r?.detail).not.toHaveProperty('element_recall');
  });

  it('reports precision@k beside recall: needed items among the distinct ones sent', async () => {
    // Genre needed, Album not; Genre.Name needed (sent twice, in two spellings), Album.Title not.
    const r = await recall(['Genre', 'Album'], ['genre.name', 'Genre.Name', 'Album.Title']);
    expect(r?.detail).toMatchObject({ table_precision: 0.5, column_precision: 0.5 });
    const exact = await recall(['Genre', 'Track'], ['Genre.Name', 'Track.GenreId']);
    expect(exact?.detail).toMatchObject({ table_precision: 1, column_precision: 1 });
    // Sending nothing never buys precision when something was needed.
    const none = await recall([], []);
    expect(none?.detail).toMatchObject({ table_precision: 0, column_precision: 0 });
  });

  it('passes with perfect recall, whatever else was sent', async () => {
    expect(
      (await recall(['Genre', 'Track', 'Album'], ['Genre.Name', 'Track.GenreId', 'Track.Name']))
        ?.pass,
    ).toBe(true);
  });
});

// Spec 003's figures on the real Chinook schema and data.
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;
let schema: DatabaseSchema;
let suite: EvalSuite;
let scoring: SelectionScoring;
beforeAll(async () => {
  if (noChinook) return;
  const ds = await openSqlite(chinook.path!);
  schema = await ds.introspect({ rowCounts: false });
  await ds.close();
  suite = await loadSuite(CHINOOK_SUITE_PATH);
  scoring = { schema, reference: restrictedSqliteRunner(chinook.path!, schema) };
});
const byId = (id: string): EvalCase => suite.cases.find((c) => c.id === id)!;

async function selectionScore(c: EvalCase, response: RetrieveResponse, with_ = scoring) {
  return (await retrievalRecallScorer(with_).score({
    kind: 'retrieve',
    mode: 'retrieval',
    case: c,
    role: 'admin',
    expected: 'allowed',
    response,
  }))!;
}

/** Exactly what a case needs: its tables, columns and the joins its gold plan uses. */
function exact(c: EvalCase, relationships: string[]): RetrieveResponse {
  return {
    tables_sent: [...c.tables],
    columns_sent: [...c.columns],
    relationships_sent: relationships,
    selection_status: 'ready',
  };
}

describe.skipIf(noChinook)('retrievalRecallScorer with the schema (spec 003)', () => {
  it('reads the joins of the gold plan, and a complete, ready selection runs the gold query to the gold rows', async () => {
    const c = byId('chinook_002'); // tracks per genre
    const r = await selectionScore(c, exact(c, ['Track(GenreId)->Genre(GenreId)']));
    expect(r.pass).toBe(true);
    expect(r.detail).toMatchObject({
      relationships_required: ['Track(GenreId)->Genre(GenreId)'],
      relationships_recall: 1,
      element_recall: 1,
      complete: true,
      selection_status: 'ready',
      expected_status: 'ready',
      status_as_expected: true,
      reference_query: { status: 'matched' },
    });
  });

  it('counts a missing join against relationships and element recall, and does not run an incomplete selection', async () => {
    const c = byId('chinook_002');
    const r = await selectionScore(c, exact(c, []));
    // Tables and columns are all there: the case still passes table and column recall.
    expect(r.pass).toBe(true);
    expect(r.detail).toMatchObject({
      relationships_recall: 0,
      missed_relationships: ['Track(GenreId)->Genre(GenreId)'],
      complete: false,
      reference_query: { status: 'not_run_incomplete_context' },
    });
    // Two tables, three columns, one join: five of six elements found.
    expect(r.detail.element_recall).toBeCloseTo(5 / 6, 10);
  });

  it('reports a state other than ready as not expected, and does not run the gold query', async () => {
    const c = byId('chinook_002');
    const r = await selectionScore(c, {
      ...exact(c, ['Track(GenreId)->Genre(GenreId)']),
      selection_status: 'ambiguous_path',
    });
    expect(r.detail).toMatchObject({
      status_as_expected: false,
      reference_query: { status: 'not_run_boundary_state' },
    });
    // An engine that reports no state is not counted either way.
    const silent = await selectionScore(c, { tables_sent: c.tables, columns_sent: c.columns });
    expect(silent.detail.status_as_expected).toBeNull();
  });

  it('runs the gold query on only what was sent, so a join key the case forgot fails there', async () => {
    const c = byId('chinook_002');
    // Sent names in another spelling still count; Genre.GenreId is left out of the copy.
    const r = await selectionScore(c, {
      tables_sent: ['genre', 'track'],
      columns_sent: ['genre.name', 'track.genreid', 'genre.genreid'],
      relationships_sent: ['track(genreid)->genre(genreid)'],
      selection_status: 'ready',
    });
    expect(r.detail).toMatchObject({ complete: true, reference_query: { status: 'matched' } });
    const without = await selectionScore(c, exact(c, ['Track(GenreId)->Genre(GenreId)']), {
      schema,
    });
    expect(without.detail).not.toHaveProperty('reference_query');
  });

  it('finds, for every Chinook case with a plan, only joins whose key columns the case already reads', async () => {
    let joins = 0;
    for (const c of suite.cases.filter((x) => x.plan)) {
      const r = await selectionScore(c, exact(c, []), { schema });
      const required = r.detail.relationships_required as string[];
      joins += required.length;
      for (const label of required) {
        for (const [, table, cols] of label.matchAll(/(\w+)\(([^)]*)\)/g)) {
          for (const col of (cols ?? '').split(',')) {
            expect(c.columns.map((x) => x.toLowerCase())).toContain(
              `${table}.${col}`.toLowerCase(),
            );
          }
        }
      }
    }
    expect(joins).toBeGreaterThan(30);
  });
});

describe('buildRetrievalBoard', () => {
  const run = (detail: Record<string, unknown>) =>
    caseResultOf('c', {
      scores: {
        retrieval_recall: { pass: true, lenient: true, explanation: null, detail },
      },
    });
  const base = {
    table_recall: 1,
    column_recall: 1,
    missed_tables: [],
    missed_columns: [],
    tables_sent: ['A'],
    columns_sent: ['A.x', 'A.y'],
  };

  it("averages spec 003's figures over the case runs that carry them", () => {
    const board = buildRetrievalBoard([
      run({
        ...base,
        relationships_recall: 1,
        element_recall: 1,
        complete: true,
        status_as_expected: true,
        reference_query: { status: 'matched' },
      }),
      run({
        ...base,
        relationships_recall: 0,
        element_recall: 0.5,
        complete: false,
        status_as_expected: false,
        reference_query: { status: 'not_run_boundary_state' },
      }),
    ]).retrieval;
    expect(board).toMatchObject({
      cases: 2,
      relationships_recall: 0.5,
      element_recall: 0.75,
      complete: { count: 1, total: 2, rate: 0.5 },
      reference_matches: { count: 1, total: 2, rate: 0.5 },
      boundary_as_expected: { count: 1, total: 2, rate: 0.5 },
    });
  });

  it('leaves them null when no case run carries them (an engine scored without the schema)', () => {
    expect(buildRetrievalBoard([run(base)]).retrieval).toMatchObject({
      relationships_recall: null,
      element_recall: null,
      complete: null,
      reference_matches: null,
      boundary_as_expected: null,
    });
  });
});

describe('routingScorer', () => {
  it('reads a ranking in retrieval mode and is silent without one', () => {
    const ranked = routingScorer().score({
      kind: 'retrieve',
      mode: 'retrieval',
      case: c2,
      role: null,
      expected: 'allowed',
      response: { tables_sent: [], columns_sent: [], datasources: ['support', 'chinook'] } as never,
    });
    expect(ranked).toMatchObject({ pass: false, detail: { rank: 2 } });
    const none = routingScorer().score({
      kind: 'retrieve',
      mode: 'retrieval',
      case: c2,
      role: null,
      expected: 'allowed',
      response: { tables_sent: [], columns_sent: [] },
    });
    expect(none).toBeNull();
  });
});
