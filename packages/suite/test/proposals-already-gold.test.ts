import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AltSqlProposal,
  type EvalCase,
  type EvalSuite,
  proposalsAlreadyGold,
} from '../src/index.js';

const answerable = (id: string, sql: string, alts: string[] = []): EvalCase => ({
  id,
  question: `Question ${id}?`,
  datasource: 'db',
  source: 'hand',
  tags: ['single-table'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['t'],
  columns: [],
  sql,
  ...(alts.length > 0 ? { alt_sql: alts } : {}),
});

const proposal = (caseId: string, sql: string): AltSqlProposal => ({
  case_id: caseId,
  alt_sql: sql,
  reason: 'same rows',
  judge: 'fake:judge',
  proposed_at: '2026-12-01',
  roles: ['admin'],
});

const suiteOf = (...cases: EvalCase[]): EvalSuite => ({ name: 's', version: 1, cases });

describe('proposalsAlreadyGold', () => {
  it("finds proposals whose SQL is the case's sql or one of its alt_sql, with the labels as read", () => {
    const suite = suiteOf(
      answerable('a', 'SELECT 1 FROM t', ['SELECT 2 FROM t', 'SELECT 3 FROM t']),
      answerable('b', 'SELECT 4 FROM t'),
      { ...answerable('u', 'x'), sql: undefined, outcome: { admin: 'unanswerable' } },
    );
    const queue = {
      suite: 's',
      proposals: [
        proposal('a', 'SELECT 9 FROM t'),
        proposal('a', 'SELECT  3\nFROM t;'),
        proposal('b', 'SELECT 4 FROM t'),
        proposal('b', 'SELECT 2 FROM t'), // another case's alternative: not this one's
        proposal('u', 'x'),
        proposal('gone', 'SELECT 1 FROM t'),
      ],
    };
    expect(
      proposalsAlreadyGold(suite, queue).map((a) => [a.index, a.label, a.gold, a.proposal]),
    ).toEqual([
      [1, 'a#2', 'alt_sql[1]', queue.proposals[1]],
      [2, 'b#1', 'sql', queue.proposals[2]],
    ]);
  });

  it('recognises any reflowing of a gold (whitespace outside quotes, a final semicolon), and nothing else', () => {
    const word = fc.constantFrom('SELECT', 'a', 'FROM', 't', 'WHERE', 'x', '=', '1', "'p  q'");
    const gap = fc.stringMatching(/^[ \t\r\n]{1,3}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.array(gap, { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        fc.nat(2),
        (tokens, gaps, semicolon, where) => {
          const gold = tokens.join(' ');
          const golds = ['SELECT 0', 'SELECT 00', 'SELECT 000'];
          golds[where] = gold;
          const [sql, ...alts] = golds as [string, ...string[]];
          const reflowed = `${tokens.map((t, i) => `${t}${gaps[i]}`).join('')}${semicolon ? ';' : ''}`;
          const other = `${gold} x`;
          const found = proposalsAlreadyGold(suiteOf(answerable('c', sql, alts)), {
            suite: 's',
            proposals: [proposal('c', other), proposal('c', reflowed)],
          });
          expect(found.map((a) => [a.label, a.gold])).toEqual([
            ['c#2', where === 0 ? 'sql' : `alt_sql[${where - 1}]`],
          ]);
        },
      ),
    );
  });
});
