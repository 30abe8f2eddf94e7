import { describe, expect, it } from 'vitest';
import { type AltSqlProposal, proposalLabels, selectProposal } from '../src/index.js';

const p = (caseId: string, sql: string): AltSqlProposal => ({
  case_id: caseId,
  alt_sql: sql,
  reason: 'r',
  judge: 'j',
  proposed_at: '2026-11-30',
  roles: ['admin'],
});
const queue = {
  suite: 's',
  proposals: [p('c1', 'SELECT 1'), p('c2', 'SELECT 2'), p('c1', 'SELECT 3'), p('a#1', 'SELECT 4')],
};

describe('proposal labels', () => {
  it('number each case’s proposals from 1 in queue order', () => {
    expect(proposalLabels(queue)).toEqual(['c1#1', 'c2#1', 'c1#2', 'a#1#1']);
  });

  it('select by label, or by case id when the case has one proposal', () => {
    expect(selectProposal(queue, 'c1#2')).toEqual({ index: 2 });
    expect(selectProposal(queue, 'c2')).toEqual({ index: 1 });
    expect(selectProposal(queue, 'a#1')).toEqual({ index: 3 });
  });

  it('refuse a case with several proposals, and what names none', () => {
    expect(selectProposal(queue, 'c1')).toEqual({
      problem: 'ambiguous',
      choices: ['c1#1', 'c1#2'],
    });
    expect(selectProposal(queue, 'c1#3')).toEqual({ problem: 'unknown', choices: [] });
    expect(selectProposal(queue, 'c9')).toEqual({ problem: 'unknown', choices: [] });
  });
});
