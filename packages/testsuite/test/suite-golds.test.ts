import type { EvalCase } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { suiteGolds } from '../src/index.js';

const c = (id: string, extra: Partial<EvalCase>): EvalCase => ({
  id,
  question: `question ${id}`,
  datasource: 'shop',
  source: 'hand',
  tags: [],
  order_matters: false,
  outcome: { analyst: 'allowed' },
  tables: ['orders'],
  columns: [],
  sql: `SELECT ${id.length}`,
  ...extra,
});

describe('suiteGolds', () => {
  it('takes approved answerable cases, a case without approved counting as approved', () => {
    const suite = {
      name: 's',
      version: 1 as const,
      cases: [
        c('unsaid', {}),
        c('draft', { approved: false }),
        c('yes', { approved: true }),
        c('none', { approved: true, sql: undefined }),
      ],
    };
    expect(suiteGolds(JSON.parse(JSON.stringify(suite))).map((g) => g.id)).toEqual([
      'unsaid',
      'yes',
    ]);
  });
});
