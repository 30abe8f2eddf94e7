import { describe, expect, it } from 'vitest';
import { rowDiffByComparing } from '../src/row-diff.js';

// A re-executed result whose saved score has no detail is compared again, as the runner
// scores it: order up to the tie groups the case records.
describe('rowDiffByComparing', () => {
  const gold = {
    columns: ['gold_1', 'gold_2'],
    rows: [
      ['Ada', 7],
      ['Bob', 5],
      ['Cyd', 5],
    ],
  };
  const tied = {
    columns: ['name', 'papers'],
    rows: [
      ['Ada', 7],
      ['Cyd', 5],
      ['Bob', 5],
    ],
  };

  it('tied rows in another order are no difference when the case has tie groups', () => {
    expect(rowDiffByComparing([gold], tied, true).explanation).toContain('wrong order');
    expect(rowDiffByComparing([gold], tied, true, { groups: [1, 2] }).explanation).toBe(
      'strict: pass; lenient: pass',
    );
  });

  it('rows across groups still differ, and the group is named', () => {
    const across = {
      columns: ['name', 'papers'],
      rows: [tied.rows[1]!, tied.rows[0]!, tied.rows[2]!],
    };
    expect(rowDiffByComparing([gold], across, true, { groups: [1, 2] }).explanation).toContain(
      'row 1 (placed by the gold ORDER BY, no tie)',
    );
  });
});
