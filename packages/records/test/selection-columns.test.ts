// The benchmarks page's retrieval table shows spec 003's selection figures where the records
// hold them: the five columns appear once a record of the series scored them, a dash stands
// in for an older record's missing figures, and a series of older records alone is unchanged.
import { describe, expect, it } from 'vitest';
import { type RunRecord, renderBenchmarksPage } from '../src/index.js';
import { fixture } from './fixture-records.js';

const SELECTION = [
  'Joins recall',
  'Element recall',
  'Complete strategy',
  'Reference SQL match',
  'State as expected',
];

/** The retrieval fixture as a later run that scored the selection (the Chinook figures). */
function scored(
  changes: Partial<Extract<RunRecord['metrics'], { retrieval: unknown }>['retrieval']> = {},
): RunRecord {
  const record = fixture('retrieval');
  if (!('retrieval' in record.metrics)) throw new Error('the fixture is a retrieval record');
  return {
    ...record,
    recorded_at: '2026-10-16T09:00:00Z',
    metrics: {
      retrieval: {
        ...record.metrics.retrieval,
        relationships_recall: 0.9693877551020408,
        element_recall: 0.9134353741496597,
        complete: { count: 86, total: 98, rate: 86 / 98 },
        reference_matches: { count: 85, total: 98, rate: 85 / 98 },
        boundary_as_expected: { count: 94, total: 98, rate: 94 / 98 },
        ...changes,
      },
    },
  };
}

/** The retrieval table's header and rows, as cells. */
function retrievalTable(page: string): string[][] {
  const section = page.slice(page.indexOf('## Mode retrieval'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) => line.slice(2, -2).split(' | '));
}

describe('the retrieval table and the selection figures', () => {
  it('a series of records without the figures keeps its columns', () => {
    const [header] = retrievalTable(renderBenchmarksPage([fixture('retrieval')]));
    for (const column of SELECTION) expect(header).not.toContain(column);
  });

  it('shows the five figures of a record that has them, and a dash for one that has not', () => {
    const rows = retrievalTable(renderBenchmarksPage([fixture('retrieval'), scored()]));
    const [header, older, newer] = rows as [string[], string[], string[]];
    const at = header.indexOf('Joins recall');
    expect(header.slice(at, at + 5)).toEqual(SELECTION);
    expect(header[at - 1]).toBe('Routing');
    expect(newer.slice(at, at + 5)).toEqual([
      '96.9%',
      '91.3%',
      '86 of 98 (87.8%)',
      '85 of 98 (86.7%)',
      '94 of 98 (95.9%)',
    ]);
    expect(older.slice(at, at + 5)).toEqual(['-', '-', '-', '-', '-']);
    for (const row of rows) expect(row).toHaveLength(header.length);
  });

  it('a record whose run scored none of them (null) shows dashes, not zeros', () => {
    const record = scored({ relationships_recall: null, complete: null });
    const [header, row] = retrievalTable(renderBenchmarksPage([record])) as [string[], string[]];
    const at = header.indexOf('Joins recall');
    expect(row.slice(at, at + 3)).toEqual(['-', '91.3%', '-']);
  });

  it('the page is the same on a second render (publish stays byte-identical)', () => {
    const records = [fixture('retrieval'), scored()];
    expect(renderBenchmarksPage(records)).toBe(renderBenchmarksPage(records));
  });
});
