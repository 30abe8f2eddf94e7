import { describe, expect, it } from 'vitest';
import { retrievalRecallScorer, routingScorer } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

const c2 = SUITE.cases[1]!; // Genre, Track; Genre.Name, Track.GenreId

function recall(tables_sent: string[], columns_sent: string[]) {
  const r = retrievalRecallScorer().score({
    kind: 'retrieve',
    mode: 'retrieval',
    case: c2,
    role: 'analyst',
    expected: 'allowed',
    response: { tables_sent, columns_sent },
  });
  if (r instanceof Promise) throw new Error('sync');
  return r;
}

describe('retrievalRecallScorer', () => {
  it('scores needed tables and columns sent, and lists what was missed', () => {
    const r = recall(['Genre', 'Album'], ['genre.name', 'Album.Title']);
    expect(r?.pass).toBe(false);
    expect(r?.detail).toMatchObject({
      table_recall: 0.5,
      column_recall: 0.5,
      missed_tables: ['Track'],
      missed_columns: ['Track.GenreId'],
      tables_sent: ['Genre', 'Album'],
    });
    expect(r?.explanation).toBe('missed tables Track; missed columns Track.GenreId');
  });

  it('passes with perfect recall, whatever else was sent', () => {
    expect(
      recall(['Genre', 'Track', 'Album'], ['Genre.Name', 'Track.GenreId', 'Track.Name'])?.pass,
    ).toBe(true);
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
