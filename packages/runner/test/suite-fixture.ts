import type { EvalCase, EvalSuite } from '@nl2sql/suite';

function kase(id: string, extra: Partial<EvalCase>): EvalCase {
  return {
    id,
    question: `question ${id}?`,
    datasource: 'chinook',
    source: 'hand',
    approved: true,
    tags: ['single-table'],
    order_matters: false,
    outcome: { analyst: 'allowed', support: 'allowed' },
    tables: ['Artist'],
    columns: ['Artist.Name'],
    sql: 'SELECT Name FROM Artist',
    rows: [['AC/DC'], ['Accept']],
    ...extra,
  };
}

/** Five approved cases and one unapproved: allowed, refused for one role, unanswerable. */
export const SUITE: EvalSuite = {
  name: 'mini',
  version: 1,
  cases: [
    kase('c1', {}),
    kase('c2', {
      rows: [[1, 'Rock', 12.5]],
      tables: ['Genre', 'Track'],
      columns: ['Genre.Name', 'Track.GenreId'],
    }),
    kase('c3', {
      outcome: { analyst: 'allowed', support: 'refused' },
      tags: ['rbac-denial'],
      tables: ['Invoice'],
      columns: ['Invoice.Total'],
      rows: [[523.06]],
    }),
    kase('c4', {
      sql: undefined,
      rows: undefined,
      outcome: { analyst: 'unanswerable', support: 'unanswerable' },
      tags: ['unanswerable'],
      tables: [],
      columns: [],
    }),
    kase('c5', { rows: [['2009', 449.46]], alt_rows: [[['2009-01-01', 449.46]]], tags: ['date'] }),
    kase('c6', { approved: false }),
  ],
};
